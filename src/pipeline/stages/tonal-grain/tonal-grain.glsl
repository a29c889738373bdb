// Tonal grain: grain whose strength follows a tone curve, with a luminance and a chroma part. Film grain
// shows most in the mid-tones (weight 4 l (1 - l)); a digital sensor's noise most in the shadows, where
// shot and read noise are largest against the signal (weight (1 - l)^2). Each part is smooth value noise
// on a lattice of `size` pixels laid over the whole image, from the integer hash so that every backend
// draws the same grain. The chroma part moves the colour along BT.601's Cb and Cr axes, which carry no
// luma, so colour grain changes hue without making the grain brighter or darker.

#include "/shaders/common/pcg.glsl"

// Bilinear value noise in [-1, 1): a triangular value at each lattice point, from a hash of its row and
// then of its column, so the four corners share two row hashes.
float valueNoise(ivec2 cell, vec2 f, uint field) {
  uint row0 = pcg(uint(cell.y) + field);
  uint row1 = pcg(uint(cell.y + 1) + field);
  uint x0 = uint(cell.x);
  uint x1 = uint(cell.x + 1);
  float top = mix(triangular(pcg(x0 + row0)), triangular(pcg(x1 + row0)), f.x);
  float bottom = mix(triangular(pcg(x0 + row1)), triangular(pcg(x1 + row1)), f.x);
  return mix(top, bottom, f.y);
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 color, ivec2 p, ivec2 dims) {
  // The lattice is laid over the whole image: a tile of the full-resolution export lies at `origin`.
  vec2 q = (vec2(p + origin) + 0.5) / size;
  ivec2 cell = ivec2(floor(q));
  vec2 f = q - floor(q);
  // Three independent fields, each from its own hash of the seed.
  uint seedHash = pcg(seed);
  float y = valueNoise(cell, f, pcg(seedHash));
  float cb = valueNoise(cell, f, pcg(seedHash + 1u));
  float cr = valueNoise(cell, f, pcg(seedHash + 2u));
  float l = clamp(dot(color.rgb, vec3(0.299, 0.587, 0.114)), 0.0, 1.0);
  float weight = curve == 1 ? (1.0 - l) * (1.0 - l) : 4.0 * l * (1.0 - l);
  float luma = y * amount * weight;
  float a = cb * chroma * weight;
  float b = cr * chroma * weight;
  // BT.601's YCbCr to RGB, with the luma offset in every channel and Cb, Cr as the chroma offsets.
  vec3 delta = vec3(luma + 1.402 * b, luma - 0.344136 * a - 0.714136 * b, luma + 1.772 * a);
  return vec4(clamp(color.rgb + delta, vec3(0.0), vec3(1.0)), color.a);
}
