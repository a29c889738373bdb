// The separable gaussian's passes and its read-back, shared by blur, sharpen and smart-blur: the entries
// down, blurH and blurV, and blurred() for each stage's main. Included into a stage's file, whose own
// declarations it uses: `params` (with the gaussian fields of src/engine/stages/gaussian-plan.ts),
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

// One row of the 2-D gaussian, `dy` (in uv) from uv: the centre tap, then the bilinear pairs along x.
fn blurRow(source: texture_2d<f32>, uv: vec2f, dy: f32, size: vec2f) -> vec4f {
  let centre = uv + vec2f(0.0, dy);
  var sum = params.taps[0].y * textureSampleLevel(source, linearSampler, centre, 0.0);
  for (var i = 1; i < params.tapCount; i++) {
    let tap = params.taps[i];
    sum += tap.y * gaussianPair(source, linearSampler, centre, vec2f(tap.x / size.x, 0.0));
  }
  return sum;
}

// The 2-D gaussian in one pass, for small sigmas: rows of taps at the centre and at each pair's offsets.
// Bilinear reads are separable, so a read at (x, y) offsets weighs the four texels it blends as the two
// passes would.
fn blur2D(source: texture_2d<f32>, p: vec2i) -> vec4f {
  let size = vec2f(textureDimensions(source));
  let uv = (vec2f(p) + 0.5) / size;
  var sum = params.taps[0].y * blurRow(source, uv, 0.0, size);
  for (var j = 1; j < params.tapCount; j++) {
    let tap = params.taps[j];
    let dy = tap.x / size.y;
    sum += tap.y * (blurRow(source, uv, dy, size) + blurRow(source, uv, -dy, size));
  }
  return sum;
}

// The blurred image at full-resolution pixel p: blurred here from the input (small sigmas), from the rows
// pass, or read back from the low-resolution blur.
fn blurred(source: texture_2d<f32>, p: vec2i) -> vec4f {
  if (params.blurColumns == 2) {
    return blur2D(source, p);
  }
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
