// Light leak: warm light that got in past a camera back's seal and fogged the film from one edge. Each of
// the two lobes is an ellipse anchored on that edge (half its length along the edge, its depth into the
// frame, both in pixels of the whole image). With f = 1 - smoothstep(0, 1, r) of the elliptical radius r,
// its light is f (2 - f): flat and near full strength by the edge, falling off smoothly to nothing at
// r = 1; where it is strongest its colour runs towards a pale hot core, as overexposed film does. The
// lobes are screen-blended over the image, as light added to the film, and dithered where they are faint
// so the long gradients do not band. The geometry comes from the seed in src/engine/stages/light-leak.ts,
// so every backend draws the same leak.

#include "/shaders/common/pcg.glsl"
#include "/shaders/common/vignette.glsl"

const vec3 LEAK_HOT = vec3(1.0, 0.93, 0.75);

// One lobe's light at q: `lobe` is its anchor on the edge (xy), half length (z) and depth (w).
vec3 leakLobe(vec2 q, vec4 lobe, vec3 tint) {
  vec2 rel = q - lobe.xy;
  float along = dot(rel, axis) / lobe.z;
  float across = abs(dot(rel, axis.yx)) / lobe.w;
  float f = 1.0 - smoothstep(0.0, 1.0, length(vec2(along, across)));
  float light = f * (2.0 - f);
  return mix(tint, LEAK_HOT, 0.5 * light * light * light * light) * light;
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 color, ivec2 p, ivec2 dims) {
  // Positions in the whole image: a tile of the full-resolution export lies at `origin` within it.
  ivec2 g = p + origin;
  vec2 q = vec2(g) + 0.5;
  vec3 a = amount * leakLobe(q, lobeA, colorA);
  vec3 b = amount * strengthB * leakLobe(q, lobeB, colorB);
  vec3 rgb = 1.0 - (1.0 - color.rgb) * (1.0 - a) * (1.0 - b);
  rgb += vec3(vignetteDither(g, clamp((a.r + b.r) * 32.0, 0.0, 1.0)));
  return vec4(clamp(rgb, vec3(0.0), vec3(1.0)), color.a);
}
