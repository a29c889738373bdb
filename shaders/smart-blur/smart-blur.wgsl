// Smart blur, the "Blur/Pixelate" effect (src/engine/stages/smart-blur.ts): a gaussian (down, blurH,
// blurVFloat) or pixelated (means) copy of the image, mixed over the original by a blur amount in main:
// 1 everywhere, the drawn mask's alpha, or an elliptical vignette.
#include "../common/gaussian.wgsl"
#include "../common/blocks.wgsl"

struct Params {
  taps: array<vec4f, 8>,
  tapCount: i32,
  downSamples: i32,
  margin: f32,
  lowScale: vec2f,
  lowSize: vec2f,
  targetSize: vec2f,
  blockSize: i32,
  blockStart: vec2i,
  blurType: i32,
  maskMode: i32,
  vignetteSize: f32,
  vignetteSoftness: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var input2: texture_2d<f32>;
@group(0) @binding(4) var linearSampler: sampler;
@group(0) @binding(5) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(6) var outputFloat: texture_storage_2d<rgba16float, write>;

@compute @workgroup_size(8, 8)
fn down(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(outputFloat))) { return; }
  let p = vec2i(id.xy);
  textureStore(outputFloat, p,
    gaussianDown(input0, linearSampler, p, params.lowScale, params.margin, params.downSamples));
}

@compute @workgroup_size(8, 8)
fn blurH(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(outputFloat))) { return; }
  let p = vec2i(id.xy);
  textureStore(outputFloat, p,
    gaussian1D(input0, linearSampler, p, vec2f(1.0, 0.0), params.taps, params.tapCount));
}

@compute @workgroup_size(8, 8)
fn blurVFloat(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(outputFloat))) { return; }
  let p = vec2i(id.xy);
  textureStore(outputFloat, p,
    gaussian1D(input0, linearSampler, p, vec2f(0.0, 1.0), params.taps, params.tapCount));
}

@compute @workgroup_size(8, 8)
fn means(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(outputFloat))) { return; }
  let b = vec2i(id.xy);
  textureStore(outputFloat, b, blockMean(input0, b, params.blockSize, params.blockStart));
}

// How much of the blurred image pixel p shows, 0..1.
fn blurAmount(p: vec2i) -> f32 {
  let uv = (vec2f(p) + 0.5) / params.targetSize;
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

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let source = textureLoad(input0, p, 0);
  var blurred: vec4f;
  if (params.blurType == 1) {
    blurred = textureLoad(input1, blockOf(p, params.blockSize, params.blockStart), 0);
  } else {
    blurred = gaussianUp(input1, linearSampler, p, params.targetSize, params.lowSize, params.margin);
  }
  textureStore(output, p, mix(source, blurred, blurAmount(p)));
}
