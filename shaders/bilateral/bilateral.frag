#version 300 es
// Edge-preserving smoothing (src/engine/stages/bilateral.ts): a separable bilateral filter, `horizontal`
// into a float texture, then `main` down the columns. Each neighbour weighs its spatial gaussian weight
// times exp(-|colour difference|^2 / 2 sigma_r^2), the difference taken against the pass's centre pixel.
precision highp float;
precision highp int;

layout(std140) uniform Params {
  vec4 taps[8];
  int tapCount;
  float rangeScale;
};

uniform highp sampler2D input0;
out vec4 outColor;

vec4 sum;
float total;

// Adds neighbour q's share: its spatial weight times the range weight of its colour distance. The
// squared distance is the mean over r, g, b, so a grey step of d counts as d.
void accumulate(ivec2 q, vec4 centre, float spatial) {
  vec4 value = texelFetch(input0, clamp(q, ivec2(0), textureSize(input0, 0) - 1), 0);
  vec3 d = value.rgb - centre.rgb;
  float w = spatial * exp(-dot(d, d) * rangeScale);
  sum += w * value;
  total += w;
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(ENTRY_horizontal)
  ivec2 direction = ivec2(1, 0);
#else
  ivec2 direction = ivec2(0, 1);
#endif
  vec4 centre = texelFetch(input0, p, 0);
  sum = centre;
  total = 1.0;
  for (int i = 1; i < tapCount; i++) {
    ivec2 offset = direction * int(taps[i].x);
    accumulate(p + offset, centre, taps[i].y);
    accumulate(p - offset, centre, taps[i].y);
  }
  outColor = sum / total;
}
