#version 300 es
// 3D LUT colour grade. input1 is the LUT as an RGBA8 atlas of (N*N) x N texels: the texel at
// (r + N*b, g) holds the output for the input at lattice indices (r, g, b), index i meaning i / (N - 1).
// Interpolation is tetrahedral from 4 exact texel fetches, in float: hardware filtering would quantise the
// position to 8 bits (banding), and trilinear would need 8 fetches and bend greys off the grey axis.
precision highp float;
precision highp int;

layout(std140) uniform Params {
  float intensity;
  int size;
};

uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

vec3 lattice(ivec3 i) {
  return texelFetch(input1, ivec2(i.x + size * i.z, i.y), 0).rgb;
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 color = texelFetch(input0, p, 0);
  int last = size - 1;
  vec3 pos = clamp(color.rgb, vec3(0.0), vec3(1.0)) * float(last);
  // The top cell also serves inputs of exactly 1.0 (fraction 1), so base + 1 stays inside the lattice.
  ivec3 base = min(ivec3(floor(pos)), ivec3(last - 1));
  vec3 f = pos - vec3(base);
  vec3 c000 = lattice(base);
  vec3 c111 = lattice(base + ivec3(1, 1, 1));
  // Pick the tetrahedron holding f by the order of its components; walk its edges from c000 to c111.
  vec3 rgb;
  if (f.x >= f.y) {
    if (f.y >= f.z) {
      vec3 c100 = lattice(base + ivec3(1, 0, 0));
      vec3 c110 = lattice(base + ivec3(1, 1, 0));
      rgb = c000 + f.x * (c100 - c000) + f.y * (c110 - c100) + f.z * (c111 - c110);
    } else if (f.x >= f.z) {
      vec3 c100 = lattice(base + ivec3(1, 0, 0));
      vec3 c101 = lattice(base + ivec3(1, 0, 1));
      rgb = c000 + f.x * (c100 - c000) + f.z * (c101 - c100) + f.y * (c111 - c101);
    } else {
      vec3 c001 = lattice(base + ivec3(0, 0, 1));
      vec3 c101 = lattice(base + ivec3(1, 0, 1));
      rgb = c000 + f.z * (c001 - c000) + f.x * (c101 - c001) + f.y * (c111 - c101);
    }
  } else {
    if (f.z > f.y) {
      vec3 c001 = lattice(base + ivec3(0, 0, 1));
      vec3 c011 = lattice(base + ivec3(0, 1, 1));
      rgb = c000 + f.z * (c001 - c000) + f.y * (c011 - c001) + f.x * (c111 - c011);
    } else if (f.z > f.x) {
      vec3 c010 = lattice(base + ivec3(0, 1, 0));
      vec3 c011 = lattice(base + ivec3(0, 1, 1));
      rgb = c000 + f.y * (c010 - c000) + f.z * (c011 - c010) + f.x * (c111 - c011);
    } else {
      vec3 c010 = lattice(base + ivec3(0, 1, 0));
      vec3 c110 = lattice(base + ivec3(1, 1, 0));
      rgb = c000 + f.y * (c010 - c000) + f.x * (c110 - c010) + f.z * (c111 - c110);
    }
  }
  vec3 graded = mix(color.rgb, rgb, intensity);
  outColor = vec4(clamp(graded, vec3(0.0), vec3(1.0)), color.a);
}
