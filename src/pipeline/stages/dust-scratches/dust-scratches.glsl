// Dust and scratches: the accidents of a film print. Dust on the negative prints as light specks, dust
// and hairs on the print as dark ones; a scratch in the negative is a thin light line along the film.
// Nothing is listed: the whole image is laid with cells 3 % of its long side, each holding at most one
// speck or hair (position, size, shape from the integer hash of the cell), which stays within a cell of
// its centre, so a pixel looks at the 3 x 3 cells around it. Scratches come from columns 5 % of the long
// side wide, at most one each and inside it, so a pixel looks at its own column. Sizes are fractions of
// the long side so that a thumbnail or a tile shows what the whole image shows.

#include "/shaders/common/pcg.glsl"

const float CELL = 0.03;
const float BAND = 0.05;
const float TAU = 6.2831853;
const vec3 LIGHT = vec3(1.0);
const vec3 DARK = vec3(0.05);

float unitLow(uint h) {
  return float(h & 0xffffu) / 65536.0;
}

float unitHigh(uint h) {
  return float(h >> 16u) / 65536.0;
}

// Whether a hash's upper 24 bits, as a fraction, fall below p (exact in 32-bit floats).
bool chance(uint h, float p) {
  return float(h >> 8u) / 16777216.0 < p;
}

// Coverage of a pixel at distance d from a shape's centre (line) for a half-width in pixels: a pixel-wide
// ramp at the edge, and a shape thinner than a pixel fades by its width instead of showing a full pixel.
float coverage(float d, float halfWidth) {
  return clamp(halfWidth + 0.5 - d, 0.0, 1.0) * min(1.0, 2.0 * halfWidth);
}

// sin(TAU t) with the argument brought into [-pi, pi), where every backend's sine is accurate.
float wave(float t) {
  return -sin(TAU * fract(t) - 3.14159265);
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 color, ivec2 p, ivec2 dims) {
  float unit = float(max(fullSize.x, fullSize.y));
  vec2 g = vec2(p + origin) + 0.5;
  float cellSize = CELL * unit;
  ivec2 home = ivec2(floor(g / cellSize));
  float density = 0.25 * amount;
  float opacity = 0.4 + 0.6 * amount;
  uint seedHash = pcg(seed);
  vec3 rgb = color.rgb;
  // The nine cells in rows from the top, so every pixel mixes its accidents in the same order.
  for (int dy = -1; dy <= 1; dy++) {
    uint row = pcg(uint(home.y + dy) + seedHash);
    for (int dx = -1; dx <= 1; dx++) {
      ivec2 cell = home + ivec2(dx, dy);
      uint h0 = pcg(uint(cell.x) + row);
      if (!chance(h0, density)) {
        continue;
      }
      uint h1 = pcg(h0);
      uint h2 = pcg(h1);
      uint h3 = pcg(h2);
      uint h4 = pcg(h3);
      vec2 d = g - (vec2(cell) + vec2(unitLow(h1), unitHigh(h1))) * cellSize;
      float angle = (unitHigh(h2) - 0.5) * TAU;
      vec2 axis = vec2(cos(angle), sin(angle));
      float u = dot(d, axis);
      float v = dot(d, vec2(-axis.y, axis.x));
      float k;
      bool light;
      if ((h0 & 0xffu) < 31u) {
        // A hair, one in eight: a parabola along the axis whose ends sag by up to a quarter of its
        // half-length, 2.4 to 4.2 % of the long side long, tapering at its ends.
        float halfLength = cellSize * (0.4 + 0.3 * unitLow(h2));
        float bend = (unitLow(h3) - 0.5) * 0.5 / halfLength;
        float slope = 2.0 * bend * u;
        float across = abs(v - bend * u * u) / sqrt(1.0 + slope * slope);
        float taper = clamp((halfLength - abs(u)) / (0.25 * halfLength), 0.0, 1.0);
        k = coverage(across, unit * (0.0003 + 0.0003 * unitHigh(h3))) * taper;
        light = unitHigh(h4) < 0.5;
      } else {
        // A speck: an ellipse up to twice as long as wide, mostly small (the radius's square is uniform).
        float s = unitLow(h2);
        float aspect = 1.0 + unitLow(h3);
        k = coverage(length(vec2(u, v * aspect)), unit * (0.0005 + 0.002 * s * s));
        light = unitHigh(h4) < 0.75;
      }
      vec3 tone = light ? LIGHT : DARK;
      rgb = rgb + (tone - rgb) * (k * opacity * (0.55 + 0.45 * unitLow(h4)));
    }
  }
  // The scratch of this pixel's column, if it has one: light, wobbling gently, fading in at its ends and
  // flickering along its length as the scratch's depth varies.
  int band = int(floor(g.x / (BAND * unit)));
  uint s0 = pcg(uint(band) + pcg(seedHash + 1u));
  if (chance(s0, 0.2 * amount)) {
    uint s1 = pcg(s0);
    uint s2 = pcg(s1);
    uint s3 = pcg(s2);
    uint s4 = pcg(s3);
    float height = float(fullSize.y);
    float wobble = unit * 0.002 * unitHigh(s1) * wave((1.0 + 2.0 * unitLow(s2)) * g.y / unit + unitHigh(s2));
    float x = (float(band) + 0.15 + 0.7 * unitLow(s1)) * BAND * unit + wobble;
    float top = height * (0.3 * unitLow(s3) - 0.1);
    float bottom = height * (1.1 - 0.3 * unitHigh(s3));
    float fade = 0.02 * unit;
    float ends = clamp((g.y - top) / fade, 0.0, 1.0) * clamp((bottom - g.y) / fade, 0.0, 1.0);
    float flicker = 0.7 + 0.3 * wave(7.0 * g.y / unit + unitLow(s4));
    float k = coverage(abs(g.x - x), unit * (0.0003 + 0.0004 * unitHigh(s4))) * ends;
    rgb = rgb + (LIGHT - rgb) * (k * opacity * 0.8 * flicker);
  }
  return vec4(clamp(rgb, vec3(0.0), vec3(1.0)), color.a);
}
