#version 300 es
// Unsharp mask (src/engine/stages/sharpen.ts): out = in + strength * (in - gaussian(in)), clamped.
// Full resolution: blurH, then main blurs the columns and combines. Wide radius: down, blurH, blurV at low
// resolution, then main reads it back bilinearly and combines.
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
  int blurColumns;
  vec2 lowOrigin;
  float strength;
};

uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

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

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(ENTRY_down)
  outColor = gaussianDown(input0, p, lowScale, margin, downSamples, lowOrigin);
#elif defined(ENTRY_blurH)
  outColor = blur1D(input0, p, vec2(1.0, 0.0));
#elif defined(ENTRY_blurV)
  outColor = blur1D(input0, p, vec2(0.0, 1.0));
#else
  // input0: the image; input1: the blur (rows, or low resolution).
  vec4 source = texelFetch(input0, p, 0);
  vec3 rgb = source.rgb + strength * (source.rgb - blurred(input1, p).rgb);
  outColor = vec4(clamp(rgb, vec3(0.0), vec3(1.0)), source.a);
#endif
}
