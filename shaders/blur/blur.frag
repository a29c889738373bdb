#version 300 es
// Gaussian blur (src/engine/stages/blur.ts). Full resolution: blurH, then main blurs the columns.
// Wide or downsampled: down, blurH, blurV at low resolution, then main reads it back bilinearly.
precision highp float;
precision highp int;

layout(std140) uniform Params {
  vec4 taps[8];
  int tapCount;
  int downSamples;
  float margin;
  vec2 lowScale;
  vec2 lowSize;
  vec2 targetSize;
  int blurColumns;
  vec2 lowOrigin;
};

uniform highp sampler2D input0;
out vec4 outColor;

#include "../common/gaussian-passes.glsl"

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(GAUSSIAN_PASS)
  outColor = gaussianPass(p);
#else
  outColor = blurred(input0, p);
#endif
}
