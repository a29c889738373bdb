// Film grain: smooth value noise on a lattice of `size` pixels, from an integer hash so that both
// backends draw the same grain, strongest in the mid-tones where film shows it most.
#include "/shaders/common/pcg.wgsl"

@group(0) @binding(0) var<uniform> params: Params;

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  // The lattice is laid over the whole image: a tile of the full-resolution export lies at `origin`.
  let q = (vec2f(p + params.origin) + 0.5) / params.size;
  let cell = vec2i(floor(q));
  let f = q - floor(q);
  // A triangular value in [-1, 1) at each lattice point, from a hash of its row and then of its column:
  // the four corners share two row hashes, seven hashes in all.
  let seedHash = pcg(params.seed);
  let row0 = pcg(bitcast<u32>(cell.y) + seedHash);
  let row1 = pcg(bitcast<u32>(cell.y + 1) + seedHash);
  let x0 = bitcast<u32>(cell.x);
  let x1 = bitcast<u32>(cell.x + 1);
  let top = mix(triangular(pcg(x0 + row0)), triangular(pcg(x1 + row0)), f.x);
  let bottom = mix(triangular(pcg(x0 + row1)), triangular(pcg(x1 + row1)), f.x);
  let n = mix(top, bottom, f.y);
  let luma = dot(color.rgb, vec3f(0.299, 0.587, 0.114));
  let weight = 0.5 + 2.0 * luma * (1.0 - luma);
  let rgb = clamp(color.rgb + vec3f(n * params.amount * weight), vec3f(0.0), vec3f(1.0));
  return vec4f(rgb, color.a);
}
