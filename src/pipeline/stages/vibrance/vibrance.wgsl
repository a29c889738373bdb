// Vibrance (GPUImage form): pushes each pixel away from (or towards) its brightest channel, in
// proportion to how far that channel already stands above the average, so muted colours move most.

@group(0) @binding(0) var<uniform> params: Params;

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  let average = (color.r + color.g + color.b) / 3.0;
  let mx = max(color.r, max(color.g, color.b));
  let amount = (mx - average) * (-3.0 * params.vibrance);
  let rgb = clamp(mix(color.rgb, vec3f(mx), amount), vec3f(0.0), vec3f(1.0));
  return vec4f(rgb, color.a);
}
