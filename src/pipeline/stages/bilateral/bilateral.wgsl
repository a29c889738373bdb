// Edge-preserving smoothing (src/engine/stages/bilateral.ts): a separable bilateral filter, `horizontal`
// along the rows, then `main` down the columns of that. Each neighbour weighs its spatial gaussian weight
// times exp(-|colour difference|^2 / 2 sigma_r^2), the difference taken against the pass's centre pixel.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var output: texture_storage_2d<rgba8unorm, write>;

// Range weight of a neighbour: exp(-|d|^2 / 3 / 2 sigma_r^2), the mean over r, g, b of the squared
// difference (a grey step of d counts as d), folded into rangeScale.
fn rangeWeight(value: vec4f, centre: vec4f) -> f32 {
  let d = value.rgb - centre.rgb;
  return exp(-dot(d, d) * params.rangeScale);
}

fn bilateral1D(p: vec2i, direction: vec2i) -> vec4f {
  let last = vec2i(textureDimensions(input0)) - 1;
  let centre = textureLoad(input0, p, 0);
  var sum = centre;
  var total = 1.0;
  for (var i = 1; i < params.tapCount; i++) {
    let tap = params.taps[i];
    let offset = direction * i32(tap.x);
    let ahead = textureLoad(input0, min(p + offset, last), 0);
    let behind = textureLoad(input0, max(p - offset, vec2i(0)), 0);
    let wAhead = tap.y * rangeWeight(ahead, centre);
    let wBehind = tap.y * rangeWeight(behind, centre);
    sum += wAhead * ahead + wBehind * behind;
    total += wAhead + wBehind;
  }
  return sum / total;
}

@compute @workgroup_size(8, 8)
fn horizontal(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p, bilateral1D(p, vec2i(1, 0)));
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p, bilateral1D(p, vec2i(0, 1)));
}
