// Bloom: light from the bright parts of the image spreads into its surroundings, as in a lens with
// veiling glare or a sensor whose wells overflow. After Jimenez (Next Generation Post Processing in Call
// of Duty: Advanced Warfare, SIGGRAPH 2014): a soft-kneed bright pass, a chain of half-size 13-tap
// downsamples (the first Karis-weighted), 3x3 tent upsamples summed back up the chain, and the sum added
// to the image.
#include "/shaders/common/light.wgsl"

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var linearSampler: sampler;
@group(0) @binding(4) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(5) var outputFloat: texture_storage_2d<rgba16float, write>;

// Half size: the bright pass of each 2x2 block's mean (one tap on its centre), on the brightest channel
// and scaled so that white gives 1 (an 8-bit photo has clipped its highlights; the glow should not fade
// as the threshold rises). It stays within 0..1, so 8 bits hold it, and they filter cheaply.
@compute @workgroup_size(8, 8)
fn bright(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(output));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let c = tapAt(input0, linearSampler, vec2f(p) * 2.0 + 1.0);
  let brightness = max(c.r, max(c.g, c.b));
  let weight = softThreshold(brightness, params.threshold, params.knee) / max(brightness, 1e-5);
  textureStore(output, p, vec4f(c * (weight * params.brightScale), 1.0));
}

fn karisWeight(c: vec3f) -> f32 {
  return 1.0 / (1.0 + dot(c, vec3f(0.2126, 0.7152, 0.0722)));
}

// First level of the chain (a quarter of the image): the 13-tap downsample with each box also weighted
// by 1 / (1 + luma) (Karis), so that lone bright texels cannot flicker into large blobs further down.
@compute @workgroup_size(8, 8)
fn prefilter(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let b = boxes13(input0, linearSampler, p);
  let w0 = 0.5 * karisWeight(b[0]);
  let w1 = 0.125 * karisWeight(b[1]);
  let w2 = 0.125 * karisWeight(b[2]);
  let w3 = 0.125 * karisWeight(b[3]);
  let w4 = 0.125 * karisWeight(b[4]);
  let sum = b[0] * w0 + b[1] * w1 + b[2] * w2 + b[3] * w3 + b[4] * w4;
  textureStore(outputFloat, p, vec4f(sum / (w0 + w1 + w2 + w3 + w4), 1.0));
}

@compute @workgroup_size(8, 8)
fn down(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  textureStore(outputFloat, p, vec4f(downsample13(input0, linearSampler, p), 1.0));
}

// This level plus the (weighted) tent-upsampled sum of every coarser one.
@compute @workgroup_size(8, 8)
fn up(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let level = textureLoad(input0, p, 0).rgb;
  textureStore(outputFloat, p, vec4f(level + tentUp(input1, linearSampler, p) * params.upWeight, 1.0));
}

// The last step up (level 1, a quarter of the size) also scales and tints the sum into the glow to add,
// in 8 bits: what it adds beyond 1 would clip anyway, and the full-size pass filters 8 bits cheaply.
@compute @workgroup_size(8, 8)
fn finish(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(output));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let sum = textureLoad(input0, p, 0).rgb + tentUp(input1, linearSampler, p) * params.upWeight;
  textureStore(output, p, vec4f(sum * (params.normalise * params.amount) * params.tint, 1.0));
}

// Adds the glow, bilinearly upsampled from a quarter of the size (it is smooth there), to the image.
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(output));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  textureStore(output, p, addLight(input0, input1, linearSampler, p, 0.25));
}
