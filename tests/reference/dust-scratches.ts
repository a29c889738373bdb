import type { DustScratchesParams } from '../../src/pipeline/stages/dust-scratches/stage.ts';
import { toByte, type RgbaImage } from './image.ts';
import { pcg } from './pcg.ts';

/**
 * CPU reference of shaders/dust-scratches, drawn the other way round: where the shaders gather, for each
 * pixel, the accidents of the cells around it, this lists every cell's accident and paints it over the
 * pixels of the 3 x 3 cells around its own, cells in rows from the top (the order each pixel mixes them
 * in), then paints each column's scratch.
 */
export function dustScratches(input: RgbaImage, params: DustScratchesParams): RgbaImage {
  const { width, height } = input;
  const amount = Math.min(1, Math.max(0, params.amount));
  const unit = Math.max(width, height);
  const cell = 0.03 * unit;
  const opacity = 0.4 + 0.6 * amount;
  const seedHash = pcg(params.seed >>> 0);
  const low = (h: number) => (h & 0xffff) / 65536;
  const high = (h: number) => (h >>> 16) / 65536;
  const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
  const cover = (d: number, halfWidth: number) => clamp01(halfWidth + 0.5 - d) * Math.min(1, 2 * halfWidth);
  const wave = (t: number) => Math.sin(2 * Math.PI * (t - Math.floor(t)));
  const rgb = Float64Array.from({ length: width * height * 3 }, (_, i) => {
    return (input.data[Math.floor(i / 3) * 4 + (i % 3)] ?? 0) / 255;
  });
  const paint = (x: number, y: number, tone: number, k: number) => {
    for (let c = 0, i = (y * width + x) * 3; c < 3; c++, i++) {
      rgb[i] = (rgb[i] as number) + (tone - (rgb[i] as number)) * k;
    }
  };
  const cellOf = (v: number) => Math.floor((v + 0.5) / cell);

  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  for (let cy = -1; cy <= rows; cy++) {
    for (let cx = -1; cx <= columns; cx++) {
      const h0 = pcg((cx >>> 0) + pcg(((cy >>> 0) + seedHash) >>> 0));
      if ((h0 >>> 8) / 2 ** 24 >= 0.25 * amount) continue;
      const [h1, h2, h3, h4] = [1, 2, 3, 4].map((n) => {
        let h = h0;
        for (let i = 0; i < n; i++) h = pcg(h);
        return h;
      }) as [number, number, number, number];
      const centreX = (cx + low(h1)) * cell;
      const centreY = (cy + high(h1)) * cell;
      const angle = (high(h2) - 0.5) * 2 * Math.PI;
      const hair = (h0 & 0xff) < 31;
      // A hair: a gently bent parabola in the frame of its axis; a speck: an ellipse.
      const halfLength = cell * (0.4 + 0.3 * low(h2));
      const bend = ((low(h3) - 0.5) * 0.5) / halfLength;
      const shape = (along: number, side: number) => {
        if (!hair)
          return cover(Math.hypot(along, side * (1 + low(h3))), unit * (0.0005 + 0.002 * low(h2) ** 2));
        const across = Math.abs(side - bend * along * along) / Math.hypot(1, 2 * bend * along);
        const taper = clamp01((halfLength - Math.abs(along)) / (0.25 * halfLength));
        return cover(across, unit * (0.0003 + 0.0003 * high(h3))) * taper;
      };
      const tone = high(h4) < (hair ? 0.5 : 0.75) ? 1 : 0.05;
      const strength = opacity * (0.55 + 0.45 * low(h4));
      for (let y = Math.max(0, Math.floor((cy - 1) * cell) - 1); y < height; y++) {
        const rowCell = cellOf(y);
        if (rowCell > cy + 1) break;
        if (rowCell < cy - 1) continue;
        for (let x = Math.max(0, Math.floor((cx - 1) * cell) - 1); x < width; x++) {
          const columnCell = cellOf(x);
          if (columnCell > cx + 1) break;
          if (columnCell < cx - 1) continue;
          const px = x + 0.5 - centreX;
          const py = y + 0.5 - centreY;
          const along = px * Math.cos(angle) + py * Math.sin(angle);
          const side = py * Math.cos(angle) - px * Math.sin(angle);
          paint(x, y, tone, shape(along, side) * strength);
        }
      }
    }
  }

  const bandWidth = 0.05 * unit;
  for (let band = 0; band * bandWidth < width; band++) {
    const s0 = pcg((band + pcg((seedHash + 1) >>> 0)) >>> 0);
    if ((s0 >>> 8) / 2 ** 24 >= 0.2 * amount) continue;
    const s1 = pcg(s0);
    const s2 = pcg(s1);
    const s3 = pcg(s2);
    const s4 = pcg(s3);
    const top = height * (0.3 * low(s3) - 0.1);
    const bottom = height * (1.1 - 0.3 * high(s3));
    const halfWidth = unit * (0.0003 + 0.0004 * high(s4));
    for (let y = 0; y < height; y++) {
      const gy = y + 0.5;
      const wobble = unit * 0.002 * high(s1) * wave(((1 + 2 * low(s2)) * gy) / unit + high(s2));
      const lineX = (band + 0.15 + 0.7 * low(s1)) * bandWidth + wobble;
      const ends = clamp01((gy - top) / (0.02 * unit)) * clamp01((bottom - gy) / (0.02 * unit));
      const flicker = 0.7 + 0.3 * wave((7 * gy) / unit + low(s4));
      for (let x = 0; x < width; x++) {
        if (Math.floor((x + 0.5) / bandWidth) !== band) continue;
        const k = cover(Math.abs(x + 0.5 - lineX), halfWidth) * ends;
        paint(x, y, 1, k * opacity * 0.8 * flicker);
      }
    }
  }

  const output = { width, height, data: new Uint8Array(input.data) };
  for (let i = 0, j = 0; j < rgb.length; i += 4, j += 3) {
    output.data[i] = toByte(rgb[j] as number);
    output.data[i + 1] = toByte(rgb[j + 1] as number);
    output.data[i + 2] = toByte(rgb[j + 2] as number);
  }
  return output;
}
