// Dust and scratches: the accidents of a film print. Dust on the negative prints as light specks, dust
// and hairs on the print as dark ones; a scratch in the negative is a thin light line along the film.
// Nothing is listed: the whole image is laid with cells 3 % of its long side, each holding at most one
// speck or hair (position, size, shape from the integer hash of the cell), which stays within a cell of
// its centre, so a pixel looks at the 3 x 3 cells around it. Scratches come from columns 5 % of the long
// side wide, at most one each and inside it, so a pixel looks at its own column. Sizes are fractions of
// the long side so that a thumbnail or a tile shows what the whole image shows.
#include "/shaders/common/pcg.wgsl"

@group(0) @binding(0) var<uniform> params: Params;

const CELL = 0.03;
const BAND = 0.05;
const TAU = 6.2831853;
const LIGHT = vec3f(1.0);
const DARK = vec3f(0.05);

fn unitLow(h: u32) -> f32 {
  return f32(h & 0xffffu) / 65536.0;
}

fn unitHigh(h: u32) -> f32 {
  return f32(h >> 16u) / 65536.0;
}

// Whether a hash's upper 24 bits, as a fraction, fall below p (exact in 32-bit floats).
fn chance(h: u32, p: f32) -> bool {
  return f32(h >> 8u) / 16777216.0 < p;
}

// Coverage of a pixel at distance d from a shape's centre (line) for a half-width in pixels: a pixel-wide
// ramp at the edge, and a shape thinner than a pixel fades by its width instead of showing a full pixel.
fn coverage(d: f32, halfWidth: f32) -> f32 {
  return clamp(halfWidth + 0.5 - d, 0.0, 1.0) * min(1.0, 2.0 * halfWidth);
}

// sin(TAU t) with the argument brought into [-pi, pi), where every backend's sine is accurate.
fn wave(t: f32) -> f32 {
  return -sin(TAU * fract(t) - 3.14159265);
}

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  let unit = f32(max(params.fullSize.x, params.fullSize.y));
  let g = vec2f(p + params.origin) + 0.5;
  let cellSize = CELL * unit;
  let home = vec2i(floor(g / cellSize));
  let density = 0.25 * params.amount;
  let opacity = 0.4 + 0.6 * params.amount;
  let seedHash = pcg(params.seed);
  var rgb = color.rgb;
  // The nine cells in rows from the top, so every pixel mixes its accidents in the same order.
  for (var dy = -1; dy <= 1; dy++) {
    let row = pcg(bitcast<u32>(home.y + dy) + seedHash);
    for (var dx = -1; dx <= 1; dx++) {
      let cell = home + vec2i(dx, dy);
      let h0 = pcg(bitcast<u32>(cell.x) + row);
      if (!chance(h0, density)) {
        continue;
      }
      let h1 = pcg(h0);
      let h2 = pcg(h1);
      let h3 = pcg(h2);
      let h4 = pcg(h3);
      let d = g - (vec2f(cell) + vec2f(unitLow(h1), unitHigh(h1))) * cellSize;
      let angle = (unitHigh(h2) - 0.5) * TAU;
      let axis = vec2f(cos(angle), sin(angle));
      let u = dot(d, axis);
      let v = dot(d, vec2f(-axis.y, axis.x));
      var k: f32;
      var light: bool;
      if ((h0 & 0xffu) < 31u) {
        // A hair, one in eight: a parabola along the axis whose ends sag by up to a quarter of its
        // half-length, 2.4 to 4.2 % of the long side long, tapering at its ends.
        let halfLength = cellSize * (0.4 + 0.3 * unitLow(h2));
        let bend = (unitLow(h3) - 0.5) * 0.5 / halfLength;
        let slope = 2.0 * bend * u;
        let across = abs(v - bend * u * u) / sqrt(1.0 + slope * slope);
        let taper = clamp((halfLength - abs(u)) / (0.25 * halfLength), 0.0, 1.0);
        k = coverage(across, unit * (0.0003 + 0.0003 * unitHigh(h3))) * taper;
        light = unitHigh(h4) < 0.5;
      } else {
        // A speck: an ellipse up to twice as long as wide, mostly small (the radius's square is uniform).
        let s = unitLow(h2);
        let aspect = 1.0 + unitLow(h3);
        k = coverage(length(vec2f(u, v * aspect)), unit * (0.0005 + 0.002 * s * s));
        light = unitHigh(h4) < 0.75;
      }
      let tone = select(DARK, LIGHT, light);
      rgb = rgb + (tone - rgb) * (k * opacity * (0.55 + 0.45 * unitLow(h4)));
    }
  }
  // The scratch of this pixel's column, if it has one: light, wobbling gently, fading in at its ends and
  // flickering along its length as the scratch's depth varies.
  let band = i32(floor(g.x / (BAND * unit)));
  let s0 = pcg(bitcast<u32>(band) + pcg(seedHash + 1u));
  if (chance(s0, 0.2 * params.amount)) {
    let s1 = pcg(s0);
    let s2 = pcg(s1);
    let s3 = pcg(s2);
    let s4 = pcg(s3);
    let height = f32(params.fullSize.y);
    let wobble = unit * 0.002 * unitHigh(s1) * wave((1.0 + 2.0 * unitLow(s2)) * g.y / unit + unitHigh(s2));
    let x = (f32(band) + 0.15 + 0.7 * unitLow(s1)) * BAND * unit + wobble;
    let top = height * (0.3 * unitLow(s3) - 0.1);
    let bottom = height * (1.1 - 0.3 * unitHigh(s3));
    let fade = 0.02 * unit;
    let ends = clamp((g.y - top) / fade, 0.0, 1.0) * clamp((bottom - g.y) / fade, 0.0, 1.0);
    let flicker = 0.7 + 0.3 * wave(7.0 * g.y / unit + unitLow(s4));
    let k = coverage(abs(g.x - x), unit * (0.0003 + 0.0004 * unitHigh(s4))) * ends;
    rgb = rgb + (LIGHT - rgb) * (k * opacity * 0.8 * flicker);
  }
  return vec4f(clamp(rgb, vec3f(0.0), vec3f(1.0)), color.a);
}
