// Smart blur, the "Blur/Pixelate" effect (src/engine/stages/smart-blur.ts): a gaussian or pixelated copy
// of the image mixed over it in main by a blur amount: 1 everywhere, the drawn mask's alpha, or an
// elliptical vignette. Gaussian: blurH, then main blurs the columns as it reads; or down, blurH, blurV at
// low resolution, read back bilinearly. Pixelate: means, one texel per block.

#include "/shaders/common/blocks.glsl"

uniform highp sampler2D input0;
uniform highp sampler2D input1;
uniform highp sampler2D input2;
out vec4 outColor;

#include "/shaders/common/gaussian-passes.glsl"

// How much of the blurred image pixel p shows, 0..1.
// Measured in the whole image: a tile of the full-resolution export lies at `origin` within it.
float blurAmount(ivec2 p) {
  vec2 uv = (vec2(p + origin) + 0.5) / fullSize;
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
#if defined(GAUSSIAN_PASS)
  outColor = gaussianPass(p);
#elif defined(ENTRY_means)
  outColor = blockMean(input0, p, blockSize, blockStart);
#else
  // input0: the image; input1: the blur (rows, low resolution or block means); input2: the drawn mask,
  // or the image again where there is none.
  vec4 source = texelFetch(input0, p, 0);
  float amount = blurAmount(p);
  if (amount <= 0.0) {
    // Unblurred here (outside the strokes, inside the vignette): skip the blur's reads.
    outColor = source;
    return;
  }
  vec4 blur = blurType == 1 ? texelFetch(input1, blockOf(p, blockSize, blockStart), 0) : blurred(input1, p);
  outColor = mix(source, blur, amount);
#endif
}
