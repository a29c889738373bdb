// 3D LUT colour grade. input1 is the LUT as an RGBA8 atlas of (N*N) x N texels: the texel at
// (r + N*b, g) holds the output for the input at lattice indices (r, g, b), index i meaning i / (N - 1).
// Interpolation is tetrahedral from 4 exact texel loads, in float: hardware filtering would quantise the
// position to 8 bits (banding), and trilinear would need 8 loads and bend greys off the grey axis.
struct Params {
  intensity: f32,
  size: i32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var output: texture_storage_2d<rgba8unorm, write>;

fn lattice(i: vec3i) -> vec3f {
  return textureLoad(input1, vec2i(i.x + params.size * i.z, i.y), 0).rgb;
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let dims = textureDimensions(output);
  if (id.x >= dims.x || id.y >= dims.y) { return; }
  let p = vec2i(id.xy);
  let color = textureLoad(input0, p, 0);
  let last = params.size - 1;
  let pos = clamp(color.rgb, vec3f(0.0), vec3f(1.0)) * f32(last);
  // The top cell also serves inputs of exactly 1.0 (fraction 1), so base + 1 stays inside the lattice.
  let base = min(vec3i(floor(pos)), vec3i(last - 1));
  let f = pos - vec3f(base);
  let c000 = lattice(base);
  let c111 = lattice(base + vec3i(1, 1, 1));
  // Pick the tetrahedron holding f by the order of its components; walk its edges from c000 to c111.
  var rgb: vec3f;
  if (f.x >= f.y) {
    if (f.y >= f.z) {
      let c100 = lattice(base + vec3i(1, 0, 0));
      let c110 = lattice(base + vec3i(1, 1, 0));
      rgb = c000 + f.x * (c100 - c000) + f.y * (c110 - c100) + f.z * (c111 - c110);
    } else if (f.x >= f.z) {
      let c100 = lattice(base + vec3i(1, 0, 0));
      let c101 = lattice(base + vec3i(1, 0, 1));
      rgb = c000 + f.x * (c100 - c000) + f.z * (c101 - c100) + f.y * (c111 - c101);
    } else {
      let c001 = lattice(base + vec3i(0, 0, 1));
      let c101 = lattice(base + vec3i(1, 0, 1));
      rgb = c000 + f.z * (c001 - c000) + f.x * (c101 - c001) + f.y * (c111 - c101);
    }
  } else {
    if (f.z > f.y) {
      let c001 = lattice(base + vec3i(0, 0, 1));
      let c011 = lattice(base + vec3i(0, 1, 1));
      rgb = c000 + f.z * (c001 - c000) + f.y * (c011 - c001) + f.x * (c111 - c011);
    } else if (f.z > f.x) {
      let c010 = lattice(base + vec3i(0, 1, 0));
      let c011 = lattice(base + vec3i(0, 1, 1));
      rgb = c000 + f.y * (c010 - c000) + f.z * (c011 - c010) + f.x * (c111 - c011);
    } else {
      let c010 = lattice(base + vec3i(0, 1, 0));
      let c110 = lattice(base + vec3i(1, 1, 0));
      rgb = c000 + f.y * (c010 - c000) + f.x * (c110 - c010) + f.z * (c111 - c110);
    }
  }
  let graded = mix(color.rgb, rgb, params.intensity);
  textureStore(output, p, vec4f(clamp(graded, vec3f(0.0), vec3f(1.0)), color.a));
}
