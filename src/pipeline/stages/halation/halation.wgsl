// Halation (src/engine/stages/halation.ts): light reflected off the film base comes back into the red
// layer from behind, so highlights get a red-orange rim outside them rather than a white bloom. `mask` is
// the bright pass b = smoothstep(threshold, 1, max channel), the shared gaussian spreads it by the radius,
// and `main` screens the tint on by h = min(1, amount gain spread (1 - b(self))), mostly outside the
// highlight: out = in + h tint (1 - in), exactly the input where nothing bright is near.
#include "/shaders/common/gaussian-bindings.wgsl"
#include "/shaders/common/gaussian-passes.wgsl"

fn brightness(c: vec3f) -> f32 {
  return smoothstep(params.threshold, 1.0, max(c.r, max(c.g, c.b)));
}

@compute @workgroup_size(8, 8)
fn mask(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let b = brightness(textureLoad(input0, p, 0).rgb);
  textureStore(output, p, vec4f(b, b, b, 1.0));
}

// input0: the image; input1: the spread bright pass (rows, or low resolution).
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let c = textureLoad(input0, p, 0);
  let glow = blurred(input1, p).r * (1.0 - brightness(c.rgb));
  let h = min(1.0, params.amount * params.gain * glow) * params.tint;
  textureStore(output, p, vec4f(c.rgb + h * (1.0 - c.rgb), c.a));
}
