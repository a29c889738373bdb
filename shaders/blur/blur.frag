#version 300 es
// Gaussian blur (src/engine/stages/blur.ts). Full resolution: blurH into a float texture, blurV out.
// Wide or downsampled: down, blurH, blurVFloat at low resolution, then main reads it back bilinearly.
precision highp float;
precision highp int;

#include "../common/gaussian.glsl"

layout(std140) uniform Params {
  vec4 taps[8];
  int tapCount;
  int downSamples;
  float margin;
  vec2 lowScale;
  vec2 lowSize;
  vec2 targetSize;
};

uniform highp sampler2D input0;
out vec4 outColor;

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(ENTRY_down)
  outColor = gaussianDown(input0, p, lowScale, margin, downSamples);
#elif defined(ENTRY_blurH)
  outColor = gaussian1D(input0, p, vec2(1.0, 0.0), taps, tapCount);
#elif defined(ENTRY_blurV) || defined(ENTRY_blurVFloat)
  outColor = gaussian1D(input0, p, vec2(0.0, 1.0), taps, tapCount);
#else
  outColor = gaussianUp(input0, p, targetSize, lowSize, margin);
#endif
}
