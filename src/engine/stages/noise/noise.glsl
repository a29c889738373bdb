// Sensor noise: a fresh value per pixel (and per channel for colour noise) from the integer PCG hash, so
// both backends and the CPU reference draw the same noise. Each value is triangular in [-1, 1), nearer
// to real sensor noise than a uniform one. Small sensors are noisiest in the shadows, so the strength
// grows as luminance falls, by up to 1 + 2 * shadowAmount in black.

#include "/shaders/common/pcg.glsl"

// One hash per pixel starts a chain; each value hashes the last.
float draw(inout uint state) {
  state = pcg(state);
  return triangular(state);
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
  if (monochrome != 0) {
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
