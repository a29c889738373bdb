// Vignette: darkens (or tints) the frame towards its corners, as cheap lenses and old phone cameras do.
// The falloff is a smoothstep in a radius normalised to the corners, dithered so it does not band.

#include "/shaders/common/pcg.glsl"
#include "/shaders/common/vignette.glsl"

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 source, ivec2 p, ivec2 dims) {
  // Positions in the whole image: a tile of the full-resolution export lies at `origin` within it.
  ivec2 g = p + origin;
  float r = vignetteRadius(g, fullSize, scale);
  float k = amount * smoothstep(size, size + max(softness, 1e-4), r);
  vec3 rgb;
  if (blend == 1) {
    // Paint: the edge fades to the colour itself (a white or coloured frame).
    rgb = mix(source.rgb, color, k);
  } else {
    // Multiply: light falls off, tinted by the colour (black is a plain darkening).
    rgb = source.rgb * mix(vec3(1.0), color, k);
  }
  rgb += vec3(vignetteDither(g, clamp(k * 32.0, 0.0, 1.0)));
  return vec4(clamp(rgb, vec3(0.0), vec3(1.0)), source.a);
}
