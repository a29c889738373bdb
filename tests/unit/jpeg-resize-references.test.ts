// The CPU references the GPU stages are checked against must themselves be right: these pin them to
// the facts they implement (libjpeg's table scaling, the DCT, coverage-weighted averaging).
import { describe, expect, it } from 'vitest';
import { createImage, type RgbaImage } from '../reference/image.ts';
import { CHROMA_BASE, DCT, jpeg, LUMA_BASE, quantTable, roundTripPlane } from '../reference/jpeg.ts';
import { resize } from '../reference/resize.ts';

function filled(width: number, height: number, pixel: (x: number, y: number) => number[]): RgbaImage {
  const image = createImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) image.data.set(pixel(x, y), (y * width + x) * 4);
  }
  return image;
}

describe('jpeg reference', () => {
  it('scales the Annex K tables as jpeg_set_quality does', () => {
    expect(quantTable(LUMA_BASE, 50)).toEqual(LUMA_BASE);
    expect(quantTable(CHROMA_BASE, 50)).toEqual(CHROMA_BASE);
    // q 75: scale 50, so 16 -> 8 and 99 -> 50 (rounded half up).
    expect(quantTable(LUMA_BASE, 75).slice(0, 3)).toEqual([8, 6, 5]);
    expect(quantTable(CHROMA_BASE, 75).at(-1)).toBe(50);
    // q 10: scale 500; entries clamp at 255. q 100: scale 0, every step 1.
    expect(quantTable(LUMA_BASE, 10)[0]).toBe(80);
    expect(quantTable(CHROMA_BASE, 10).at(-1)).toBe(255);
    expect(new Set(quantTable(LUMA_BASE, 100))).toEqual(new Set([1]));
    expect(quantTable(LUMA_BASE, 0)).toEqual(quantTable(LUMA_BASE, 1));
  });

  it('uses a DCT that is sqrt(8) times orthonormal, with an exact DC row', () => {
    for (let u = 0; u < 8; u++) {
      for (let v = 0; v < 8; v++) {
        let sum = 0;
        for (let x = 0; x < 8; x++) sum += (DCT[u * 8 + x] ?? 0) * (DCT[v * 8 + x] ?? 0);
        expect(sum).toBeCloseTo(u === v ? 8 : 0, 12);
      }
    }
    expect(DCT.slice(0, 8)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('keeps flat blocks exact through steps of 1, and rounds their .5 ties up as libjpeg does', () => {
    const ones = new Array<number>(64).fill(1);
    for (const level of [0, 77, 128, 255]) {
      const flat = new Float64Array(64).fill(level);
      expect(new Set(roundTripPlane(flat, 8, 8, ones))).toEqual(new Set([level]));
    }
    // Level 141 gives DC (141 - 128) * 8 = 104; step 16 -> 6.5 -> 7 -> 112 -> 128 + 14 = 142.
    const flat = new Float64Array(64).fill(141);
    const steps = [16, ...new Array<number>(63).fill(99)];
    expect(new Set(roundTripPlane(flat, 8, 8, steps))).toEqual(new Set([142]));
  });

  it('keeps a flat colour flat at any quality and size, and close from quality 50 up', () => {
    for (const [width, height] of [
      [1, 1],
      [13, 7],
      [32, 16],
    ] as const) {
      const image = filled(width, height, () => [90, 160, 40, 255]);
      for (const quality of [5, 50, 100]) {
        const out = jpeg(image, { quality });
        const first = [...out.data.subarray(0, 4)];
        for (let i = 0; i < out.data.length; i += 4) expect([...out.data.subarray(i, i + 4)]).toEqual(first);
        expect(first[3]).toBe(255);
      }
      // DC steps of 16 and 17 (quality 50) move flat Y, Cb and Cr by at most a level each: RGB by 3 at most.
      for (const quality of [50, 100]) {
        const [r, g, b] = jpeg(image, { quality }).data;
        expect([Math.abs(r! - 90), Math.abs(g! - 160), Math.abs(b! - 40)].every((d) => d <= 3)).toBe(true);
      }
    }
  });

  it('blends transparent pixels on black, as Chromium does before encoding', () => {
    const out = jpeg(
      filled(16, 16, () => [200, 200, 200, 0]),
      { quality: 90 },
    );
    expect(Math.max(...out.data.filter((_, i) => i % 4 !== 3))).toBeLessThanOrEqual(1);
  });
});

describe('resize reference', () => {
  it('averages every source pixel by coverage when shrinking', () => {
    // 3 columns into 2: output 0 covers source 0 and half of 1; output 1 the other half and 2.
    const image = filled(3, 1, (x) => [[0, 90, 180][x] ?? 0, 0, 0, 255]);
    const out = resize(image, { width: 2, height: 1, mode: 0 });
    expect([out.data[0], out.data[4]]).toEqual([30, 150]);
  });

  it('keeps the mean of a large reduction', () => {
    const image = filled(600, 400, (x, y) => [(x * 7 + y * 3) % 256, 0, 0, 255]);
    const out = resize(image, { width: 40, height: 40, mode: 0 });
    const mean = (img: RgbaImage) =>
      img.data.filter((_, i) => i % 4 === 0).reduce((a, b) => a + b, 0) / (img.width * img.height);
    expect(mean(out)).toBeCloseTo(mean(image), 0);
  });

  it('makes 2x2 blocks in nearest mode at 2x, and copies pixels in area mode at 2x', () => {
    const image = filled(3, 2, (x, y) => [x * 50 + y * 100, 0, 0, 255]);
    for (const mode of [0, 1]) {
      const out = resize(image, { width: 6, height: 4, mode });
      for (let y = 0; y < 4; y++) {
        for (let x = 0; x < 6; x++) {
          expect(out.data[(y * 6 + x) * 4], `mode ${mode} at ${x},${y}`).toBe((x >> 1) * 50 + (y >> 1) * 100);
        }
      }
    }
  });
});
