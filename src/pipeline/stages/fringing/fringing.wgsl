// Purple fringing (src/engine/stages/fringing.ts): the dark side of an edge next to a clipped highlight
// turns purple-blue, as a cheap lens's lateral chromatic aberration and a CCD's blooming draw it. `mask`
// marks the clipped pixels, the shared gaussian spreads the mask by the radius, and `main` mixes towards
// the tint by amount min(1, gain spread) (1 - clip(self)) (1 - luma): on dark pixels beside highlights
// only, never on the clipped pixels themselves, and nowhere in a photo with nothing clipped.
#include "/shaders/common/gaussian-bindings.wgsl"
#include "/shaders/common/gaussian-passes.wgsl"
#include "/shaders/common/clip.wgsl"

@compute @workgroup_size(8, 8)
fn mask(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let m = clipped(textureLoad(input0, p, 0).rgb);
  textureStore(output, p, vec4f(m, m, m, 1.0));
}

// input0: the image; input1: the spread mask (rows, or low resolution).
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let c = textureLoad(input0, p, 0);
  let spread = min(1.0, params.gain * blurred(input1, p).r);
  let dark = 1.0 - dot(c.rgb, vec3f(0.2126, 0.7152, 0.0722));
  let w = params.amount * spread * (1.0 - clipped(c.rgb)) * dark;
  textureStore(output, p, vec4f(mix(c.rgb, params.tint, w), c.a));
}
