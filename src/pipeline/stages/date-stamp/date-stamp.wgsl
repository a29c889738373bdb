// Date stamp: seven-segment digits as a film camera's LCD date back printed them, orange through the
// film base. Each pixel measures its distance to the lit segments of the glyphs near it (capsules around
// the segments' lines, in digit heights, with the digit's slant undone first), so the digits are sharp at
// any size; the ink's edge is a smoothstep a few hundredths of a digit wide (the light's bleed in the
// emulsion) and a redder glow falls off quadratically over half a digit height. Both are screen-blended,
// as light added to the film is. The geometry is DATE_GEOMETRY in src/engine/stages/date-stamp.ts.

@group(0) @binding(0) var<uniform> params: Params;

const HALF_W = 0.19;
const HALF_H = 0.44;
const GAP = 0.035;
const STROKE = 0.12;
const SLANT = 0.12;
const TICK = 0.2;
const DOT_RADIUS = 0.075;
// The glow's strength at the ink's edge, its reach in digit heights, and its tint (redder than the ink).
const GLOW = 0.3;
const GLOW_REACH = 0.5;
const GLOW_TINT = vec3f(1.0, 0.55, 0.35);

// Distance from u to the line from a to b.
fn stampStroke(u: vec2f, a: vec2f, b: vec2f) -> f32 {
  let ab = b - a;
  let t = clamp(dot(u - a, ab) / dot(ab, ab), 0.0, 1.0);
  return length(u - a - ab * t);
}

// Signed distance, in digit heights, from u (upright digit coordinates, y down) to the glyph's ink.
fn stampGlyph(u: vec2f, mask: u32) -> f32 {
  let w = HALF_W - GAP;
  let h = HALF_H - GAP;
  var d = 1e3;
  if ((mask & 1u) != 0u) { d = min(d, stampStroke(u, vec2f(-w, -HALF_H), vec2f(w, -HALF_H))); }
  if ((mask & 2u) != 0u) { d = min(d, stampStroke(u, vec2f(HALF_W, -h), vec2f(HALF_W, -GAP))); }
  if ((mask & 4u) != 0u) { d = min(d, stampStroke(u, vec2f(HALF_W, GAP), vec2f(HALF_W, h))); }
  if ((mask & 8u) != 0u) { d = min(d, stampStroke(u, vec2f(-w, HALF_H), vec2f(w, HALF_H))); }
  if ((mask & 16u) != 0u) { d = min(d, stampStroke(u, vec2f(-HALF_W, GAP), vec2f(-HALF_W, h))); }
  if ((mask & 32u) != 0u) { d = min(d, stampStroke(u, vec2f(-HALF_W, -h), vec2f(-HALF_W, -GAP))); }
  if ((mask & 64u) != 0u) { d = min(d, stampStroke(u, vec2f(-w, 0.0), vec2f(w, 0.0))); }
  // The apostrophe: a short stroke from the top; the dot: a disc on the baseline.
  if ((mask & 128u) != 0u) { d = min(d, stampStroke(u, vec2f(0.0, -HALF_H), vec2f(0.0, TICK - HALF_H))); }
  if ((mask & 256u) != 0u) { d = min(d, length(u - vec2f(0.0, HALF_H)) - DOT_RADIUS + 0.5 * STROKE); }
  return d - 0.5 * STROKE;
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  // Positions in the whole image: a tile of the full-resolution export lies at `origin` within it.
  let q = vec2f(p + params.origin) + 0.5;
  let box = params.bounds;
  if (params.opacity <= 0.0 || q.x < box.x || q.y < box.y || q.x > box.z || q.y > box.w) {
    return color;
  }
  var d = 1e3;
  for (var i = 0; i < params.count; i++) {
    let glyph = params.glyphs[i];
    let rel = (q - glyph.xy) / params.height;
    // No glyph's ink or glow reaches farther than this from its centre.
    if (abs(rel.x) > 0.85) {
      continue;
    }
    d = min(d, stampGlyph(vec2f(rel.x + SLANT * rel.y, rel.y), u32(glyph.z)));
  }
  let edge = max(0.035 * params.height, 0.75);
  let ink = 1.0 - smoothstep(-edge, edge, d * params.height);
  let fall = 1.0 - clamp(d / GLOW_REACH, 0.0, 1.0);
  let glow = GLOW * fall * fall;
  let layer = params.opacity * params.color * (ink + (1.0 - ink) * glow * GLOW_TINT);
  let rgb = 1.0 - (1.0 - color.rgb) * (1.0 - layer);
  return vec4f(clamp(rgb, vec3f(0.0), vec3f(1.0)), color.a);
}
