/**
 * Colour profiles for the pixels the project decodes itself (HEIC/HEIF through libheif): the browser
 * colour-manages what it decodes (JPEG, PNG, WebP), libheif hands back the coded values as they are. An
 * iPhone's HEIC is Display P3, tagged by an ICC profile (`colr` of type `prof`) or by code points (`nclx`);
 * shown as sRGB without conversion it looks some 10 % less saturated.
 *
 * Handled here: RGB matrix/TRC ICC profiles (every camera and display profile: Display P3, Adobe RGB,
 * ProPhoto, sRGB) and the nclx primaries and transfer functions of ITU-T H.273. The conversion is the
 * usual one (ICC.1 annex F, relative colorimetric): decode each channel to linear light with the profile's
 * curves, to XYZ (D50) with its colorants, to linear sRGB with sRGB's, and encode with the sRGB curve,
 * clipping what falls outside sRGB. A LUT-based profile (rare in photos) is left as it is.
 */

/** 3x3, row-major. */
export type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];

/** An RGB colour space: encoded value (0..1) to linear light per channel, and linear RGB to XYZ (D50). */
export interface RgbSpace {
  readonly curves: readonly [(v: number) => number, (v: number) => number, (v: number) => number];
  readonly toXyzD50: Matrix3;
}

// ---------------------------------------------------------------- matrices

function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  const out: number[] = [];
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      out.push(a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!);
  return out as unknown as Matrix3;
}

export function invert(m: Matrix3): Matrix3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  if (Math.abs(det) < 1e-12) throw new Error('singular colour matrix');
  return [
    (e * i - f * h) / det,
    (c * h - b * i) / det,
    (b * f - c * e) / det,
    (f * g - d * i) / det,
    (a * i - c * g) / det,
    (c * d - a * f) / det,
    (d * h - e * g) / det,
    (b * g - a * h) / det,
    (a * e - b * d) / det,
  ];
}

function apply(m: Matrix3, [x, y, z]: readonly [number, number, number]): [number, number, number] {
  return [m[0] * x + m[1] * y + m[2] * z, m[3] * x + m[4] * y + m[5] * z, m[6] * x + m[7] * y + m[8] * z];
}

// ---------------------------------------------------------------- curves

/** The sRGB curve (IEC 61966-2-1): encoded to linear. */
export function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** The sRGB curve: linear to encoded. */
export function linearToSrgb(v: number): number {
  return v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
}

/** ICC parametric curve (`para`, function types 0 to 4). */
function parametric(type: number, p: readonly number[]): ((v: number) => number) | null {
  const [g = 1, a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = p;
  const pow = (x: number) => (x > 0 ? x ** g : 0);
  switch (type) {
    case 0:
      return (x) => pow(x);
    case 1:
      return (x) => (x >= -b / a ? pow(a * x + b) : 0);
    case 2:
      return (x) => (x >= -b / a ? pow(a * x + b) + c : c);
    case 3:
      return (x) => (x >= d ? pow(a * x + b) : c * x);
    case 4:
      return (x) => (x >= d ? pow(a * x + b) + e : c * x + f);
    default:
      return null;
  }
}

/** ICC sampled curve (`curv`): identity, a gamma, or a table sampled evenly over 0..1. */
function sampled(table: readonly number[]): (v: number) => number {
  if (table.length === 0) return (x) => x;
  if (table.length === 1) {
    const gamma = table[0]! / 256;
    return (x) => (x > 0 ? x ** gamma : 0);
  }
  const last = table.length - 1;
  return (x) => {
    const at = Math.min(last, Math.max(0, x * last));
    const i = Math.min(last - 1, Math.floor(at));
    const t = at - i;
    return (table[i]! * (1 - t) + table[i + 1]! * t) / 65535;
  };
}

// ---------------------------------------------------------------- ICC

function fourcc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/**
 * The RGB space of an ICC profile with colorants and curves (matrix/TRC); null for any other profile
 * (LUT-based, grey, CMYK) or a malformed one.
 */
export function parseIccProfile(bytes: Uint8Array): RgbSpace | null {
  if (bytes.length < 132) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (fourcc(bytes, 16) !== 'RGB ' || fourcc(bytes, 20) !== 'XYZ ') return null;
  const count = view.getUint32(128);
  if (count > 200 || 132 + count * 12 > bytes.length) return null;
  const tags = new Map<string, { offset: number; size: number }>();
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    const offset = view.getUint32(at + 4);
    const size = view.getUint32(at + 8);
    if (offset + size <= bytes.length && size >= 8) tags.set(fourcc(bytes, at), { offset, size });
  }
  const fixed = (at: number) => view.getInt32(at) / 65536;
  const xyz = (name: string): [number, number, number] | null => {
    const tag = tags.get(name);
    if (!tag || tag.size < 20 || fourcc(bytes, tag.offset) !== 'XYZ ') return null;
    return [fixed(tag.offset + 8), fixed(tag.offset + 12), fixed(tag.offset + 16)];
  };
  const curve = (name: string): ((v: number) => number) | null => {
    const tag = tags.get(name);
    if (!tag || tag.size < 12) return null;
    const type = fourcc(bytes, tag.offset);
    if (type === 'curv') {
      const n = view.getUint32(tag.offset + 8);
      if (12 + n * 2 > tag.size) return null;
      return sampled(Array.from({ length: n }, (_, i) => view.getUint16(tag.offset + 12 + i * 2)));
    }
    if (type === 'para') {
      const kind = view.getUint16(tag.offset + 8);
      const params = [1, 3, 4, 5, 7][kind];
      if (params === undefined || 12 + params * 4 > tag.size) return null;
      return parametric(
        kind,
        Array.from({ length: params }, (_, i) => fixed(tag.offset + 12 + i * 4)),
      );
    }
    return null;
  };
  const [r, g, b] = [xyz('rXYZ'), xyz('gXYZ'), xyz('bXYZ')];
  const curves = [curve('rTRC'), curve('gTRC'), curve('bTRC')] as const;
  if (!r || !g || !b || !curves[0] || !curves[1] || !curves[2]) return null;
  const space: RgbSpace = {
    curves: [curves[0], curves[1], curves[2]],
    toXyzD50: [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]],
  };
  return isUsable(space) ? space : null;
}

