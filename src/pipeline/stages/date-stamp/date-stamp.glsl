// Date stamp: seven-segment digits as a film camera's LCD date back printed them, orange through the
// film base. Each pixel measures its distance to the lit segments of the glyphs near it (capsules around
// the segments' lines, in digit heights, with the digit's slant undone first), so the digits are sharp at
// any size; the ink's edge is a smoothstep a few hundredths of a digit wide (the light's bleed in the
// emulsion) and a redder glow falls off quadratically over half a digit height. Both are screen-blended,
// as light added to the film is. The geometry is DATE_GEOMETRY in src/engine/stages/date-stamp.ts.

const float HALF_W = 0.19;
const float HALF_H = 0.44;
const float GAP = 0.035;
const float STROKE = 0.12;
const float SLANT = 0.12;
const float TICK = 0.2;
const float DOT_RADIUS = 0.075;
// The glow's strength at the ink's edge, its reach in digit heights, and its tint (redder than the ink).
const float GLOW = 0.3;
const float GLOW_REACH = 0.5;
const vec3 GLOW_TINT = vec3(1.0, 0.55, 0.35);

// Distance from u to the line from a to b.
float stampStroke(vec2 u, vec2 a, vec2 b) {
  vec2 ab = b - a;
  float t = clamp(dot(u - a, ab) / dot(ab, ab), 0.0, 1.0);
  return length(u - a - ab * t);
}

// Signed distance, in digit heights, from u (upright digit coordinates, y down) to the glyph's ink.
float stampGlyph(vec2 u, uint mask) {
  float w = HALF_W - GAP;
  float h = HALF_H - GAP;
  float d = 1e3;
  if ((mask & 1u) != 0u) d = min(d, stampStroke(u, vec2(-w, -HALF_H), vec2(w, -HALF_H)));
  if ((mask & 2u) != 0u) d = min(d, stampStroke(u, vec2(HALF_W, -h), vec2(HALF_W, -GAP)));
  if ((mask & 4u) != 0u) d = min(d, stampStroke(u, vec2(HALF_W, GAP), vec2(HALF_W, h)));
  if ((mask & 8u) != 0u) d = min(d, stampStroke(u, vec2(-w, HALF_H), vec2(w, HALF_H)));
  if ((mask & 16u) != 0u) d = min(d, stampStroke(u, vec2(-HALF_W, GAP), vec2(-HALF_W, h)));
  if ((mask & 32u) != 0u) d = min(d, stampStroke(u, vec2(-HALF_W, -h), vec2(-HALF_W, -GAP)));
  if ((mask & 64u) != 0u) d = min(d, stampStroke(u, vec2(-w, 0.0), vec2(w, 0.0)));
  // The apostrophe: a short stroke from the top; the dot: a disc on the baseline.
  if ((mask & 128u) != 0u) d = min(d, stampStroke(u, vec2(0.0, -HALF_H), vec2(0.0, TICK - HALF_H)));
  if ((mask & 256u) != 0u) d = min(d, length(u - vec2(0.0, HALF_H)) - DOT_RADIUS + 0.5 * STROKE);
  return d - 0.5 * STROKE;
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 source, ivec2 p, ivec2 dims) {
  // Positions in the whole image: a tile of the full-resolution export lies at `origin` within it.
  vec2 q = vec2(p + origin) + 0.5;
  if (opacity <= 0.0 || q.x < bounds.x || q.y < bounds.y || q.x > bounds.z || q.y > bounds.w) {
    return source;
  }
  float d = 1e3;
  for (int i = 0; i < count; i++) {
    vec4 glyph = glyphs[i];
    vec2 rel = (q - glyph.xy) / height;
    // No glyph's ink or glow reaches farther than this from its centre.
    if (abs(rel.x) > 0.85) continue;
    d = min(d, stampGlyph(vec2(rel.x + SLANT * rel.y, rel.y), uint(glyph.z)));
  }
  float edge = max(0.035 * height, 0.75);
  float ink = 1.0 - smoothstep(-edge, edge, d * height);
  float fall = 1.0 - clamp(d / GLOW_REACH, 0.0, 1.0);
  float glow = GLOW * fall * fall;
  vec3 layer = opacity * color * (ink + (1.0 - ink) * glow * GLOW_TINT);
  vec3 rgb = 1.0 - (1.0 - source.rgb) * (1.0 - layer);
  return vec4(clamp(rgb, vec3(0.0), vec3(1.0)), source.a);
}
