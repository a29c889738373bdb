#version 300 es
// Unsharp mask (src/engine/stages/sharpen.ts): out = in + strength * (in - gaussian(in)), clamped.
// Full resolution: blurH into a float texture, then blurVSharpen blurs the columns and combines.
// Wide radius: down, blurH, blurVFloat at low resolution, then main reads it back and combines.
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
  float strength;
};

uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

vec4 unsharp(vec4 source, vec4 blurred) {
  vec3 rgb = source.rgb + strength * (source.rgb - blurred.rgb);
  return vec4(clamp(rgb, vec3(0.0), vec3(1.0)), source.a);
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(ENTRY_down)
  outColor = gaussianDown(input0, p, lowScale, margin, downSamples);
#elif defined(ENTRY_blurH)
  outColor = gaussian1D(input0, p, vec2(1.0, 0.0), taps, tapCount);
#elif defined(ENTRY_blurVFloat)
  outColor = gaussian1D(input0, p, vec2(0.0, 1.0), taps, tapCount);
#elif defined(ENTRY_blurVSharpen)
  // input0: the rows blurred at full resolution; input1: the image.
  vec4 blurred = gaussian1D(input0, p, vec2(0.0, 1.0), taps, tapCount);
  outColor = unsharp(texelFetch(input1, p, 0), blurred);
#else
  // input0: the image; input1: the low-resolution blur.
  vec4 blurred = gaussianUp(input1, p, targetSize, lowSize, margin);
  outColor = unsharp(texelFetch(input0, p, 0), blurred);
#endif
}
