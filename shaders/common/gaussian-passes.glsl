// The separable gaussian's passes and its read-back, shared by blur, sharpen and smart-blur: blurred() for
// each stage's main, and gaussianPass() for the entries down, blurH and blurV (GAUSSIAN_PASS is defined
// when the program is one of them). Included after a stage's uniform block (with the gaussian fields of
// src/engine/stages/gaussian-pass-plan.ts) and its input0.
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

// The blurred image at full-resolution pixel p, from the rows pass or the low-resolution blur.
vec4 blurred(highp sampler2D source, ivec2 p) {
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
