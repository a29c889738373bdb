// Film grain: smooth value noise on a lattice of `size` pixels, from an integer hash so that both
// backends draw the same grain, strongest in the mid-tones where film shows it most.
#include "../common/pcg.wgsl"

struct Params {
  amount: f32,
  size: f32,
  seed: u32,
  origin: vec2i,
}

@group(0) @binding(0) var<uniform> params: Params;

fn lattice(x: i32, y: i32) -> f32 {
  // Two hashes per point give a triangular distribution in [-1, 1), closer to real grain than uniform.
  return hash2(x, y, params.seed) + hash2(x, y, params.seed + 1u) - 1.0;
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  // The lattice is laid over the whole image: a tile of the full-resolution export lies at `origin`.
  let q = (vec2f(p + params.origin) + 0.5) / params.size;
  let cell = vec2i(floor(q));
  let f = q - floor(q);
  let top = mix(lattice(cell.x, cell.y), lattice(cell.x + 1, cell.y), f.x);
  let bottom = mix(lattice(cell.x, cell.y + 1), lattice(cell.x + 1, cell.y + 1), f.x);
  let n = mix(top, bottom, f.y);
  let luma = dot(color.rgb, vec3f(0.299, 0.587, 0.114));
  let weight = 0.5 + 2.0 * luma * (1.0 - luma);
  let rgb = clamp(color.rgb + vec3f(n * params.amount * weight), vec3f(0.0), vec3f(1.0));
  return vec4f(rgb, color.a);
}
