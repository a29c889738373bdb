// The sRGB profile written into saves, read as the ICC specification (ICC.1:2022, v4.4) lays it out, by a
// reader written here from the specification alone, not the project's own (src/colour/profile.ts), and held
// to sRGB as IEC 61966-2-1 defines it: primaries and white point by chromaticity, adapted to the PCS's D50
// by the Bradford transform, the curve by its formula.
import { describe, expect, it } from 'vitest';
import { srgbProfile } from '../../src/colour/srgb-jpeg.ts';

type Vec3 = [number, number, number];
type Mat3 = [Vec3, Vec3, Vec3];

const text = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** s15Fixed16Number (ICC.1 4.6). */
const s15 = (view: DataView, at: number) => view.getInt32(at) / 65536;

const mul = (m: Mat3, v: Vec3): Vec3 => m.map((row) => row[0] * v[0] + row[1] * v[1] + row[2] * v[2]) as Vec3;
const matmul = (a: Mat3, b: Mat3): Mat3 =>
  a.map((row) => [0, 1, 2].map((c) => row[0] * b[0][c]! + row[1] * b[1][c]! + row[2] * b[2][c]!)) as Mat3;

function inverse(m: Mat3): Mat3 {
  const [[a, b, c], [d, e, f], [g, h, i]] = m;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

const xyToXyz = (x: number, y: number): Vec3 => [x / y, 1, (1 - x - y) / y];

/** Bradford cone response (Lam 1985, as in ICC.1 Annex E). */
const BRADFORD: Mat3 = [
  [0.8951, 0.2664, -0.1614],
  [-0.7502, 1.7135, 0.0367],
  [0.0389, -0.0685, 1.0296],
];

/** The PCS illuminant, D50, as ICC.1 7.2.16 encodes it. */
const D50: Vec3 = [0.9642, 1, 0.8249];
const D65 = xyToXyz(0.3127, 0.329);

function bradford(from: Vec3, to: Vec3): Mat3 {
  const a = mul(BRADFORD, from);
  const b = mul(BRADFORD, to);
  const scale: Mat3 = [
    [b[0] / a[0], 0, 0],
    [0, b[1] / a[1], 0],
    [0, 0, b[2] / a[2]],
  ];
  return matmul(inverse(BRADFORD), matmul(scale, BRADFORD));
}

/** sRGB's RGB to XYZ (D65) from its primaries (IEC 61966-2-1), then adapted to D50: columns R, G, B. */
function srgbColorantsD50(): Mat3 {
  const primaries = [xyToXyz(0.64, 0.33), xyToXyz(0.3, 0.6), xyToXyz(0.15, 0.06)];
  const p: Mat3 = [0, 1, 2].map((r) => primaries.map((v) => v[r]!)) as Mat3;
  const s = mul(inverse(p), D65);
  const toXyz: Mat3 = p.map((row) => row.map((v, c) => v * s[c]!)) as Mat3;
  return matmul(bradford(D65, D50), toXyz);
}

/** The sRGB decoding curve, IEC 61966-2-1. */
const srgbEotf = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

interface Tag {
  offset: number;
  size: number;
}

/** Header and tag table (ICC.1 7.2, 7.3), every structural rule checked on the way. */
function readProfile(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(view.getUint32(0), 'profile size').toBe(bytes.length);
  expect(bytes.length % 4, 'padded to 4 bytes').toBe(0);
  expect(bytes[8], 'major version 4').toBe(4);
  expect(text(bytes, 12, 4), 'class: display').toBe('mntr');
  expect(text(bytes, 16, 4), 'data colour space').toBe('RGB ');
  expect(text(bytes, 20, 4), 'PCS').toBe('XYZ ');
  expect(text(bytes, 36, 4), 'file signature').toBe('acsp');
  expect(view.getUint32(64) & 0xffff, 'rendering intent').toBeLessThanOrEqual(3);
  const illuminant = [s15(view, 68), s15(view, 72), s15(view, 76)];
  illuminant.forEach((v, i) => expect(v, 'PCS illuminant D50').toBeCloseTo(D50[i]!, 4));
  expect(
    [...bytes.subarray(100, 128)].every((b) => b === 0),
    'reserved bytes zero',
  ).toBe(true);
  const count = view.getUint32(128);
  const tags = new Map<string, Tag>();
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    const signature = text(bytes, at, 4);
    const tag = { offset: view.getUint32(at + 4), size: view.getUint32(at + 8) };
    expect(tags.has(signature), `${signature} once`).toBe(false);
    expect(tag.offset % 4, `${signature} on a 4-byte boundary`).toBe(0);
    expect(tag.offset, `${signature} after the tag table`).toBeGreaterThanOrEqual(132 + count * 12);
    expect(tag.offset + tag.size, `${signature} inside the profile`).toBeLessThanOrEqual(bytes.length);
    tags.set(signature, tag);
  }
  // Tags share data only whole (the three curves here); no two overlap otherwise (ICC.1 7.3.1).
  const spans = [...new Map([...tags.values()].map((t) => [`${t.offset}`, t])).values()].sort(
    (a, b) => a.offset - b.offset,
  );
  for (let i = 1; i < spans.length; i++)
    expect(spans[i]!.offset).toBeGreaterThanOrEqual(spans[i - 1]!.offset + spans[i - 1]!.size);
  const type = (signature: string) => {
    const tag = tags.get(signature);
    if (!tag) throw new Error(`No ${signature} tag`);
    expect(view.getUint32(tag.offset + 4), `${signature} reserved`).toBe(0);
    return { kind: text(bytes, tag.offset, 4), at: tag.offset, size: tag.size };
  };
  const xyz = (signature: string): Vec3 => {
    const { kind, at, size } = type(signature);
    expect(kind, signature).toBe('XYZ ');
    expect(size, signature).toBe(20);
    return [s15(view, at + 8), s15(view, at + 12), s15(view, at + 16)];
  };
  const description = (signature: string) => {
    const { kind, at } = type(signature);
    expect(kind, `${signature}: v4 text is multiLocalizedUnicodeType`).toBe('mluc');
    expect(view.getUint32(at + 12), 'record size').toBe(12);
    const length = view.getUint32(at + 20);
    const offset = view.getUint32(at + 24);
    let out = '';
    for (let i = 0; i < length; i += 2) out += String.fromCharCode(view.getUint16(at + offset + i));
    return out;
  };
  /** parametricCurveType (ICC.1 10.18) as a function of 0..1. */
  const curve = (signature: string) => {
    const { kind, at } = type(signature);
    expect(kind, signature).toBe('para');
    const fn = view.getUint16(at + 8);
    const counts = [1, 3, 4, 5, 7];
    const p = Array.from({ length: counts[fn] ?? 0 }, (_, i) => s15(view, at + 12 + i * 4));
    const [g = 1, a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = p;
    return (x: number): number => {
      switch (fn) {
        case 0:
          return x ** g;
        case 1:
          return x >= -b / a ? (a * x + b) ** g : 0;
        case 2:
          return x >= -b / a ? (a * x + b) ** g + c : c;
        case 3:
          return x >= d ? (a * x + b) ** g : c * x;
        case 4:
          return x >= d ? (a * x + b) ** g + e : c * x + f;
        default:
          throw new Error(`Unknown parametric function ${fn}`);
      }
    };
  };
  const matrix = (signature: string): Mat3 => {
    const { kind, at } = type(signature);
    expect(kind, signature).toBe('sf32');
    return [0, 1, 2].map((r) => [0, 1, 2].map((c) => s15(view, at + 8 + (r * 3 + c) * 4))) as Mat3;
  };
  return { tags, xyz, description, curve, matrix };
}

describe('the sRGB profile of saved JPEGs, read by the ICC specification', () => {
  const profile = readProfile(srgbProfile());

  it('has the tags a v4 matrix/TRC display profile requires (ICC.1 8.2, 8.4)', () => {
    for (const signature of ['desc', 'cprt', 'wtpt', 'chad', 'rXYZ', 'gXYZ', 'bXYZ', 'rTRC', 'gTRC', 'bTRC'])
      expect(profile.tags.has(signature), signature).toBe(true);
    expect(profile.description('desc')).toBe('sRGB');
    expect(profile.description('cprt').length).toBeGreaterThan(0);
  });

  it("holds sRGB's primaries, adapted to D50 by Bradford, and D50 as its media white (v4)", () => {
    const expected = srgbColorantsD50();
    const columns = [profile.xyz('rXYZ'), profile.xyz('gXYZ'), profile.xyz('bXYZ')];
    // s15Fixed16 rounding is 1/65536; the published IEC and ICC figures are given to 4 places.
    columns.forEach((column, c) =>
      column.forEach((v, r) => expect(v, `colorant ${c}, ${'XYZ'[r]}`).toBeCloseTo(expected[r]![c]!, 3)),
    );
    // The colorants add up to the PCS white: RGB white maps to D50.
    for (let r = 0; r < 3; r++)
      expect(columns[0]![r]! + columns[1]![r]! + columns[2]![r]!).toBeCloseTo(D50[r]!, 3);
    profile.xyz('wtpt').forEach((v, i) => expect(v, 'wtpt').toBeCloseTo(D50[i]!, 4));
  });

  it('adapts from D65 with the Bradford matrix (chad takes D65 to D50)', () => {
    const chad = profile.matrix('chad');
    const expected = bradford(D65, D50);
    chad.forEach((row, r) =>
      row.forEach((v, c) => expect(v, `chad ${r},${c}`).toBeCloseTo(expected[r]![c]!, 3)),
    );
    mul(chad, D65).forEach((v, i) => expect(v).toBeCloseTo(D50[i]!, 3));
  });

  it("decodes each channel with sRGB's curve, within a thousandth", () => {
    for (const signature of ['rTRC', 'gTRC', 'bTRC']) {
      const trc = profile.curve(signature);
      let worst = 0;
      for (let i = 0; i <= 255; i++) worst = Math.max(worst, Math.abs(trc(i / 255) - srgbEotf(i / 255)));
      expect(worst, signature).toBeLessThan(1e-3);
      expect(trc(1)).toBeCloseTo(1, 4);
      expect(trc(0)).toBe(0);
    }
  });
});
