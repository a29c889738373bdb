// Sensor noise: a fresh value per pixel (and per channel for colour noise) from the integer PCG hash, so
// both backends and the CPU reference draw the same noise. Each value is triangular in [-1, 1), nearer
// to real sensor noise than a uniform one. Small sensors are noisiest in the shadows, so the strength
// grows as luminance falls, by up to 1 + 2 * shadowAmount in black.
#include "/shaders/common/pcg.wgsl"

@group(0) @binding(0) var<uniform> params: Params;

// One hash per pixel starts a chain; each value hashes the last.
fn draw(state: ptr<function, u32>) -> f32 {
  *state = pcg(*state);
  return triangular(*state);
}

// The overlay blend of image editors: multiply below mid-grey, screen above.
fn overlay(base: vec3f, layer: vec3f) -> vec3f {
  let low = 2.0 * base * layer;
  let high = 1.0 - 2.0 * (1.0 - base) * (1.0 - layer);
  return select(high, low, base < vec3f(0.5));
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  var state = pcg(u32(p.x) + pcg(u32(p.y) + pcg(params.seed)));
  var n: vec3f;
  if (params.monochrome != 0) {
    n = vec3f(draw(&state));
  } else {
    let r = draw(&state);
    let g = draw(&state);
    n = vec3f(r, g, draw(&state));
  }
  let luma = dot(color.rgb, vec3f(0.299, 0.587, 0.114));
  let dark = 1.0 - luma;
  let weight = 1.0 + 2.0 * params.shadowAmount * dark * dark * dark;
  let delta = n * (params.amount * weight);
  var rgb: vec3f;
  if (params.blendMode == 0) {
    rgb = color.rgb + delta;
  } else {
    rgb = overlay(color.rgb, clamp(vec3f(0.5) + delta, vec3f(0.0), vec3f(1.0)));
  }
  return vec4f(clamp(rgb, vec3f(0.0), vec3f(1.0)), color.a);
}
