// Gaussian blur (src/engine/stages/blur.ts). Full resolution: blurH, then main blurs the columns.
// Wide or downsampled: down, blurH, blurV at low resolution, then main reads it back bilinearly.

uniform highp sampler2D input0;
out vec4 outColor;

#include "/shaders/common/gaussian-passes.glsl"

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(GAUSSIAN_PASS)
  outColor = gaussianPass(p);
#else
  outColor = blurred(input0, p);
#endif
}
