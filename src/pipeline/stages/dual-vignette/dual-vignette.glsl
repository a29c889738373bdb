// Dual vignette: two rings laid one over the other. The inner one starts nearer the centre and washes the
// image towards its colour (a coloured glow or haze); the outer one starts further out and paints the
// edge towards its own colour (usually a dark rim). Between the two sizes the inner colour reads as a band.

#include "/shaders/common/pcg.glsl"
#include "/shaders/common/vignette.glsl"

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 source, ivec2 p, ivec2 dims) {
  // Positions in the whole image: a tile of the full-resolution export lies at `origin` within it.
  ivec2 g = p + origin;
  float r = vignetteRadius(g, fullSize, scale);
  float inner = innerStrength * smoothstep(innerSize, innerSize + max(innerSoftness, 1e-4), r);
  float outer = outerStrength * smoothstep(outerSize, outerSize + max(outerSoftness, 1e-4), r);
  vec3 rgb = mix(source.rgb, innerColor, inner);
  rgb = mix(rgb, outerColor, outer);
  rgb += vec3(vignetteDither(g, clamp((inner + outer) * 32.0, 0.0, 1.0)));
  return vec4(clamp(rgb, vec3(0.0), vec3(1.0)), source.a);
}
