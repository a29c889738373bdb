// Light leak: warm light that got in past a camera back's seal and fogged the film from one edge. Each of
// the two lobes is an ellipse anchored on that edge (half its length along the edge, its depth into the
// frame, both in pixels of the whole image). With f = 1 - smoothstep(0, 1, r) of the elliptical radius r,
// its light is f (2 - f): flat and near full strength by the edge, falling off smoothly to nothing at
// r = 1; where it is strongest its colour runs towards a pale hot core, as overexposed film does. The
// lobes are screen-blended over the image, as light added to the film, and dithered where they are faint
// so the long gradients do not band. The geometry comes from the seed in src/engine/stages/light-leak.ts,
// so every backend draws the same leak.
#include "/shaders/common/pcg.wgsl"
#include "/shaders/common/vignette.wgsl"

@group(0) @binding(0) var<uniform> params: Params;

const LEAK_HOT = vec3f(1.0, 0.93, 0.75);

// One lobe's light at q: `lobe` is its anchor on the edge (xy), half length (z) and depth (w).
fn leakLobe(q: vec2f, lobe: vec4f, tint: vec3f) -> vec3f {
  let rel = q - lobe.xy;
  let along = dot(rel, params.axis) / lobe.z;
  let across = abs(dot(rel, params.axis.yx)) / lobe.w;
  let f = 1.0 - smoothstep(0.0, 1.0, length(vec2f(along, across)));
  let light = f * (2.0 - f);
  return mix(tint, LEAK_HOT, 0.5 * light * light * light * light) * light;
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  // Positions in the whole image: a tile of the full-resolution export lies at `origin` within it.
  let g = p + params.origin;
  let q = vec2f(g) + 0.5;
  let a = params.amount * leakLobe(q, params.lobeA, params.colorA);
  let b = params.amount * params.strengthB * leakLobe(q, params.lobeB, params.colorB);
  var rgb = 1.0 - (1.0 - color.rgb) * (1.0 - a) * (1.0 - b);
  rgb = rgb + vec3f(vignetteDither(g, clamp((a.r + b.r) * 32.0, 0.0, 1.0)));
  return vec4f(clamp(rgb, vec3f(0.0), vec3f(1.0)), color.a);
}
