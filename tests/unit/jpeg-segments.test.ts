import { describe, expect, it } from 'vitest';
import { bytesReader } from '../../src/intake/byte-reader.ts';
import { readDimensions } from '../../src/intake/dimensions.ts';
import {
  APP0,
  appInsertionPoint,
  EOI,
  findSegment,
  hasSignature,
  insertSegment,
  jpegSegments,
  MAX_PAYLOAD,
  payloadOf,
  replaceSegment,
  segmentBytes,
  segmentPayload,
  segmentsOf,
  signatureOf,
  SOS,
  type JpegSegment,
} from '../../src/jpeg-file/segments.ts';

/** A segment written by hand (not by segmentBytes): FF, marker, length counting itself, payload. */
function segment(marker: number, payload: readonly number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 255, ...payload];
}

const SOF0 = segment(0xc0, [8, 0x01, 0x2c, 0x02, 0x58, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]); // 600 x 300
const DQT = segment(0xdb, [0, ...new Array<number>(64).fill(1)]);
const SCAN = [...segment(SOS, [1, 1, 0, 0, 63, 0]), 0x12, 0x34, 0xff, 0x00, 0xff, 0xd0, 0x56];

/** Each APPn's payload: its name and n + 1 bytes of n. */
const appPayload = (n: number) => [...signatureOf(`APP${n}\0`), ...new Array<number>(n + 1).fill(n)];

/** SOI, APP0 to APP15 in order, DQT, SOF0 (600 x 300), the scan, EOI. */
function jpegWithEveryApp(fill = 0): Uint8Array<ArrayBuffer> {
  const pad = new Array<number>(fill).fill(0xff);
  const apps = Array.from({ length: 16 }, (_, n) => [...pad, ...segment(APP0 + n, appPayload(n))]).flat();
  return new Uint8Array([0xff, 0xd8, ...apps, ...pad, ...DQT, ...pad, ...SOF0, ...SCAN, 0xff, EOI]);
}

async function all(file: Blob): Promise<JpegSegment[]> {
  const found: JpegSegment[] = [];
  for await (const s of jpegSegments(file)) found.push(s);
  return found;
}

