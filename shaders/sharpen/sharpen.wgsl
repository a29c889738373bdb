// Unsharp mask (src/engine/stages/sharpen.ts): out = in + strength * (in - gaussian(in)), clamped.
// Full resolution: blurH into a float texture, then blurVSharpen blurs the columns and combines.
// Wide radius: down, blurH, blurVFloat at low resolution, then main reads it back and combines.
#include "../common/gaussian.wgsl"

struct Params {
  taps: array<vec4f, 8>,
  tapCount: i32,
  downSamples: i32,
  margin: f32,
  lowScale: vec2f,
  lowSize: vec2f,
  targetSize: vec2f,
  strength: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var linearSampler: sampler;
@group(0) @binding(4) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(5) var outputFloat: texture_storage_2d<rgba16float, write>;

fn unsharp(source: vec4f, blurred: vec4f) -> vec4f {
  let rgb = source.rgb + params.strength * (source.rgb - blurred.rgb);
  return vec4f(clamp(rgb, vec3f(0.0), vec3f(1.0)), source.a);
}

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

// input0: the rows blurred at full resolution; input1: the image.
@compute @workgroup_size(8, 8)
fn blurVSharpen(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let blurred = gaussian1D(input0, linearSampler, p, vec2f(0.0, 1.0), params.taps, params.tapCount);
  textureStore(output, p, unsharp(textureLoad(input1, p, 0), blurred));
}

// input0: the image; input1: the low-resolution blur.
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let blurred = gaussianUp(input1, linearSampler, p, params.targetSize, params.lowSize, params.margin);
  textureStore(output, p, unsharp(textureLoad(input0, p, 0), blurred));
}
