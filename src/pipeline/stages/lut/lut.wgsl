// 3D LUT colour grade. input1 is the LUT as an RGBA8 atlas of (N*N) x N texels: the texel at
// (r + N*b, g) holds the output for the input at lattice indices (r, g, b), index i meaning i / (N - 1).
// Interpolation is tetrahedral from 4 exact texel loads, in float: hardware filtering would quantise the
// position to 8 bits (banding), and trilinear would need 8 loads and bend greys off the grey axis.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input1: texture_2d<f32>;

fn lattice(i: vec3i) -> vec3f {
  return textureLoad(input1, vec2i(i.x + params.size * i.z, i.y), 0).rgb;
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  let last = params.size - 1;
  let pos = clamp(color.rgb, vec3f(0.0), vec3f(1.0)) * f32(last);
  // The top cell also serves inputs of exactly 1.0 (fraction 1), so base + 1 stays inside the lattice.
  let base = min(vec3i(floor(pos)), vec3i(last - 1));
  let f = pos - vec3f(base);
  // The tetrahedron holding f runs from corner 000 to 111 stepping along the axes in decreasing order
  // of f. Ranking the axes without branches (ties broken x before y before z, so the ranks are always a
  // permutation) keeps every pixel on the same 4 loads: divergent branches would cost all six paths.
  let xy = select(0.0, 1.0, f.x >= f.y);
  let xz = select(0.0, 1.0, f.x >= f.z);
  let yz = select(0.0, 1.0, f.y >= f.z);
  let wins = vec3f(xy + xz, 1.0 - xy + yz, 2.0 - xz - yz);
  let largest = vec3i(wins == vec3f(2.0));
  let smallest = vec3i(wins == vec3f(0.0));
  let f1 = max(f.x, max(f.y, f.z));
  let f3 = min(f.x, min(f.y, f.z));
  let f2 = f.x + f.y + f.z - f1 - f3;
  let rgb = (1.0 - f1) * lattice(base) + (f1 - f2) * lattice(base + largest) +
    (f2 - f3) * lattice(base + vec3i(1, 1, 1) - smallest) + f3 * lattice(base + vec3i(1, 1, 1));
  let graded = mix(color.rgb, rgb, params.intensity);
  return vec4f(clamp(graded, vec3f(0.0), vec3f(1.0)), color.a);
}
