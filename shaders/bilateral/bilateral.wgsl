// Edge-preserving smoothing (src/engine/stages/bilateral.ts): a separable bilateral filter, `horizontal`
// into a float texture, then `main` down the columns. Each neighbour weighs its spatial gaussian weight
// times exp(-|colour difference|^2 / 2 sigma_r^2), the difference taken against the pass's centre pixel.

struct Params {
  taps: array<vec4f, 8>,
  tapCount: i32,
  rangeScale: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(3) var outputFloat: texture_storage_2d<rgba16float, write>;

// Adds neighbour q's share: its spatial weight times the range weight of its colour distance. The
// squared distance is the mean over r, g, b, so a grey step of d counts as d.
fn accumulate(q: vec2i, centre: vec4f, spatial: f32, sum: ptr<function, vec4f>, total: ptr<function, f32>) {
  let value = textureLoad(input0, clamp(q, vec2i(0), vec2i(textureDimensions(input0)) - 1), 0);
  let d = value.rgb - centre.rgb;
  let w = spatial * exp(-dot(d, d) * params.rangeScale);
  *sum += w * value;
  *total += w;
}

fn bilateral1D(p: vec2i, direction: vec2i) -> vec4f {
  let centre = textureLoad(input0, p, 0);
  var sum = centre;
  var total = 1.0;
  for (var i = 1; i < params.tapCount; i++) {
    let tap = params.taps[i];
    let offset = direction * i32(tap.x);
    accumulate(p + offset, centre, tap.y, &sum, &total);
    accumulate(p - offset, centre, tap.y, &sum, &total);
  }
  return sum / total;
}

@compute @workgroup_size(8, 8)
fn horizontal(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(outputFloat))) { return; }
  let p = vec2i(id.xy);
  textureStore(outputFloat, p, bilateral1D(p, vec2i(1, 0)));
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p, bilateral1D(p, vec2i(0, 1)));
}
