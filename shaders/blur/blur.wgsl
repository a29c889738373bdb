// Gaussian blur (src/engine/stages/blur.ts). Full resolution: blurH into a float texture, blurV out.
// Wide or downsampled: down, blurH, blurVFloat at low resolution, then main reads it back bilinearly.
#include "../common/gaussian.wgsl"

struct Params {
  taps: array<vec4f, 8>,
  tapCount: i32,
  downSamples: i32,
  margin: f32,
  lowScale: vec2f,
  lowSize: vec2f,
  targetSize: vec2f,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var linearSampler: sampler;
@group(0) @binding(3) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(4) var outputFloat: texture_storage_2d<rgba16float, write>;

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
fn blurV(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p, gaussian1D(input0, linearSampler, p, vec2f(0.0, 1.0), params.taps, params.tapCount));
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p,
    gaussianUp(input0, linearSampler, p, params.targetSize, params.lowSize, params.margin));
}
