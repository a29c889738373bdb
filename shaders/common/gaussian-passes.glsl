// The separable gaussian's passes and its read-back, shared by blur, sharpen and smart-blur: blurred() for
// each stage's main, and gaussianPass() for the entries down, blurH and blurV (GAUSSIAN_PASS is defined
// when the program is one of them). Included after a stage's uniform block (with the gaussian fields of
// src/engine/stages/gaussian-plan.ts) and its input0.
#include "gaussian.glsl"

// One 1-D gaussian pass along `direction`: the centre tap, then the bilinear pairs.
vec4 blur1D(highp sampler2D source, ivec2 p, vec2 direction) {
  vec2 size = vec2(textureSize(source, 0));
  vec2 uv = (vec2(p) + 0.5) / size;
  vec4 sum = taps[0].y * textureLod(source, uv, 0.0);
  for (int i = 1; i < tapCount; i++) {
    sum += taps[i].y * gaussianPair(source, uv, direction * taps[i].x / size);
  }
  return sum;
}

// One row of the 2-D gaussian, `dy` (in uv) from uv: the centre tap, then the bilinear pairs along x.
vec4 blurRow(highp sampler2D source, vec2 uv, float dy, vec2 size) {
  vec2 centre = uv + vec2(0.0, dy);
  vec4 sum = taps[0].y * textureLod(source, centre, 0.0);
  for (int i = 1; i < tapCount; i++) {
    sum += taps[i].y * gaussianPair(source, centre, vec2(taps[i].x / size.x, 0.0));
  }
  return sum;
}

// The 2-D gaussian in one pass, for small sigmas: rows of taps at the centre and at each pair's offsets.
// Bilinear reads are separable, so a read at (x, y) offsets weighs the four texels it blends as the two
// passes would.
vec4 blur2D(highp sampler2D source, ivec2 p) {
  vec2 size = vec2(textureSize(source, 0));
  vec2 uv = (vec2(p) + 0.5) / size;
  vec4 sum = taps[0].y * blurRow(source, uv, 0.0, size);
  for (int j = 1; j < tapCount; j++) {
    float dy = taps[j].x / size.y;
    sum += taps[j].y * (blurRow(source, uv, dy, size) + blurRow(source, uv, -dy, size));
  }
  return sum;
}

// The blurred image at full-resolution pixel p: blurred here from the input (small sigmas), from the rows
// pass, or read back from the low-resolution blur.
vec4 blurred(highp sampler2D source, ivec2 p) {
  if (blurColumns == 2) return blur2D(source, p);
  if (blurColumns == 1) return blur1D(source, p, vec2(0.0, 1.0));
  return gaussianUp(source, p, targetSize, lowSize, margin, lowOrigin);
}

#if defined(ENTRY_down) || defined(ENTRY_blurH) || defined(ENTRY_blurV)
#define GAUSSIAN_PASS
vec4 gaussianPass(ivec2 p) {
#if defined(ENTRY_down)
  return gaussianDown(input0, p, lowScale, margin, downSamples, lowOrigin);
#elif defined(ENTRY_blurH)
  return blur1D(input0, p, vec2(1.0, 0.0));
#else
  return blur1D(input0, p, vec2(0.0, 1.0));
#endif
}
#endif
