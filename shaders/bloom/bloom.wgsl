// Bloom: light from the bright parts of the image spreads into its surroundings, as in a lens with
// veiling glare or a sensor whose wells overflow. After Jimenez (Next Generation Post Processing in Call
// of Duty: Advanced Warfare, SIGGRAPH 2014): a soft-kneed bright pass, a chain of half-size 13-tap
// downsamples, 3x3 tent upsamples summed back up the chain, and the sum added to the image.
//
// Every bilinear tap lands on a texel corner (downsamples) or a quarter position (upsamples), so its
// weights are exact in any filtering hardware and the CPU reference can follow it tap for tap.

#include "../common/light.wgsl"

struct Params {
  tint: vec3f,
  threshold: f32,
  knee: f32,
  brightScale: f32,
  amount: f32,
  upWeight: f32,
  normalise: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var linearSampler: sampler;
@group(0) @binding(4) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(5) var outputFloat: texture_storage_2d<rgba16float, write>;

// The bright pass, scaled so that white gives 1: an 8-bit photo has clipped its highlights, and the glow
// should not fade as the threshold rises.
fn brightPass(c: vec3f) -> vec3f {
  let brightness = max(c.r, max(c.g, c.b));
  let weight = softThreshold(brightness, params.threshold, params.knee) / max(brightness, 1e-5);
  return c * (weight * params.brightScale);
}

fn tap0(at: vec2f) -> vec3f {
  return brightPass(tapAt(input0, linearSampler, at));
}

// First step: the 13 taps of downsample13, bright-passed one by one, and each of the five boxes weighted
// by 1 / (1 + luma) (Karis) so that lone bright texels cannot flicker into large blobs at coarse levels.
@compute @workgroup_size(8, 8)
fn prefilter(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let c = vec2f(p) * 2.0 + 1.0;
  let centre = tap0(c);
  let o0 = tap0(c + vec2f(-2.0, -2.0));
  let o1 = tap0(c + vec2f(0.0, -2.0));
  let o2 = tap0(c + vec2f(2.0, -2.0));
  let o3 = tap0(c + vec2f(-2.0, 0.0));
  let o4 = tap0(c + vec2f(2.0, 0.0));
  let o5 = tap0(c + vec2f(-2.0, 2.0));
  let o6 = tap0(c + vec2f(0.0, 2.0));
  let o7 = tap0(c + vec2f(2.0, 2.0));
  var b: array<vec3f, 5>;
  b[0] = (tap0(c + vec2f(-1.0, -1.0)) + tap0(c + vec2f(1.0, -1.0)) + tap0(c + vec2f(-1.0, 1.0)) +
    tap0(c + vec2f(1.0, 1.0))) * 0.25;
  b[1] = (o0 + o1 + o3 + centre) * 0.25;
  b[2] = (o1 + o2 + centre + o4) * 0.25;
  b[3] = (o3 + centre + o5 + o6) * 0.25;
  b[4] = (centre + o4 + o6 + o7) * 0.25;
  var sum = vec3f(0.0);
  var weights = 0.0;
  for (var i = 0; i < 5; i++) {
    let w = select(0.125, 0.5, i == 0) / (1.0 + dot(b[i], vec3f(0.2126, 0.7152, 0.0722)));
    sum += b[i] * w;
    weights += w;
  }
  textureStore(outputFloat, p, vec4f(sum / weights, 1.0));
}

@compute @workgroup_size(8, 8)
fn down(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  textureStore(outputFloat, p, vec4f(downsample13(input0, linearSampler, p), 1.0));
}

fn coarse(at: vec2f) -> vec3f {
  return tapAt(input1, linearSampler, at);
}

// 3x3 tent over the next coarser level, at this texel's position in it (coarse units are half of ours).
fn tent1(p: vec2i) -> vec3f {
  let c = (vec2f(p) + 0.5) * 0.5;
  var sum = coarse(c) * 4.0;
  sum += (coarse(c + vec2f(-1.0, 0.0)) + coarse(c + vec2f(1.0, 0.0))) * 2.0;
  sum += (coarse(c + vec2f(0.0, -1.0)) + coarse(c + vec2f(0.0, 1.0))) * 2.0;
  sum += coarse(c + vec2f(-1.0, -1.0)) + coarse(c + vec2f(1.0, -1.0));
  sum += coarse(c + vec2f(-1.0, 1.0)) + coarse(c + vec2f(1.0, 1.0));
  return sum / 16.0;
}

// This level plus the (weighted) upsampled sum of every coarser one.
@compute @workgroup_size(8, 8)
fn up(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let level = textureLoad(input0, p, 0).rgb;
  textureStore(outputFloat, p, vec4f(level + tent1(p) * params.upWeight, 1.0));
}

// Adds the tinted glow to the image.
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(output));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let color = textureLoad(input0, p, 0);
  let glow = tent1(p) * params.normalise * params.amount * params.tint;
  textureStore(output, p, vec4f(clamp(color.rgb + glow, vec3f(0.0), vec3f(1.0)), color.a));
}
