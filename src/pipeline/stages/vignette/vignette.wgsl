// Vignette: darkens (or tints) the frame towards its corners, as cheap lenses and old phone cameras do.
// The falloff is a smoothstep in a radius normalised to the corners, dithered so it does not band.
#include "/shaders/common/pcg.wgsl"
#include "/shaders/common/vignette.wgsl"

@group(0) @binding(0) var<uniform> params: Params;

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  // Positions in the whole image: a tile of the full-resolution export lies at `origin` within it.
  let g = p + params.origin;
  let r = vignetteRadius(g, params.fullSize, params.scale);
  let k = params.amount * smoothstep(params.size, params.size + max(params.softness, 1e-4), r);
  var rgb: vec3f;
  if (params.blend == 1) {
    // Paint: the edge fades to the colour itself (a white or coloured frame).
    rgb = mix(color.rgb, params.color, k);
  } else {
    // Multiply: light falls off, tinted by the colour (black is a plain darkening).
    rgb = color.rgb * mix(vec3f(1.0), params.color, k);
  }
  rgb = rgb + vec3f(vignetteDither(g, clamp(k * 32.0, 0.0, 1.0)));
  return vec4f(clamp(rgb, vec3f(0.0), vec3f(1.0)), color.a);
}
