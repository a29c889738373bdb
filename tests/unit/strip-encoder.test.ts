import { describe, expect, it } from 'vitest';
import { encodeJpeg, StripJpegEncoder } from '../../src/jpeg-encoder/strip-encoder.ts';
import { segmentsOf } from '../../src/jpeg-file/segments.ts';

/** A test picture: gradients and a hard edge, RGBA. */
function picture(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 255) / Math.max(1, width - 1);
      data[i + 1] = (y * 255) / Math.max(1, height - 1);
      data[i + 2] = x > width / 2 ? 220 : 30;
      data[i + 3] = 255;
    }
  return data;
}

const joined = (chunks: Uint8Array[]) => Buffer.concat(chunks.map((c) => Buffer.from(c)));

/** The markers of the file, in order, up to the scan. */
const markers = (jpeg: Uint8Array) => segmentsOf(jpeg).map((segment) => segment.marker);

describe('the strip JPEG encoder', () => {
  it('writes a baseline JFIF file of the size given', () => {
    const jpeg = encodeJpeg(picture(101, 77), 101, 77, 90);
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(markers(jpeg)).toEqual([0xe0, 0xdb, 0xc0, 0xc4, 0xda]);
    const sof = Buffer.from(jpeg).indexOf(Buffer.from([0xff, 0xc0]));
    expect(Buffer.from(jpeg).readUInt16BE(sof + 5)).toBe(77);
    expect(Buffer.from(jpeg).readUInt16BE(sof + 7)).toBe(101);
  });

  it('gives the same bytes whatever the strips it is fed in', () => {
    const [width, height] = [130, 70];
    const rgba = picture(width, height);
    const whole = encodeJpeg(rgba, width, height, 85);
    for (const strip of [1, 7, 16, 33]) {
      const encoder = new StripJpegEncoder(width, height, 85);
      for (let y = 0; y < height; y += strip) {
        const rows = Math.min(strip, height - y);
        encoder.addRows(rgba.subarray(y * width * 4, (y + rows) * width * 4), rows);
      }
      expect(joined(encoder.finish()).equals(Buffer.from(whole)), `strips of ${strip}`).toBe(true);
    }
  });

  it('refuses too many rows, too few, and a size JPEG cannot have', () => {
    const encoder = new StripJpegEncoder(8, 8, 90);
    encoder.addRows(new Uint8Array(8 * 4 * 4), 4);
    expect(() => encoder.finish()).toThrow(/Not every row/);
    expect(() => encoder.addRows(new Uint8Array(8 * 8 * 4), 8)).toThrow(/More rows/);
    expect(() => new StripJpegEncoder(0, 8, 90)).toThrow();
    expect(() => new StripJpegEncoder(70_000, 8, 90)).toThrow();
  });

  it('makes smaller files at lower quality, and stuffs every 0xFF in the scan', () => {
    const rgba = picture(64, 64);
    const high = encodeJpeg(rgba, 64, 64, 95);
    const low = encodeJpeg(rgba, 64, 64, 20);
    expect(low.length).toBeLessThan(high.length);
    const scan = Buffer.from(high).indexOf(Buffer.from([0xff, 0xda]));
    const data = high.subarray(scan + 14, high.length - 2);
    for (let i = 0; i < data.length - 1; i++) if (data[i] === 0xff) expect(data[i + 1]).toBe(0);
  });
});
