// Bloom: light from the bright parts of the image spreads into its surroundings, as in a lens with
// veiling glare or a sensor whose wells overflow. After Jimenez (Next Generation Post Processing in Call
// of Duty: Advanced Warfare, SIGGRAPH 2014): a soft-kneed bright pass, a chain of half-size 13-tap
// downsamples, 3x3 tent upsamples summed back up the chain, and the sum added to the image.
//
// Every bilinear tap lands on a texel corner (downsamples) or a quarter position (upsamples), so its
// weights are exact in any filtering hardware and the CPU reference can follow it tap for tap.

struct Params {
  tint: vec3f,
  threshold: f32,
  knee: f32,
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

// Quadratic soft threshold on the brightest channel: zero below threshold - knee, a parabola across the
// knee, linear above threshold + knee, so that nothing pops on or off.
fn brightPass(c: vec3f) -> vec3f {
  let brightness = max(c.r, max(c.g, c.b));
  var soft = clamp(brightness - params.threshold + params.knee, 0.0, 2.0 * params.knee);
  soft = soft * soft / (4.0 * params.knee + 1e-5);
  let contribution = max(soft, brightness - params.threshold) / max(brightness, 1e-5);
  return c * contribution;
}

// A bilinear tap at a position in the source's texel units (continuous: texel i spans [i, i + 1]).
fn tap0(at: vec2f, size: vec2f) -> vec3f {
  return textureSampleLevel(input0, linearSampler, at / size, 0.0).rgb;
}

fn tap1(at: vec2f, size: vec2f) -> vec3f {
  return textureSampleLevel(input1, linearSampler, at / size, 0.0).rgb;
}

fn karisWeight(c: vec3f) -> f32 {
  return 1.0 / (1.0 + dot(c, vec3f(0.2126, 0.7152, 0.0722)));
}

// The 13 taps around the centre of the 2x2 source block of destination texel `p`, in five overlapping
// 2x2 boxes: the centre box (weight 1/2) and four corner boxes (1/8 each).
struct Taps {
  centre: vec3f,
  inner: array<vec3f, 4>,
  outer: array<vec3f, 8>,
}

fn gather13(p: vec2i, size: vec2f, threshold: bool) -> Taps {
  let c = vec2f(p) * 2.0 + 1.0;
  var taps: Taps;
  taps.centre = tap0(c, size);
  taps.inner[0] = tap0(c + vec2f(-1.0, -1.0), size);
  taps.inner[1] = tap0(c + vec2f(1.0, -1.0), size);
  taps.inner[2] = tap0(c + vec2f(-1.0, 1.0), size);
  taps.inner[3] = tap0(c + vec2f(1.0, 1.0), size);
  taps.outer[0] = tap0(c + vec2f(-2.0, -2.0), size);
  taps.outer[1] = tap0(c + vec2f(0.0, -2.0), size);
  taps.outer[2] = tap0(c + vec2f(2.0, -2.0), size);
  taps.outer[3] = tap0(c + vec2f(-2.0, 0.0), size);
  taps.outer[4] = tap0(c + vec2f(2.0, 0.0), size);
  taps.outer[5] = tap0(c + vec2f(-2.0, 2.0), size);
  taps.outer[6] = tap0(c + vec2f(0.0, 2.0), size);
  taps.outer[7] = tap0(c + vec2f(2.0, 2.0), size);
  if (threshold) {
    taps.centre = brightPass(taps.centre);
    for (var i = 0; i < 4; i++) { taps.inner[i] = brightPass(taps.inner[i]); }
    for (var i = 0; i < 8; i++) { taps.outer[i] = brightPass(taps.outer[i]); }
  }
  return taps;
}

// Box averages: the centre box, then top-left, top-right, bottom-left, bottom-right.
fn boxes(t: Taps) -> array<vec3f, 5> {
  return array<vec3f, 5>(
    (t.inner[0] + t.inner[1] + t.inner[2] + t.inner[3]) * 0.25,
    (t.outer[0] + t.outer[1] + t.outer[3] + t.centre) * 0.25,
    (t.outer[1] + t.outer[2] + t.centre + t.outer[4]) * 0.25,
    (t.outer[3] + t.centre + t.outer[5] + t.outer[6]) * 0.25,
    (t.centre + t.outer[4] + t.outer[6] + t.outer[7]) * 0.25,
  );
}

// First step: bright pass, and each box weighted by 1 / (1 + luma) (Karis) so that lone bright texels
// cannot flicker into large blobs at the coarse levels.
@compute @workgroup_size(8, 8)
fn prefilter(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  var b = boxes(gather13(p, vec2f(textureDimensions(input0)), true));
  var sum = vec3f(0.0);
  var weights = 0.0;
  for (var i = 0; i < 5; i++) {
    let w = select(0.125, 0.5, i == 0) * karisWeight(b[i]);
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
  let b = boxes(gather13(p, vec2f(textureDimensions(input0)), false));
  let sum = b[0] * 0.5 + (b[1] + b[2] + b[3] + b[4]) * 0.125;
  textureStore(outputFloat, p, vec4f(sum, 1.0));
}

// 3x3 tent over the next coarser level, at this texel's position in it (coarse units are half of ours).
fn tent1(p: vec2i) -> vec3f {
  let size = vec2f(textureDimensions(input1));
  let c = (vec2f(p) + 0.5) * 0.5;
  var sum = tap1(c, size) * 4.0;
  sum += (tap1(c + vec2f(-1.0, 0.0), size) + tap1(c + vec2f(1.0, 0.0), size)) * 2.0;
  sum += (tap1(c + vec2f(0.0, -1.0), size) + tap1(c + vec2f(0.0, 1.0), size)) * 2.0;
  sum += tap1(c + vec2f(-1.0, -1.0), size) + tap1(c + vec2f(1.0, -1.0), size);
  sum += tap1(c + vec2f(-1.0, 1.0), size) + tap1(c + vec2f(1.0, 1.0), size);
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
