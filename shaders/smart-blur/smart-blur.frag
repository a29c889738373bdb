#version 300 es
// Smart blur, the "Blur/Pixelate" effect (src/engine/stages/smart-blur.ts): a gaussian (down, blurH,
// blurVFloat) or pixelated (means) copy of the image, mixed over the original by a blur amount in main:
// 1 everywhere, the drawn mask's alpha, or an elliptical vignette.
precision highp float;
precision highp int;

#include "../common/gaussian.glsl"
#include "../common/blocks.glsl"

layout(std140) uniform Params {
  vec4 taps[8];
  int tapCount;
  int downSamples;
  float margin;
  vec2 lowScale;
  vec2 lowSize;
  vec2 targetSize;
  int blockSize;
  ivec2 blockStart;
  int blurType;
  int maskMode;
  float vignetteSize;
  float vignetteSoftness;
};

uniform highp sampler2D input0;
uniform highp sampler2D input1;
uniform highp sampler2D input2;
out vec4 outColor;

// How much of the blurred image pixel p shows, 0..1.
float blurAmount(ivec2 p) {
  vec2 uv = (vec2(p) + 0.5) / targetSize;
  if (maskMode == 1) {
    // The drawn mask, stretched over the image; strokes are where its alpha is.
    return textureLod(input2, uv, 0.0).a;
  }
  if (maskMode == 2) {
    // Elliptical distance, 1 at the middle of each edge: clear inside vignetteSize, fully blurred
    // vignetteSoftness further out, smoothstep between.
    float r = length((uv - 0.5) * 2.0);
    float t = clamp((r - vignetteSize) / max(vignetteSoftness, 0.001), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
  }
  return 1.0;
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(ENTRY_down)
  outColor = gaussianDown(input0, p, lowScale, margin, downSamples);
#elif defined(ENTRY_blurH)
  outColor = gaussian1D(input0, p, vec2(1.0, 0.0), taps, tapCount);
#elif defined(ENTRY_blurVFloat)
  outColor = gaussian1D(input0, p, vec2(0.0, 1.0), taps, tapCount);
#elif defined(ENTRY_means)
  outColor = blockMean(input0, p, blockSize, blockStart);
#else
  vec4 source = texelFetch(input0, p, 0);
  vec4 blurred = blurType == 1
    ? texelFetch(input1, blockOf(p, blockSize, blockStart), 0)
    : gaussianUp(input1, p, targetSize, lowSize, margin);
  outColor = mix(source, blurred, blurAmount(p));
#endif
}