/**
 * Whether a profile can describe a picture: its colorants can be inverted (three independent colours, not
 * all zero or two alike), each curve rises from black to white, and white comes out as a light colour.
 * A profile that fails is malformed, and is ignored as browsers ignore it: the pixels are taken as sRGB,
 * not shown black.
 */
function isUsable({ curves, toXyzD50 }: RgbSpace): boolean {
  const [a, b, c, d, e, f, g, h, i] = toXyzD50;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  // sRGB's is about 0.16: a thousandth of that is as good as singular.
  if (!Number.isFinite(det) || Math.abs(det) < 1e-4) return false;
  if (!curves.every((curve) => curve(1) > curve(0))) return false;
  const white = apply(toXyzD50, [curves[0](1), curves[1](1), curves[2](1)]);
  // D50 white's Y is 1: a profile that puts white under a tenth of it would show the photo near black.
  return white[1] >= 0.1;
}

// ---------------------------------------------------------------- nclx (ITU-T H.273)

export type Xy = readonly [number, number];
export const D65: Xy = [0.3127, 0.329];
const D50: Xy = [0.3457, 0.3585];

/** Primaries (red, green, blue, white) by colour_primaries code point. */
const PRIMARIES: Record<number, readonly [Xy, Xy, Xy, Xy]> = {
  1: [[0.64, 0.33], [0.3, 0.6], [0.15, 0.06], D65],
  5: [[0.64, 0.33], [0.29, 0.6], [0.15, 0.06], D65],
  6: [[0.63, 0.34], [0.31, 0.595], [0.155, 0.07], D65],
  9: [[0.708, 0.292], [0.17, 0.797], [0.131, 0.046], D65],
  11: [
    [0.68, 0.32],
    [0.265, 0.69],
    [0.15, 0.06],
    [0.314, 0.351],
  ],
  12: [[0.68, 0.32], [0.265, 0.69], [0.15, 0.06], D65],
};

const bt709 = (v: number) => (v < 0.081 ? v / 4.5 : ((v + 0.099) / 1.099) ** (1 / 0.45));
const gamma = (g: number) => (v: number) => (v > 0 ? v ** g : 0);

/**
 * Encoded to linear by transfer_characteristics code point. HDR transfers (PQ 16, HLG 18) are not tone
 * mapped here: they take the sRGB curve, as an SDR display shows them without HDR support.
 */
function transferCurve(code: number): (v: number) => number {
  switch (code) {
    case 1:
    case 6:
    case 14:
    case 15:
      return bt709;
    case 4:
      return gamma(2.2);
    case 5:
      return gamma(2.8);
    case 8:
      return (v) => v;
    default:
      return srgbToLinear;
  }
}

