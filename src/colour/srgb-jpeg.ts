/**
 * Saved JPEGs carry a compact sRGB profile, so every viewer shows the colours we made: an
 * untagged JPEG is shown as the viewer guesses (a wide-gamut phone screen may stretch it). The profile
 * is written here from sRGB's definition (IEC 61966-2-1), an ICC v4 display profile of some 450 bytes:
 * the D50-adapted colorants, the sRGB curve as one parametric curve shared by the three channels, the
 * white point and the adaptation. It is colour, not metadata: a save without "Keep the date taken" still
 * has no EXIF, XMP or IPTC.
 */
import { adaptationToD50, D65, SRGB, type Matrix3 } from './profile.ts';
import {
  APP2,
  blobSource,
  findSegment,
  hasSignature,
  insertSegment,
  isJpeg,
  segmentBytes,
  signatureOf,
} from '../jpeg-file/segments.ts';

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function u32(value: number): number[] {
  return [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

function u16(value: number): number[] {
  return [(value >>> 8) & 255, value & 255];
}

/** s15Fixed16Number. */
function fixed(value: number): number[] {
  return u32(Math.round(value * 65536) | 0);
}

/** multiLocalizedUnicodeType with one English record. */
function mluc(text: string): number[] {
  const utf16 = [...text].flatMap((c) => u16(c.charCodeAt(0)));
  return [
    ...ascii('mluc'),
    0,
    0,
    0,
    0,
    ...u32(1),
    ...u32(12),
    ...ascii('enUS'),
    ...u32(utf16.length),
    ...u32(28),
    ...utf16,
  ];
}

function xyzType(x: number, y: number, z: number): number[] {
  return [...ascii('XYZ '), 0, 0, 0, 0, ...fixed(x), ...fixed(y), ...fixed(z)];
}

/** The sRGB curve as parametricCurveType function 3: Y = (aX + b)^g for X >= d, else cX. */
function srgbCurve(): number[] {
  const params = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045];
  return [...ascii('para'), 0, 0, 0, 0, ...u16(3), 0, 0, ...params.flatMap(fixed)];
}

function padded(bytes: number[]): number[] {
  return bytes.length % 4 === 0 ? bytes : [...bytes, ...new Array<number>(4 - (bytes.length % 4)).fill(0)];
}

let profile: Uint8Array | null = null;

/** The compact sRGB ICC profile (made once). */
export function srgbProfile(): Uint8Array {
  if (profile) return profile;
  const m = SRGB.toXyzD50;
  const chad: Matrix3 = adaptationToD50(D65);
  const curve = padded(srgbCurve());
  // Tags, in order; the three TRC tags share one curve.
  const tags: [string, number[] | 'curve'][] = [
    ['desc', padded(mluc('sRGB'))],
    ['cprt', padded(mluc('No copyright, use freely'))],
    ['wtpt', xyzType(0.9642, 1, 0.8249)],
    ['chad', [...ascii('sf32'), 0, 0, 0, 0, ...chad.flatMap(fixed)]],
    ['rXYZ', xyzType(m[0], m[3], m[6])],
    ['gXYZ', xyzType(m[1], m[4], m[7])],
    ['bXYZ', xyzType(m[2], m[5], m[8])],
    ['rTRC', 'curve'],
    ['gTRC', 'curve'],
    ['bTRC', 'curve'],
  ];
  const tableEnd = 128 + 4 + tags.length * 12;
  const data: number[] = [];
  const table: number[] = [...u32(tags.length)];
  let curveAt = -1;
  for (const [signature, body] of tags) {
    if (body === 'curve') {
      if (curveAt < 0) {
        curveAt = tableEnd + data.length;
        data.push(...curve);
      }
      table.push(...ascii(signature), ...u32(curveAt), ...u32(curve.length));
      continue;
    }
    table.push(...ascii(signature), ...u32(tableEnd + data.length), ...u32(body.length));
    data.push(...body);
  }
  const size = tableEnd + data.length;
  const header = [
    ...u32(size),
    ...u32(0), // preferred CMM: none
    ...u32(0x04300000), // version 4.3
    ...ascii('mntrRGB XYZ '),
    ...u16(2026),
    ...u16(1),
    ...u16(1),
    0,
    0,
    0,
    0,
    0,
    0, // date and time
    ...ascii('acsp'),
    ...u32(0), // platform
    ...u32(0), // flags
    ...u32(0), // manufacturer
    ...u32(0), // model
    ...u32(0),
    ...u32(0), // attributes
    ...u32(0), // rendering intent: perceptual
    ...fixed(0.9642),
    ...fixed(1),
    ...fixed(0.8249), // PCS illuminant, D50
    ...u32(0), // creator
  ];
  const bytes = new Uint8Array(size);
  bytes.set(header, 0);
  // Bytes 84 to 127: profile ID (left zero: not computed) and reserved.
  bytes.set(table, 128);
  bytes.set(data, tableEnd);
  profile = bytes;
  return bytes;
}

const ICC_SIGNATURE = signatureOf('ICC_PROFILE\0');

/** The APP2 segment of the profile: the ICC signature, chunk 1 of 1, the profile. */
export function srgbSegment(): Uint8Array<ArrayBuffer> {
  return segmentBytes(APP2, [...ICC_SIGNATURE, 1, 1, ...srgbProfile()]);
}

/**
 * A JPEG blob tagged with the sRGB profile, in an APP2 segment after SOI and any APP0 (JFIF wants to be
 * first); the blob itself if it already has a profile or is not a JPEG. Only its headers are read, and
 * the new blob is made of slices of the old one around the segment, so a large save is not copied to
 * add 500 bytes.
 */
export async function tagSrgb(blob: Blob): Promise<Blob> {
  const source = blobSource(blob);
  if (!(await isJpeg(source))) return blob;
  const profile = await findSegment(
    source,
    (segment) => segment.marker === APP2 && hasSignature(source, segment, ICC_SIGNATURE),
  );
  return profile ? blob : insertSegment(blob, srgbSegment());
}
