// 3D LUT colour grade. input1 is the LUT as an RGBA8 atlas of (N*N) x N texels: the texel at
// (r + N*b, g) holds the output for the input at lattice indices (r, g, b), index i meaning i / (N - 1).
// Interpolation is tetrahedral from 4 exact texel fetches, in float: hardware filtering would quantise the
// position to 8 bits (banding), and trilinear would need 8 fetches and bend greys off the grey axis.

uniform highp sampler2D input1;

vec3 lattice(ivec3 i) {
  return texelFetch(input1, ivec2(i.x + size * i.z, i.y), 0).rgb;
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 color, ivec2 p, ivec2 dims) {
  int last = size - 1;
  vec3 pos = clamp(color.rgb, vec3(0.0), vec3(1.0)) * float(last);
  // The top cell also serves inputs of exactly 1.0 (fraction 1), so base + 1 stays inside the lattice.
  ivec3 base = min(ivec3(floor(pos)), ivec3(last - 1));
  vec3 f = pos - vec3(base);
  // The tetrahedron holding f runs from corner 000 to 111 stepping along the axes in decreasing order
  // of f. Ranking the axes without branches (ties broken x before y before z, so the ranks are always a
  // permutation) keeps every pixel on the same 4 fetches: divergent branches would cost all six paths.
  float xy = f.x >= f.y ? 1.0 : 0.0;
  float xz = f.x >= f.z ? 1.0 : 0.0;
  float yz = f.y >= f.z ? 1.0 : 0.0;
  vec3 wins = vec3(xy + xz, 1.0 - xy + yz, 2.0 - xz - yz);
  ivec3 largest = ivec3(equal(wins, vec3(2.0)));
  ivec3 smallest = ivec3(equal(wins, vec3(0.0)));
  float f1 = max(f.x, max(f.y, f.z));
  float f3 = min(f.x, min(f.y, f.z));
  float f2 = f.x + f.y + f.z - f1 - f3;
  vec3 rgb = (1.0 - f1) * lattice(base) + (f1 - f2) * lattice(base + largest) +
    (f2 - f3) * lattice(base + ivec3(1) - smallest) + f3 * lattice(base + ivec3(1));
  vec3 graded = mix(color.rgb, rgb, intensity);
  return vec4(clamp(graded, vec3(0.0), vec3(1.0)), color.a);
}
