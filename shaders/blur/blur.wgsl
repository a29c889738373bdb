// Gaussian blur (src/engine/stages/blur.ts). Full resolution: blurH, then main blurs the columns.
// Wide or downsampled: down, blurH, blurV at low resolution, then main reads it back bilinearly.
#include "../common/gaussian.wgsl"

struct Params {
  taps: array<vec4f, 8>,
  tapCount: i32,
  downSamples: i32,
  margin: f32,
  lowScale: vec2f,
  lowSize: vec2f,
  targetSize: vec2f,
  blurColumns: i32,
  lowOrigin: vec2f,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var linearSampler: sampler;
@group(0) @binding(3) var output: texture_storage_2d<rgba8unorm, write>;

// One 1-D gaussian pass along `direction`: the centre tap, then the bilinear pairs.
fn blur1D(source: texture_2d<f32>, p: vec2i, direction: vec2f) -> vec4f {
  let size = vec2f(textureDimensions(source));
  let uv = (vec2f(p) + 0.5) / size;
  var sum = params.taps[0].y * textureSampleLevel(source, linearSampler, uv, 0.0);
  for (var i = 1; i < params.tapCount; i++) {
    let tap = params.taps[i];
    sum += tap.y * gaussianPair(source, linearSampler, uv, direction * tap.x / size);
  }
  return sum;
}

// The blurred image at full-resolution pixel p, from the rows pass or the low-resolution blur.
fn blurred(source: texture_2d<f32>, p: vec2i) -> vec4f {
  if (params.blurColumns == 1) {
    return blur1D(source, p, vec2f(0.0, 1.0));
  }
  return gaussianUp(source, linearSampler, p, params.targetSize, params.lowSize, params.margin, params.lowOrigin);
}

@compute @workgroup_size(8, 8)
fn down(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p,
    gaussianDown(input0, linearSampler, p, params.lowScale, params.margin, params.downSamples, params.lowOrigin));
}

@compute @workgroup_size(8, 8)
fn blurH(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p, blur1D(input0, p, vec2f(1.0, 0.0)));
}

@compute @workgroup_size(8, 8)
fn blurV(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p, blur1D(input0, p, vec2f(0.0, 1.0)));
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p, blurred(input0, p));
}
