// Smart blur, the "Blur/Pixelate" effect (src/engine/stages/smart-blur.ts): a gaussian or pixelated copy
// of the image mixed over it in main by a blur amount: 1 everywhere, the drawn mask's alpha, or an
// elliptical vignette. Gaussian: blurH, then main blurs the columns as it reads; or down, blurH, blurV at
// low resolution, read back bilinearly. Pixelate: means, one texel per block.
#include "/shaders/common/gaussian-passes.wgsl"
#include "/shaders/common/blocks.wgsl"

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var input2: texture_2d<f32>;
@group(0) @binding(4) var linearSampler: sampler;
@group(0) @binding(5) var output: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn means(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let b = vec2i(id.xy);
  textureStore(output, b, blockMean(input0, b, params.blockSize, params.blockStart));
}

// How much of the blurred image pixel p shows, 0..1.
// Measured in the whole image: a tile of the full-resolution export lies at `origin` within it.
fn blurAmount(p: vec2i) -> f32 {
  let uv = (vec2f(p + params.origin) + 0.5) / params.fullSize;
  if (params.maskMode == 1) {
    // The drawn mask, stretched over the image; strokes are where its alpha is.
    return textureSampleLevel(input2, linearSampler, uv, 0.0).a;
  }
  if (params.maskMode == 2) {
    // Elliptical distance, 1 at the middle of each edge: clear inside vignetteSize, fully blurred
    // vignetteSoftness further out, smoothstep between.
    let r = length((uv - 0.5) * 2.0);
    let t = clamp((r - params.vignetteSize) / max(params.vignetteSoftness, 0.001), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
  }
  return 1.0;
}

// input0: the image; input1: the blur (rows, low resolution or block means); input2: the drawn mask, or
// the image again where there is none.
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let source = textureLoad(input0, p, 0);
  let amount = blurAmount(p);
  if (amount <= 0.0) {
    // Unblurred here (outside the strokes, inside the vignette): skip the blur's reads.
    textureStore(output, p, source);
    return;
  }
  var blur: vec4f;
  if (params.blurType == 1) {
    blur = textureLoad(input1, blockOf(p, params.blockSize, params.blockStart), 0);
  } else {
    blur = blurred(input1, p);
  }
  textureStore(output, p, mix(source, blur, amount));
}
