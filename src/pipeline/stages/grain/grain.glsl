// Film grain: smooth value noise on a lattice of `size` pixels, from an integer hash so that both
// backends draw the same grain, strongest in the mid-tones where film shows it most.

#include "/shaders/common/pcg.glsl"

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 color, ivec2 p, ivec2 dims) {
  // The lattice is laid over the whole image: a tile of the full-resolution export lies at `origin`.
  vec2 q = (vec2(p + origin) + 0.5) / size;
  ivec2 cell = ivec2(floor(q));
  vec2 f = q - floor(q);
  // A triangular value in [-1, 1) at each lattice point, from a hash of its row and then of its column:
  // the four corners share two row hashes, seven hashes in all.
  uint seedHash = pcg(seed);
  uint row0 = pcg(uint(cell.y) + seedHash);
  uint row1 = pcg(uint(cell.y + 1) + seedHash);
  uint x0 = uint(cell.x);
  uint x1 = uint(cell.x + 1);
  float top = mix(triangular(pcg(x0 + row0)), triangular(pcg(x1 + row0)), f.x);
  float bottom = mix(triangular(pcg(x0 + row1)), triangular(pcg(x1 + row1)), f.x);
  float n = mix(top, bottom, f.y);
  float luma = dot(color.rgb, vec3(0.299, 0.587, 0.114));
  float weight = 0.5 + 2.0 * luma * (1.0 - luma);
  vec3 rgb = clamp(color.rgb + vec3(n * amount * weight), vec3(0.0), vec3(1.0));
  return vec4(rgb, color.a);
}
