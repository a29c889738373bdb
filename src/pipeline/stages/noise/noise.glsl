// Sensor noise: a fresh value per pixel (and per channel for colour noise) from the integer PCG hash, so
// both backends and the CPU reference draw the same noise. Each value is triangular in [-1, 1), nearer
// to real sensor noise than a uniform one. Small sensors are noisiest in the shadows, so the strength
// grows as luminance falls, by up to 1 + 2 * shadowAmount in black. With `sensor`, a camera's noise: grey
// noise and colour-difference noise (BT.601 Cb and Cr, `chroma` times as strong), each bilinear value
// noise on a lattice `lumaGrain` and `chromaGrain` pixels apart, as demosaicing spreads it.

#include "/shaders/common/pcg.glsl"

// One hash per pixel starts a chain; each value hashes the last.
float draw(inout uint state) {
  state = pcg(state);
  return triangular(state);
}

// Bilinear value noise on a lattice `grain` pixels apart (a triangular value at each lattice point, hashed
// from its row and then its column), divided by the spread the bilinear weights leave at this pixel, so
// that it is as strong wherever the pixel lies in its cell.
float latticeNoise(ivec2 p, float grain, uint field) {
  vec2 q = (vec2(p) + 0.5) / grain;
  ivec2 cell = ivec2(floor(q));
  vec2 f = q - floor(q);
  uint row0 = pcg(uint(cell.y) + field);
  uint row1 = pcg(uint(cell.y + 1) + field);
  uint x0 = uint(cell.x);
  uint x1 = uint(cell.x + 1);
  float top = mix(triangular(pcg(x0 + row0)), triangular(pcg(x1 + row0)), f.x);
  float bottom = mix(triangular(pcg(x0 + row1)), triangular(pcg(x1 + row1)), f.x);
  vec2 spread = (1.0 - f) * (1.0 - f) + f * f;
  return mix(top, bottom, f.y) * inversesqrt(spread.x * spread.y);
}

// The overlay blend of image editors: multiply below mid-grey, screen above.
vec3 overlay(vec3 base, vec3 layer) {
  vec3 low = 2.0 * base * layer;
  vec3 high = 1.0 - 2.0 * (1.0 - base) * (1.0 - layer);
  return mix(high, low, vec3(lessThan(base, vec3(0.5))));
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 color, ivec2 p, ivec2 dims) {
  uint state = pcg(uint(p.x) + pcg(uint(p.y) + pcg(seed)));
  vec3 n;
  if (sensor != 0) {
    uint seedHash = pcg(seed);
    float grey = latticeNoise(p, lumaGrain, pcg(seedHash));
    vec2 c = vec2(0.0);
    if (monochrome == 0) {
      c = chroma * vec2(latticeNoise(p, chromaGrain, pcg(seedHash + 1u)),
        latticeNoise(p, chromaGrain, pcg(seedHash + 2u)));
    }
    n = grey + vec3(1.402 * c.y, -0.344136 * c.x - 0.714136 * c.y, 1.772 * c.x);
  } else if (monochrome != 0) {
    n = vec3(draw(state));
  } else {
    float r = draw(state);
    float g = draw(state);
    n = vec3(r, g, draw(state));
  }
  float luma = dot(color.rgb, vec3(0.299, 0.587, 0.114));
  float dark = 1.0 - luma;
  float weight = 1.0 + 2.0 * shadowAmount * dark * dark * dark;
  vec3 delta = n * (amount * weight);
  vec3 rgb;
  if (blendMode == 0) {
    rgb = color.rgb + delta;
  } else {
    rgb = overlay(color.rgb, clamp(vec3(0.5) + delta, vec3(0.0), vec3(1.0)));
  }
  return vec4(clamp(rgb, vec3(0.0), vec3(1.0)), color.a);
}
