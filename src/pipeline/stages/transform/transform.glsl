// Crop, quarter turns, flips and straightening (stages/transform.ts): each output pixel reads the input
// where an affine map sends its centre. One sample a side: the Catmull-Rom cubic of the 4 x 4 input
// pixels around that point. More (a reduction): the mean of n x n bilinear samples over the pixel's
// footprint. Positions past the edge read the edge pixels.

uniform highp sampler2D input0;
out vec4 outColor;

vec4 texel(ivec2 p, ivec2 inSize) {
  return texelFetch(input0, clamp(p, ivec2(0), inSize - 1), 0);
}

// Where an output position (pixel centres at i + 0.5) reads the input.
vec2 mapped(vec2 p) {
  return vec2(dot(rowX, vec3(p, 1.0)), dot(rowY, vec3(p, 1.0)));
}

#include "/shaders/common/cubic.glsl"

vec4 cubic(vec2 at, ivec2 inSize) {
  return cubicAt(at - 0.5, inSize);
}

vec4 bilinear(vec2 at, ivec2 inSize) {
  vec2 centre = at - 0.5;
  vec2 base = floor(centre);
  vec2 t = centre - base;
  ivec2 p = ivec2(base);
  vec4 top = mix(texel(p, inSize), texel(p + ivec2(1, 0), inSize), t.x);
  vec4 bottom = mix(texel(p + ivec2(0, 1), inSize), texel(p + ivec2(1, 1), inSize), t.x);
  return mix(top, bottom, t.y);
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  ivec2 inSize = textureSize(input0, 0);
  int n = samples;
  if (n <= 1) {
    outColor = cubic(mapped(vec2(p) + 0.5), inSize);
    return;
  }
  vec4 sum = vec4(0.0);
  for (int j = 0; j < n; j++) {
    for (int i = 0; i < n; i++) {
      sum += bilinear(mapped(vec2(p) + (vec2(float(i), float(j)) + 0.5) / float(n)), inSize);
    }
  }
  outColor = sum / float(n * n);
}
