// Edge-preserving smoothing (src/engine/stages/bilateral.ts): a separable bilateral filter, `horizontal`
// along the rows, then `main` down the columns of that. Each neighbour weighs its spatial gaussian weight
// times exp(-|colour difference|^2 / 2 sigma_r^2), the difference taken against the pass's centre pixel.

uniform highp sampler2D input0;
out vec4 outColor;

// Range weight of a neighbour: exp(-|d|^2 / 3 / 2 sigma_r^2), the mean over r, g, b of the squared
// difference (a grey step of d counts as d), folded into rangeScale.
float rangeWeight(vec4 value, vec4 centre) {
  vec3 d = value.rgb - centre.rgb;
  return exp(-dot(d, d) * rangeScale);
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(ENTRY_horizontal)
  ivec2 direction = ivec2(1, 0);
#else
  ivec2 direction = ivec2(0, 1);
#endif
  ivec2 last = textureSize(input0, 0) - 1;
  vec4 centre = texelFetch(input0, p, 0);
  vec4 sum = centre;
  float total = 1.0;
  for (int i = 1; i < tapCount; i++) {
    ivec2 offset = direction * int(taps[i].x);
    vec4 ahead = texelFetch(input0, min(p + offset, last), 0);
    vec4 behind = texelFetch(input0, max(p - offset, ivec2(0)), 0);
    float wAhead = taps[i].y * rangeWeight(ahead, centre);
    float wBehind = taps[i].y * rangeWeight(behind, centre);
    sum += wAhead * ahead + wBehind * behind;
    total += wAhead + wBehind;
  }
  outColor = sum / total;
}
