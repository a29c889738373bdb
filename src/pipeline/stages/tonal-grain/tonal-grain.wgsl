// Tonal grain: grain whose strength follows a tone curve, with a luminance and a chroma part. Film grain
// shows most in the mid-tones (weight 4 l (1 - l)); a digital sensor's noise most in the shadows, where
// shot and read noise are largest against the signal (weight (1 - l)^2). Each part is smooth value noise
// on a lattice of `size` pixels laid over the whole image, from the integer hash so that every backend
// draws the same grain. The chroma part moves the colour along BT.601's Cb and Cr axes, which carry no
// luma, so colour grain changes hue without making the grain brighter or darker.
#include "/shaders/common/pcg.wgsl"

@group(0) @binding(0) var<uniform> params: Params;

// Bilinear value noise in [-1, 1): a triangular value at each lattice point, from a hash of its row and
// then of its column, so the four corners share two row hashes.
fn valueNoise(cell: vec2i, f: vec2f, field: u32) -> f32 {
  let row0 = pcg(bitcast<u32>(cell.y) + field);
  let row1 = pcg(bitcast<u32>(cell.y + 1) + field);
  let x0 = bitcast<u32>(cell.x);
  let x1 = bitcast<u32>(cell.x + 1);
  let top = mix(triangular(pcg(x0 + row0)), triangular(pcg(x1 + row0)), f.x);
  let bottom = mix(triangular(pcg(x0 + row1)), triangular(pcg(x1 + row1)), f.x);
  return mix(top, bottom, f.y);
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  // The lattice is laid over the whole image: a tile of the full-resolution export lies at `origin`.
  let q = (vec2f(p + params.origin) + 0.5) / params.size;
  let cell = vec2i(floor(q));
  let f = q - floor(q);
  // Three independent fields, each from its own hash of the seed.
  let seedHash = pcg(params.seed);
  let y = valueNoise(cell, f, pcg(seedHash));
  let cb = valueNoise(cell, f, pcg(seedHash + 1u));
  let cr = valueNoise(cell, f, pcg(seedHash + 2u));
  let l = clamp(dot(color.rgb, vec3f(0.299, 0.587, 0.114)), 0.0, 1.0);
  var weight = 4.0 * l * (1.0 - l);
  if (params.curve == 1) {
    weight = (1.0 - l) * (1.0 - l);
  }
  let luma = y * params.amount * weight;
  let a = cb * params.chroma * weight;
  let b = cr * params.chroma * weight;
  // BT.601's YCbCr to RGB, with the luma offset in every channel and Cb, Cr as the chroma offsets.
  let delta = vec3f(luma + 1.402 * b, luma - 0.344136 * a - 0.714136 * b, luma + 1.772 * a);
  return vec4f(clamp(color.rgb + delta, vec3f(0.0), vec3f(1.0)), color.a);
}