/** The segments of bytes in memory, walked as a stream would walk them and at once: the same. */
async function allBytes(bytes: Uint8Array): Promise<JpegSegment[]> {
  const found: JpegSegment[] = [];
  for await (const s of jpegSegments(bytes)) found.push(s);
  expect(segmentsOf(bytes)).toEqual(found);
  return found;
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** A Blob that may only be read in slices, as a large saved JPEG is: reading it whole throws. */
function sliceOnly(bytes: Uint8Array<ArrayBuffer>): Blob {
  const blob = new Blob([bytes], { type: 'image/jpeg' });
  const whole = () => {
    throw new Error('the whole file was read');
  };
  return Object.assign(blob, { arrayBuffer: whole, bytes: whole, text: whole, stream: whole });
}

describe('JPEG segments', () => {
  it('walks APP0 to APP15, then the tables, the frame and the scan, in order, with their payloads', async () => {
    const file = jpegWithEveryApp();
    const sliced = sliceOnly(file);
    for (const [source, segments] of [
      [file, await allBytes(file)],
      [sliced, await all(sliced)],
    ] as const) {
      const markers = segments.map((s) => s.marker);
      expect(markers).toEqual([...Array.from({ length: 16 }, (_, n) => APP0 + n), 0xdb, 0xc0, SOS]);
      let at = 2;
      for (const [n, s] of segments.slice(0, 16).entries()) {
        expect([s.at, s.payloadAt, s.payloadLength, s.truncated]).toEqual([
          at,
          at + 4,
          appPayload(n).length,
          false,
        ]);
        expect([...(await segmentPayload(source, s))]).toEqual(appPayload(n));
        at = s.end;
      }
    }
  });

  it('finds each APPn by its marker and signature', async () => {
    const file = sliceOnly(jpegWithEveryApp());
    for (let n = 0; n < 16; n++) {
      const found = await findSegment(file, (s) => s.marker === APP0 + n);
      expect(found?.payloadLength, `APP${n}`).toBe(appPayload(n).length);
      const signed = await findSegment(file, (s) => hasSignature(file, s, signatureOf(`APP${n}\0`)));
      expect(signed?.marker, `APP${n}`).toBe(APP0 + n);
    }
    // Nothing after the scan begins: the entropy-coded data's FF 00 and RST are not segments.
    expect(await findSegment(file, (s) => s.marker === 0xd0)).toBeNull();
    expect(await findSegment(file, (s) => s.marker === 0xfe)).toBeNull();
  });

  it('replaces any APPn in place, and inserts a missing one after JFIF', async () => {
    const bytes = jpegWithEveryApp();
    for (let n = 0; n < 16; n++) {
      const next = segmentBytes(APP0 + n, signatureOf(`new ${n}`));
      const replaced = await bytesOf(
        await replaceSegment(sliceOnly(bytes), (s) => s.marker === APP0 + n, next),
      );
      const segments = await allBytes(replaced);
      expect(segments.map((s) => s.marker)).toEqual((await allBytes(bytes)).map((s) => s.marker));
      expect(String.fromCharCode(...(await segmentPayload(replaced, segments[n]!)))).toBe(`new ${n}`);
      // Everything else is as it was.
      const old = (await allBytes(bytes))[n]!;
      expect([...replaced.subarray(0, old.at)]).toEqual([...bytes.subarray(0, old.at)]);
      expect([...replaced.subarray(old.at + next.length)]).toEqual([...bytes.subarray(old.end)]);
    }
    const comment = segmentBytes(0xfe, signatureOf('hello'));
    const inserted = await bytesOf(
      await replaceSegment(new Blob([bytes]), (s) => s.marker === 0xfe, comment),
    );
    expect((await allBytes(inserted)).map((s) => s.marker).slice(0, 3)).toEqual([APP0, 0xfe, APP0 + 1]);
  });

  it('skips fill bytes before markers', async () => {
    const file = jpegWithEveryApp(3);
    const segments = await allBytes(file);
    expect(segments.map((s) => s.marker)).toEqual((await allBytes(jpegWithEveryApp())).map((s) => s.marker));
    // Each segment starts at its marker's FF, after the fill.
    for (const s of segments) expect([file[s.at], file[s.at + 1]]).toEqual([0xff, s.marker]);
    expect(await readDimensions(bytesReader(file), 'jpeg')).toEqual({ width: 600, height: 300 });
    expect(await appInsertionPoint(file)).toBe(segments[0]!.end);
  });

  it('stops at a truncated segment and says so', async () => {
    const whole = jpegWithEveryApp();
    const segments = await allBytes(whole);
    const app5 = segments[5]!;
    const cut = whole.slice(0, app5.at + 10);
    const read = await allBytes(cut);
    expect(read.map((s) => s.marker)).toEqual(segments.slice(0, 6).map((s) => s.marker));
    expect(read.at(-1)).toMatchObject({ marker: APP0 + 5, truncated: true, end: app5.end });
    expect(read.slice(0, 5).every((s) => !s.truncated)).toBe(true);
    // Cut inside a marker's length: the walk ends there.
    expect((await allBytes(whole.slice(0, app5.at + 3))).at(-1)).toMatchObject({
      marker: APP0 + 5,
      truncated: true,
    });
    // A file cut before its frame has no size; a truncated segment is not replaced but added to.
    expect(await readDimensions(bytesReader(cut), 'jpeg')).toBeNull();
    const next = segmentBytes(APP0 + 5, [1, 2, 3]);
    const fixed = await bytesOf(await replaceSegment(new Blob([cut]), (s) => s.marker === APP0 + 5, next));
    expect(fixed.length).toBe(cut.length + next.length);
  });

  it('reads past a 64 KB segment, the largest there is, and refuses a larger one', async () => {
    const big = [...signatureOf('Exif\0\0'), ...new Array<number>(MAX_PAYLOAD - 6).fill(0xab)];
    const file = new Uint8Array([
      0xff,
      0xd8,
      ...segmentBytes(0xe1, big),
      ...DQT,
      ...SOF0,
      ...SCAN,
      0xff,
      EOI,
    ]);
    expect([file[4], file[5]]).toEqual([0xff, 0xff]);
    const segments = await all(sliceOnly(file));
    expect(await allBytes(file)).toEqual(segments);
    expect(segments.map((s) => s.marker)).toEqual([0xe1, 0xdb, 0xc0, SOS]);
    expect(segments[0]).toMatchObject({ payloadLength: MAX_PAYLOAD, end: 2 + 2 + 0xffff, truncated: false });
    expect(await readDimensions(bytesReader(file), 'jpeg')).toEqual({ width: 600, height: 300 });
    const payload = await segmentPayload(sliceOnly(file), segments[0]!);
    expect(payload.length).toBe(MAX_PAYLOAD);
    expect(payload.at(-1)).toBe(0xab);
    expect(payloadOf(file, segments[0]!)).toEqual(payload);
    expect(() => segmentBytes(0xe1, new Uint8Array(MAX_PAYLOAD + 1))).toThrow(RangeError);
  });

  it('leaves a file that is not a JPEG alone', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]);
    expect(await allBytes(new Uint8Array(await png.arrayBuffer()))).toEqual([]);
    expect(await appInsertionPoint(png)).toBeNull();
    expect(await insertSegment(png, segmentBytes(0xe1, [1]))).toBe(png);
  });
});
