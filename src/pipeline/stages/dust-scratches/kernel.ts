/** The `pixel` function of dust-scratches.wgsl and .glsl, line for line. */
import { type PixelStage } from '../../cpu/kernel.ts';
import { pcg } from '../../cpu/kernels/pcg.ts';
import { clamp01 } from '../../cpu/texture.ts';
import type { DustScratchesUniforms } from './stage.ts';

const CELL = 0.03;

const BAND = 0.05;

const TAU = 6.2831853;

const DARK = 0.05;

const unitLow = (h: number) => (h & 0xffff) / 65536;

const unitHigh = (h: number) => (h >>> 16) / 65536;

const chance = (h: number, p: number) => (h >>> 8) / 16777216 < p;

const coverage = (d: number, halfWidth: number) => clamp01(halfWidth + 0.5 - d) * Math.min(1, 2 * halfWidth);

const wave = (t: number) => -Math.sin(TAU * (t - Math.floor(t)) - 3.14159265);

export const dustScratches: PixelStage<DustScratchesUniforms> = (u) => {
  const amount = u.amount;
  const seedHash = pcg(u.seed);
  const scratchHash = pcg(seedHash + 1);
  const [ox = 0, oy = 0] = u.origin;
  const [fw = 1, fh = 1] = u.fullSize;
  const unit = Math.max(fw, fh);
  const cellSize = CELL * unit;
  const density = 0.25 * amount;
  const opacity = 0.4 + 0.6 * amount;
  const mixIn = (c: Float32Array, tone: number, k: number) => {
    c[0] = (c[0] as number) + (tone - (c[0] as number)) * k;
    c[1] = (c[1] as number) + (tone - (c[1] as number)) * k;
    c[2] = (c[2] as number) + (tone - (c[2] as number)) * k;
  };
  return (c, x, y) => {
    const gx = x + ox + 0.5;
    const gy = y + oy + 0.5;
    const homeX = Math.floor(gx / cellSize);
    const homeY = Math.floor(gy / cellSize);
    for (let dy = -1; dy <= 1; dy++) {
      const row = pcg(homeY + dy + seedHash);
      for (let dx = -1; dx <= 1; dx++) {
        const cellX = homeX + dx;
        const h0 = pcg(cellX + row);
        if (!chance(h0, density)) continue;
        const h1 = pcg(h0);
        const h2 = pcg(h1);
        const h3 = pcg(h2);
        const h4 = pcg(h3);
        const px = gx - (cellX + unitLow(h1)) * cellSize;
        const py = gy - (homeY + dy + unitHigh(h1)) * cellSize;
        const angle = (unitHigh(h2) - 0.5) * TAU;
        const ax = Math.cos(angle);
        const ay = Math.sin(angle);
        const along = px * ax + py * ay;
        const side = -px * ay + py * ax;
        let k: number;
        let light: boolean;
        if ((h0 & 0xff) < 31) {
          const halfLength = cellSize * (0.4 + 0.3 * unitLow(h2));
          const bend = ((unitLow(h3) - 0.5) * 0.5) / halfLength;
          const slope = 2 * bend * along;
          const across = Math.abs(side - bend * along * along) / Math.sqrt(1 + slope * slope);
          const taper = clamp01((halfLength - Math.abs(along)) / (0.25 * halfLength));
          k = coverage(across, unit * (0.0003 + 0.0003 * unitHigh(h3))) * taper;
          light = unitHigh(h4) < 0.5;
        } else {
          const s = unitLow(h2);
          const aspect = 1 + unitLow(h3);
          k = coverage(Math.hypot(along, side * aspect), unit * (0.0005 + 0.002 * s * s));
          light = unitHigh(h4) < 0.75;
        }
        mixIn(c, light ? 1 : DARK, k * opacity * (0.55 + 0.45 * unitLow(h4)));
      }
    }
    const band = Math.floor(gx / (BAND * unit));
    const s0 = pcg(band + scratchHash);
    if (chance(s0, 0.2 * amount)) {
      const s1 = pcg(s0);
      const s2 = pcg(s1);
      const s3 = pcg(s2);
      const s4 = pcg(s3);
      const wobble = unit * 0.002 * unitHigh(s1) * wave(((1 + 2 * unitLow(s2)) * gy) / unit + unitHigh(s2));
      const lineX = (band + 0.15 + 0.7 * unitLow(s1)) * BAND * unit + wobble;
      const top = fh * (0.3 * unitLow(s3) - 0.1);
      const bottom = fh * (1.1 - 0.3 * unitHigh(s3));
      const fade = 0.02 * unit;
      const ends = clamp01((gy - top) / fade) * clamp01((bottom - gy) / fade);
      const flicker = 0.7 + 0.3 * wave((7 * gy) / unit + unitLow(s4));
      const k = coverage(Math.abs(gx - lineX), unit * (0.0003 + 0.0004 * unitHigh(s4))) * ends;
      mixIn(c, 1, k * opacity * 0.8 * flicker);
    }
    c[0] = clamp01(c[0] as number);
    c[1] = clamp01(c[1] as number);
    c[2] = clamp01(c[2] as number);
  };
};
