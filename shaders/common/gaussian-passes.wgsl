// The separable gaussian's passes and its read-back, shared by blur, sharpen and smart-blur: the entries
// down, blurH and blurV, and blurred() for each stage's main. Included into a stage's file, whose own
// declarations it uses: `params` (with the gaussian fields of src/engine/stages/gaussian-pass-plan.ts),
// `input0`, `linearSampler` and `output`.
#include "gaussian.wgsl"

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
