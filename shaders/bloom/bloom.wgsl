// Bloom: light from the bright parts of the image spreads into its surroundings, as in a lens with
// veiling glare or a sensor whose wells overflow. After Jimenez (Next Generation Post Processing in Call
// of Duty: Advanced Warfare, SIGGRAPH 2014): a soft-kneed bright pass, a chain of half-size 13-tap
// downsamples, 3x3 tent upsamples summed back up the chain, and the sum added to the image.
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
@group(0) @binding(3) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(4) var outputFloat: texture_storage_2d<rgba16float, write>;

// The bright pass on the brightest channel, scaled so that white gives 1: an 8-bit photo has clipped its
// highlights, and the glow should not fade as the threshold rises.
fn brightPass(c: vec3f) -> vec3f {
  let brightness = max(c.r, max(c.g, c.b));
  let weight = softThreshold(brightness, params.threshold, params.knee) / max(brightness, 1e-5);
  return c * (weight * params.brightScale);
}

// First step: the 13-tap downsample of the bright pass, with each of its five boxes weighted by
// 1 / (1 + luma) (Karis) so that lone bright texels cannot flicker into large blobs at coarse levels.
@compute @workgroup_size(8, 8)
fn prefilter(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  var t = gather36(input0, p);
  for (var i = 0; i < 36; i++) { t[i] = brightPass(t[i]); }
  var b = boxes13(&t);
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
  textureStore(outputFloat, p, vec4f(downsample13(input0, p), 1.0));
}

// The 3x3 tent (radius one coarse texel) over the next coarser level, at fine texel p, as its 4x4 texel
// weights: (1, 5, 7, 3) / 16 along an axis where p is even, mirrored where it is odd.
fn tentUp(p: vec2i) -> vec3f {
  let start = (p - 3) >> vec2u(1u);
  let even = vec4f(1.0, 5.0, 7.0, 3.0) / 16.0;
  let wx = select(even, even.wzyx, (p.x & 1) == 1);
  let wy = select(even, even.wzyx, (p.y & 1) == 1);
  var sum = vec3f(0.0);
  for (var y = 0; y < 4; y++) {
    var row = vec3f(0.0);
    for (var x = 0; x < 4; x++) { row += loadClamped(input1, start + vec2i(x, y)) * wx[x]; }
    sum += row * wy[y];
  }
  return sum;
}

// This level plus the (weighted) upsampled sum of every coarser one.
@compute @workgroup_size(8, 8)
fn up(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let level = textureLoad(input0, p, 0).rgb;
  textureStore(outputFloat, p, vec4f(level + tentUp(p) * params.upWeight, 1.0));
}

// Adds the tinted glow, bilinearly upsampled from half size (it is smooth there already), to the image.
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(output));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let color = textureLoad(input0, p, 0);
  let glow = bilinearAt(input1, (vec2f(p) + 0.5) * 0.5) * (params.normalise * params.amount) * params.tint;
  textureStore(output, p, vec4f(clamp(color.rgb + glow, vec3f(0.0), vec3f(1.0)), color.a));
}
