#version 300 es
// Unsharp mask (src/engine/stages/sharpen.ts): out = in + strength * (in - gaussian(in)), clamped.
// Full resolution: blurH, then main blurs the columns and combines. Wide radius: down, blurH, blurV at low
// resolution, then main reads it back bilinearly and combines.
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
  float strength;
};

uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

#include "../common/gaussian-passes.glsl"

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(GAUSSIAN_PASS)
  outColor = gaussianPass(p);
#else
  // input0: the image; input1: the blur (rows, or low resolution).
  vec4 source = texelFetch(input0, p, 0);
  vec3 rgb = source.rgb + strength * (source.rgb - blurred(input1, p).rgb);
  outColor = vec4(clamp(rgb, vec3(0.0), vec3(1.0)), source.a);
#endif
}
