// The fidelity measurement's descriptors (bench/fidelity) on images whose answers are known: JPEG files
// written by two encoders outside the measurement at known qualities, noise of a known standard
// deviation and grain, edges with a known overshoot, blocks with known seams, and colours whose L*a*b*
// was worked out separately.
import { describe, expect, it } from 'vitest';
import jpegJs from 'jpeg-js';
import { blockiness, edgeOvershoot } from '../../bench/fidelity/edges.ts';
import { estimateQuality, jpegDescriptors, readCoding } from '../../bench/fidelity/jpeg-tables.ts';
import { flatNoise } from '../../bench/fidelity/noise.ts';
import { type Rgba, ycbcr } from '../../bench/fidelity/planes.ts';
import { lab, sceneDescriptors } from '../../bench/fidelity/scene.ts';
import { encodeJpeg } from '../../src/jpeg-encoder/strip-encoder.ts';

/** A seeded generator (mulberry32) and standard normal values from it (Box-Muller). */
function normals(seed: number) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

function image(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number],
): Rgba {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      data.set(
        [r, g, b].map((v) => Math.min(255, Math.max(0, Math.round(v)))).concat(255),
        (y * width + x) * 4,
      );
    }
  return { width, height, data };
}

/** A smooth gradient, the scene under the noise. */
const base = (x: number, y: number) => 70 + 0.25 * x + 0.15 * y;

describe('JPEG tables', () => {
  const photo = image(64, 48, (x, y) => [base(x, y), 255 - 2 * x, 3 * y]);
  it.each([23, 50, 75, 92, 97])(
    'reads quality %i back from the strip encoder and from jpeg-js',
    (quality) => {
      const ours = jpegDescriptors(encodeJpeg(photo.data, photo.width, photo.height, quality));
      expect(ours).toEqual({ quality, label: '4:2:0', chromaShare: 0.25 });
      const other = jpegJs.encode({ ...photo, data: Buffer.from(photo.data) }, quality).data;
      expect(jpegDescriptors(new Uint8Array(other))).toEqual({ quality, label: '4:4:4', chromaShare: 1 });
    },
  );

  it('reads the frame header: size and sampling factors', () => {
    const coding = readCoding(encodeJpeg(photo.data, photo.width, photo.height, 80));
    expect([coding.width, coding.height, coding.progressive]).toEqual([64, 48, false]);
    expect(coding.components.map((c) => [c.h, c.v])).toEqual([
      [2, 2],
      [1, 1],
      [1, 1],
    ]);
  });

  it('takes the nearest quality for tables of another maker', () => {
    // A camera's own table, finer than libjpeg's quality 95 (steps 2..5) and coarser than 98.
    const table = Array.from({ length: 64 }, (_, k) => 1 + Math.floor(k / 16));
    expect(estimateQuality(table)).toBeGreaterThanOrEqual(96);
    expect(estimateQuality(table)).toBeLessThanOrEqual(98);
  });
});

describe('noise in flat patches', () => {
  it('measures grey noise of a known standard deviation, with no colour', () => {
    const n = normals(1);
    const noise = flatNoise(
      image(320, 320, (x, y) => {
        const v = 3 * n();
        return [base(x, y) + v, base(x, y) + v, base(x, y) + v];
      }),
    );
    expect(noise.luma).toBeGreaterThan(2.8);
    expect(noise.luma).toBeLessThan(3.2);
    // Only the rounding to 8 bits is left in Cb and Cr (about 0.2 levels).
    expect(noise.chroma).toBeLessThan(0.35);
    expect(Math.abs(noise.lumaGrain)).toBeLessThan(0.06);
  });

  it('measures independent noise in each channel as luma and chroma noise of known size', () => {
    const n = normals(2);
    const noise = flatNoise(image(320, 320, (x, y) => [0, 1, 2].map(() => base(x, y) + 4 * n()) as never));
    // JFIF's weights: Y has sd 4 * sqrt(0.299^2 + 0.587^2 + 0.114^2), Cb and Cr 4 * sqrt(0.388), 4 * sqrt(0.432).
    expect(noise.luma).toBeCloseTo(2.675, 0);
    expect(Math.abs(noise.luma / 2.675 - 1)).toBeLessThan(0.06);
    expect(Math.abs(noise.chroma / 2.562 - 1)).toBeLessThan(0.06);
    expect(Math.abs(noise.ratio / 0.958 - 1)).toBeLessThan(0.08);
  });

  it('sees the grain of noise shared by neighbours', () => {
    const n = normals(3);
    const white = Array.from({ length: 321 * 321 }, () => n());
    // Each pixel the sum of a 2 x 2 box of white noise: neighbours share half, correlation 0.5 over the
    // whole image; the fitted surface takes some of the shared part, so a little less in a block.
    const noise = flatNoise(
      image(320, 320, (x, y) => {
        const v =
          2 *
          (white[y * 321 + x]! +
            white[y * 321 + x + 1]! +
            white[(y + 1) * 321 + x]! +
            white[(y + 1) * 321 + x + 1]!);
        return [base(x, y) + v, base(x, y) + v, base(x, y) + v];
      }),
    );
    expect(noise.lumaGrain).toBeGreaterThan(0.36);
    expect(noise.lumaGrain).toBeLessThan(0.5);
    // Correlated noise is correlated between the even and odd pixels too, so choosing the flattest blocks
    // on one half favours low noise on the other a little: about a tenth low here.
    expect(noise.luma / 4).toBeGreaterThan(0.84);
    expect(noise.luma / 4).toBeLessThan(1.02);
  });
});

