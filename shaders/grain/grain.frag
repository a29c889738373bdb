#version 300 es
// Film grain: smooth value noise on a lattice of `size` pixels, from an integer hash so that both
// backends draw the same grain, strongest in the mid-tones where film shows it most.
precision highp float;
precision highp int;

#include "../common/pcg.glsl"

layout(std140) uniform Params {
  float amount;
  float size;
  uint seed;
  ivec2 origin;
};


float lattice(int x, int y) {
  // Two hashes per point give a triangular distribution in [-1, 1), closer to real grain than uniform.
  return hash2(x, y, seed) + hash2(x, y, seed + 1u) - 1.0;
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 color, ivec2 p, ivec2 dims) {
  // The lattice is laid over the whole image: a tile of the full-resolution export lies at `origin`.
  vec2 q = (vec2(p + origin) + 0.5) / size;
  ivec2 cell = ivec2(floor(q));
  vec2 f = q - floor(q);
  float top = mix(lattice(cell.x, cell.y), lattice(cell.x + 1, cell.y), f.x);
  float bottom = mix(lattice(cell.x, cell.y + 1), lattice(cell.x + 1, cell.y + 1), f.x);
  float n = mix(top, bottom, f.y);
  float luma = dot(color.rgb, vec3(0.299, 0.587, 0.114));
  float weight = 0.5 + 2.0 * luma * (1.0 - luma);
  vec3 rgb = clamp(color.rgb + vec3(n * amount * weight), vec3(0.0), vec3(1.0));
  return vec4(rgb, color.a);
}
