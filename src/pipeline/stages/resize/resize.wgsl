// Resize to any size. Mode 0, area: each output pixel is the average of the source pixels its footprint
// covers, weighted by how much of each it covers, so a large reduction averages every source pixel (no
// aliasing) and an enlargement copies pixels, blending only the seam pixels that straddle two sources.
// Mode 1, nearest: the source pixel under the output pixel's centre (a 2x enlargement makes 2x2 blocks).
// Mode 2, cubic (enlargements only): the Catmull-Rom cubic of the 4 x 4 source pixels around the output
// pixel's centre, edges clamped.
// Overlaps are measured in integer units of 1/(input size * output size), so the weights are exact and
// both backends pick the same texels.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var output: texture_storage_2d<rgba8unorm, write>;

/** Overlap of source texel i, [i * outSize, (i + 1) * outSize), with output texel o, [o * inSize, (o + 1) * inSize). */
fn overlap(i: i32, o: i32, inSize: i32, outSize: i32) -> f32 {
  return f32(min((i + 1) * outSize, (o + 1) * inSize) - max(i * outSize, o * inSize));
}

#include "/shaders/common/cubic.wgsl"

fn cubic(p: vec2i, inSize: vec2i) -> vec4f {
  return cubicAt((vec2f(p) + 0.5) * vec2f(inSize) / vec2f(params.size) - 0.5, inSize);
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let outSize = params.size;
  let p = vec2i(id.xy);
  if (p.x >= outSize.x || p.y >= outSize.y) { return; }
  let inSize = vec2i(textureDimensions(input0));
  if (params.mode == 2) {
    textureStore(output, p, cubic(p, inSize));
    return;
  }
  if (params.mode == 1) {
    let source = min(((2 * p + 1) * inSize) / (2 * outSize), inSize - 1);
    textureStore(output, p, textureLoad(input0, source, 0));
    return;
  }
  let first = (p * inSize) / outSize;
  let last = min(((p + 1) * inSize - 1) / outSize, inSize - 1);
  var sum = vec4f(0.0);
  for (var y = first.y; y <= last.y; y++) {
    var row = vec4f(0.0);
    for (var x = first.x; x <= last.x; x++) {
      row += textureLoad(input0, vec2i(x, y), 0) * overlap(x, p.x, inSize.x, outSize.x);
    }
    sum += row * overlap(y, p.y, inSize.y, outSize.y);
  }
  textureStore(output, p, sum / (f32(inSize.x) * f32(inSize.y)));
}