const BRADFORD: Matrix3 = [0.8951, 0.2664, -0.1614, -0.7502, 1.7135, 0.0367, 0.0389, -0.0685, 1.0296];

const xyToXyz = ([x, y]: Xy): [number, number, number] => [x / y, 1, (1 - x - y) / y];

/** Linear RGB to XYZ (D50, Bradford-adapted) for primaries given as chromaticities. */
export function matrixFromPrimaries([red, green, blue, white]: readonly [Xy, Xy, Xy, Xy]): Matrix3 {
  const [r, g, b] = [xyToXyz(red), xyToXyz(green), xyToXyz(blue)];
  const columns: Matrix3 = [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]];
  const [sr, sg, sb] = apply(invert(columns), xyToXyz(white));
  const toXyz: Matrix3 = [
    sr * r[0],
    sg * g[0],
    sb * b[0],
    sr * r[1],
    sg * g[1],
    sb * b[1],
    sr * r[2],
    sg * g[2],
    sb * b[2],
  ];
  return multiply(adaptationToD50(white), toXyz);
}

/** XYZ under `white` to XYZ under D50 (Bradford): ICC's chromatic adaptation (the `chad` tag). */
export function adaptationToD50(white: Xy): Matrix3 {
  const source = apply(BRADFORD, xyToXyz(white));
  const target = apply(BRADFORD, xyToXyz(D50));
  const scale: Matrix3 = [
    target[0] / source[0],
    0,
    0,
    0,
    target[1] / source[1],
    0,
    0,
    0,
    target[2] / source[2],
  ];
  return multiply(multiply(invert(BRADFORD), scale), BRADFORD);
}

/** The space nclx code points describe; null where the primaries are unspecified or unknown. */
export function nclxSpace(primaries: number, transfer: number): RgbSpace | null {
  const chromaticities = PRIMARIES[primaries];
  if (!chromaticities) return null;
  const curve = transferCurve(transfer);
  return { curves: [curve, curve, curve], toXyzD50: matrixFromPrimaries(chromaticities) };
}

// ---------------------------------------------------------------- conversion

/** sRGB's colorants as its ICC profile gives them (D50). */
export const SRGB: RgbSpace = {
  curves: [srgbToLinear, srgbToLinear, srgbToLinear],
  toXyzD50: [0.436065, 0.385147, 0.143066, 0.222493, 0.71688, 0.060608, 0.013932, 0.097105, 0.714173],
};

/** Entries of the linear-to-sRGB table: fine enough that its steps stay under a fifth of a level. */
const ENCODE_STEPS = 16384;

/**
 * Converts 8-bit RGBA pixels in `space` to sRGB, in place (alpha kept). Returns false, touching nothing,
 * where the space is sRGB already (within half a level everywhere).
 */
export function convertToSrgb(pixels: Uint8Array | Uint8ClampedArray, space: RgbSpace): boolean {
  const m = multiply(invert(SRGB.toXyzD50), space.toXyzD50);
  const decode = space.curves.map((curve) => {
    const table = new Float32Array(256);
    for (let i = 0; i < 256; i++) table[i] = curve(i / 255);
    return table;
  }) as [Float32Array, Float32Array, Float32Array];
  if (isIdentity(m, decode)) return false;
  const encode = new Uint8Array(ENCODE_STEPS + 1);
  for (let i = 0; i <= ENCODE_STEPS; i++) encode[i] = Math.round(linearToSrgb(i / ENCODE_STEPS) * 255);
  const [dr, dg, db] = decode;
  const out = (v: number) => encode[v <= 0 ? 0 : v >= 1 ? ENCODE_STEPS : Math.round(v * ENCODE_STEPS)]!;
  for (let i = 0; i < pixels.length; i += 4) {
    const r = dr[pixels[i]!]!;
    const g = dg[pixels[i + 1]!]!;
    const b = db[pixels[i + 2]!]!;
    pixels[i] = out(m[0] * r + m[1] * g + m[2] * b);
    pixels[i + 1] = out(m[3] * r + m[4] * g + m[5] * b);
    pixels[i + 2] = out(m[6] * r + m[7] * g + m[8] * b);
  }
  return true;
}

function isIdentity(m: Matrix3, decode: readonly Float32Array[]): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) < 0.002;
  if (!m.every((v, i) => near(v, i % 4 === 0 ? 1 : 0))) return false;
  return decode.every((table) =>
    table.every((v, i) => Math.abs(linearToSrgb(Math.max(0, v)) * 255 - i) < 0.5),
  );
}
