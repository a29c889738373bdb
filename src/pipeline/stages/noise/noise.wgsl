// Sensor noise: a fresh value per pixel (and per channel for colour noise) from the integer PCG hash, so
// both backends and the CPU reference draw the same noise. Each value is triangular in [-1, 1), nearer
// to real sensor noise than a uniform one. Small sensors are noisiest in the shadows, so the strength
// grows as luminance falls, by up to 1 + 2 * shadowAmount in black. With `sensor`, a camera's noise: grey
// noise and colour-difference noise (BT.601 Cb and Cr, `chroma` times as strong), each bilinear value
// noise on a lattice `lumaGrain` and `chromaGrain` pixels apart, as demosaicing spreads it.
#include "/shaders/common/pcg.wgsl"

@group(0) @binding(0) var<uniform> params: Params;

// One hash per pixel starts a chain; each value hashes the last.
fn draw(state: ptr<function, u32>) -> f32 {
  *state = pcg(*state);
  return triangular(*state);
}

// Bilinear value noise on a lattice `grain` pixels apart (a triangular value at each lattice point, hashed
// from its row and then its column), divided by the spread the bilinear weights leave at this pixel, so
// that it is as strong wherever the pixel lies in its cell.
fn latticeNoise(p: vec2i, grain: f32, field: u32) -> f32 {
  let q = (vec2f(p) + 0.5) / grain;
  let cell = vec2i(floor(q));
  let f = q - floor(q);
  let row0 = pcg(bitcast<u32>(cell.y) + field);
  let row1 = pcg(bitcast<u32>(cell.y + 1) + field);
  let x0 = bitcast<u32>(cell.x);
  let x1 = bitcast<u32>(cell.x + 1);
  let top = mix(triangular(pcg(x0 + row0)), triangular(pcg(x1 + row0)), f.x);
  let bottom = mix(triangular(pcg(x0 + row1)), triangular(pcg(x1 + row1)), f.x);
  let spread = ((1.0 - f) * (1.0 - f) + f * f);
  return mix(top, bottom, f.y) * inverseSqrt(spread.x * spread.y);
}

// The overlay blend of image editors: multiply below mid-grey, screen above.
fn overlay(base: vec3f, layer: vec3f) -> vec3f {
  let low = 2.0 * base * layer;
  let high = 1.0 - 2.0 * (1.0 - base) * (1.0 - layer);
  return select(high, low, base < vec3f(0.5));
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  var state = pcg(u32(p.x) + pcg(u32(p.y) + pcg(params.seed)));
  var n: vec3f;
  if (params.sensor != 0) {
    let seedHash = pcg(params.seed);
    let grey = latticeNoise(p, params.lumaGrain, pcg(seedHash));
    var c = vec2f(0.0);
    if (params.monochrome == 0) {
      c = params.chroma * vec2f(latticeNoise(p, params.chromaGrain, pcg(seedHash + 1u)),
        latticeNoise(p, params.chromaGrain, pcg(seedHash + 2u)));
    }
    n = grey + vec3f(1.402 * c.y, -0.344136 * c.x - 0.714136 * c.y, 1.772 * c.x);
  } else if (params.monochrome != 0) {
    n = vec3f(draw(&state));
  } else {
    let r = draw(&state);
    let g = draw(&state);
    n = vec3f(r, g, draw(&state));
  }
  let luma = dot(color.rgb, vec3f(0.299, 0.587, 0.114));
  let dark = 1.0 - luma;
  let weight = 1.0 + 2.0 * params.shadowAmount * dark * dark * dark;
  let delta = n * (params.amount * weight);
  var rgb: vec3f;
  if (params.blendMode == 0) {
    rgb = color.rgb + delta;
  } else {
    rgb = overlay(color.rgb, clamp(vec3f(0.5) + delta, vec3f(0.0), vec3f(1.0)));
  }
  return vec4f(clamp(rgb, vec3f(0.0), vec3f(1.0)), color.a);
}
