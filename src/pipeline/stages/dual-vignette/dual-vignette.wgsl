// Dual vignette: two rings laid one over the other. The inner one starts nearer the centre and washes the
// image towards its colour (a coloured glow or haze); the outer one starts further out and paints the
// edge towards its own colour (usually a dark rim). Between the two sizes the inner colour reads as a band.
#include "/shaders/common/pcg.wgsl"
#include "/shaders/common/vignette.wgsl"

@group(0) @binding(0) var<uniform> params: Params;

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  // Positions in the whole image: a tile of the full-resolution export lies at `origin` within it.
  let g = p + params.origin;
  let r = vignetteRadius(g, params.fullSize, params.scale);
  let inner = params.innerStrength *
    smoothstep(params.innerSize, params.innerSize + max(params.innerSoftness, 1e-4), r);
  let outer = params.outerStrength *
    smoothstep(params.outerSize, params.outerSize + max(params.outerSoftness, 1e-4), r);
  var rgb = mix(color.rgb, params.innerColor, inner);
  rgb = mix(rgb, params.outerColor, outer);
  rgb = rgb + vec3f(vignetteDither(g, clamp((inner + outer) * 32.0, 0.0, 1.0)));
  return vec4f(clamp(rgb, vec3f(0.0), vec3f(1.0)), color.a);
}
