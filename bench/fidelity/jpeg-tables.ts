/**
 * What a JPEG file says of its own coding (ITU-T T.81): its quantisation tables (DQT) and its components'
 * sampling factors (SOF), read from the markers, and the quality libjpeg would have needed to write the
 * nearest tables (an IJG-equivalent quality: cameras scale their own tables, not libjpeg's).
 */

/** T.81 Annex K's example tables (libjpeg's base tables), in natural (row-major) order: the JPEG stage's. */
import { LUMA as ANNEX_K_LUMA } from '../../src/pipeline/stages/jpeg/kernel.ts';

export { ANNEX_K_LUMA };

/** Zig-zag position k to natural index (T.81 figure 5). */
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7,
  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46,
  53, 60, 61, 54, 47, 55, 62, 63,
];

/** libjpeg's jpeg_quality_scaling and jpeg_add_quant_table (baseline: steps 1..255). */
export function ijgTable(base: readonly number[], quality: number): number[] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - 2 * q;
  return base.map((b) => Math.min(255, Math.max(1, Math.floor((b * scale + 50) / 100))));
}

export interface JpegComponent {
  id: number;
  h: number;
  v: number;
  table: number;
}

export interface JpegCoding {
  width: number;
  height: number;
  progressive: boolean;
  components: JpegComponent[];
  /** Quantisation tables by their id, in natural order. */
  tables: Map<number, number[]>;
}

/** Reads the markers up to the first scan. Throws on a file that is not a JPEG or has no frame. */
export function readCoding(bytes: Uint8Array): JpegCoding {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG (no SOI)');
  const tables = new Map<number, number[]>();
  let frame: Omit<JpegCoding, 'tables'> | null = null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`no marker at ${at}`);
    while (bytes[at] === 0xff) at++;
    const marker = bytes[at++]!;
    // Markers without a length: TEM and RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    const payload = bytes.subarray(at + 2, at + length);
    if (marker === 0xdb) {
      for (let p = 0; p < payload.length;) {
        const precision = payload[p]! >> 4;
        const id = payload[p]! & 15;
        p++;
        const table = new Array<number>(64);
        for (let k = 0; k < 64; k++) {
          table[ZIGZAG[k]!] = precision
            ? (payload[p + 2 * k]! << 8) | payload[p + 2 * k + 1]!
            : payload[p + k]!;
        }
        p += precision ? 128 : 64;
        tables.set(id, table);
      }
    } else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const count = payload[5]!;
      const components: JpegComponent[] = [];
      for (let c = 0; c < count; c++) {
        const o = 6 + 3 * c;
        components.push({
          id: payload[o]!,
          h: payload[o + 1]! >> 4,
          v: payload[o + 1]! & 15,
          table: payload[o + 2]!,
        });
      }
      frame = {
        height: (payload[1]! << 8) | payload[2]!,
        width: (payload[3]! << 8) | payload[4]!,
        progressive: marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce,
        components,
      };
    } else if (marker === 0xda) break;
    at += length;
  }
  if (!frame) throw new Error('no frame header (SOF)');
  return { ...frame, tables };
}

/**
 * The libjpeg quality (1..100) whose luma table lies nearest the file's, by the sum of squared differences
 * of their steps. Luma only: cameras' chroma tables follow no common rule against their luma tables.
 */
export function estimateQuality(luma: readonly number[]): number {
  let best = { error: Infinity, quality: 0 };
  for (let q = 1; q <= 100; q++) {
    const l = ijgTable(ANNEX_K_LUMA, q);
    let error = 0;
    for (let k = 0; k < 64; k++) error += (luma[k]! - l[k]!) ** 2;
    if (error < best.error) best = { error, quality: q };
  }
  return best.quality;
}

export interface Subsampling {
  /** J:a:b, as commonly written: 4:4:4, 4:2:2, 4:2:0, 4:4:0, or h x v otherwise. */
  label: string;
  /** Chroma samples per luma sample: 1 (4:4:4), 0.5 (4:2:2 and 4:4:0), 0.25 (4:2:0). */
  chromaShare: number;
}

/** The chroma subsampling of a Y, Cb, Cr frame (a grey image has no chroma: 4:4:4). */
export function subsampling(components: readonly JpegComponent[]): Subsampling {
  const [y, cb] = components;
  if (!y || !cb) return { label: '4:4:4', chromaShare: 1 };
  const h = y.h / cb.h;
  const v = y.v / cb.v;
  const names: Record<string, string> = { '1x1': '4:4:4', '2x1': '4:2:2', '2x2': '4:2:0', '1x2': '4:4:0' };
  return { label: names[`${h}x${v}`] ?? `${h}x${v}`, chromaShare: 1 / (h * v) };
}

/** The file's IJG-equivalent quality and its subsampling. */
export function jpegDescriptors(bytes: Uint8Array): { quality: number } & Subsampling {
  const coding = readCoding(bytes);
  const luma = coding.tables.get(coding.components[0]?.table ?? 0);
  if (!luma) throw new Error('no luma quantisation table');
  return { quality: estimateQuality(luma), ...subsampling(coding.components) };
}