/** Bars 20 px wide, 60 and 180, with `halo` levels past each side at the pixels next to each step. */
function bars(halo: number, vertical: boolean): Rgba {
  const level = (t: number) => {
    const bright = Math.floor(t / 20) % 2 === 1;
    const first = t % 20 === 0;
    const last = t % 20 === 19;
    if (bright) return 180 + (first || last ? halo : 0);
    return 60 - (first || last ? halo : 0);
  };
  return image(200, 200, (x, y) => {
    const v = level(vertical ? x : y);
    return [v, v, v];
  });
}

describe('edges', () => {
  it('measures a known overshoot across rows and columns', () => {
    for (const vertical of [true, false]) {
      const { overshoot, edges } = edgeOvershoot(ycbcr(bars(12, vertical)).y);
      expect(overshoot).toBeCloseTo(12 / 120, 3);
      expect(edges).toBeGreaterThan(100);
    }
  });

  it('finds no overshoot on plain steps', () => {
    expect(edgeOvershoot(ycbcr(bars(0, true)).y).overshoot).toBe(0);
  });

  it('measures the seams of blocks against the noise within them', () => {
    const n = normals(4);
    const noisy = (offset: number) =>
      ycbcr(
        image(256, 256, (x, y) => {
          const v = 128 + ((((x >> 3) + (y >> 3)) & 1) === 0 ? offset : -offset) + 2 * n();
          return [v, v, v];
        }),
      ).y;
    // Across a seam the blocks differ by 20; within, two pixels differ by 2 sigma / sqrt(pi) (sigma 2.02
    // with the rounding).
    expect(blockiness(noisy(10)) / (20 / 2.28) - 1).toBeCloseTo(0, 1);
    expect(Math.abs(blockiness(noisy(0)) - 1)).toBeLessThan(0.05);
  });
});

describe('scene descriptors', () => {
  it('converts sRGB to L*a*b* as worked out separately', () => {
    const [l, a, b] = lab(120, 128, 140);
    expect(l).toBeCloseTo(53.3, 1);
    expect(a).toBeCloseTo(-0.34, 1);
    expect(b).toBeCloseTo(-7.49, 1);
    const [grey, ga, gb] = lab(128, 128, 128);
    expect(grey).toBeCloseTo(53.59, 2);
    expect(Math.abs(ga) + Math.abs(gb)).toBeLessThan(1e-4);
  });

  it('reads a bluish grey as a cast, and two colours as their colourfulness', () => {
    const grey = sceneDescriptors(image(100, 100, () => [120, 128, 140]));
    expect(grey.castA).toBeCloseTo(-0.34, 1);
    expect(grey.castB).toBeCloseTo(-7.49, 1);
    expect(grey.vignetting).toBeCloseTo(1, 6);
    expect(grey.clipped).toBe(0);
    // Half red, half blue: sd of rg and yb 127.5 and 191.25, means 127.5 and -63.75.
    const two = sceneDescriptors(image(100, 100, (x) => (x < 50 ? [255, 0, 0] : [0, 0, 255])));
    expect(two.colourfulness).toBeCloseTo(Math.hypot(127.5, 191.25) + 0.3 * Math.hypot(127.5, 63.75), 3);
    expect(two.saturation).toBe(1);
  });

  it('counts blown pixels, dark corners and the luma range', () => {
    const scene = sceneDescriptors(
      image(100, 100, (x, y) => {
        const corner = (x < 15 || x >= 85) && (y < 15 || y >= 85);
        if (x >= 40 && x < 60 && y < 10) return [255, 252, 251];
        return corner ? [50, 50, 50] : [100, 100, 100];
      }),
    );
    expect(scene.clipped).toBeCloseTo(200 / 10000, 6);
    expect(scene.vignetting).toBeCloseTo(0.5, 6);
    expect(scene.contrast).toBeCloseTo(252.4 - 50, 0);
  });
});
