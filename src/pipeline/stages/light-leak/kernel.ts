import { type PixelStage } from '../../cpu/kernel.ts';
import { pcg, triangular } from '../../cpu/kernels/pcg.ts';
import { clamp01, smoothstep } from '../../cpu/texture.ts';
import type { LightLeakUniforms } from './stage.ts';

const LEAK_HOT = [1, 0.93, 0.75] as const;

export const lightLeak: PixelStage<LightLeakUniforms> = (u) => {
  const lobeA = u.lobeA;
  const colorA = u.colorA;
  const amount = u.amount;
  const lobeB = u.lobeB;
  const colorB = u.colorB;
  const strengthB = u.strengthB;
  const [ax = 0, ay = 0] = u.axis;
  const [ox = 0, oy = 0] = u.origin;
  const a = new Float64Array(3);
  const b = new Float64Array(3);
  // The shaders' leakLobe, times `scale`, into `out`.
  const lobe = (
    qx: number,
    qy: number,
    l: readonly number[],
    tint: readonly number[],
    scale: number,
    out: Float64Array,
  ) => {
    const rx = qx - (l[0] as number);
    const ry = qy - (l[1] as number);
    const along = (rx * ax + ry * ay) / (l[2] as number);
    const across = Math.abs(rx * ay + ry * ax) / (l[3] as number);
    const f = 1 - smoothstep(0, 1, Math.hypot(along, across));
    const light = f * (2 - f);
    const hot = 0.5 * light * light * light * light;
    for (let k = 0; k < 3; k++) {
      const t = tint[k] as number;
      out[k] = scale * (t + ((LEAK_HOT[k] as number) - t) * hot) * light;
    }
  };
  return (c, x, y) => {
    const gx = x + ox;
    const gy = y + oy;
    lobe(gx + 0.5, gy + 0.5, lobeA, colorA, amount, a);
    lobe(gx + 0.5, gy + 0.5, lobeB, colorB, amount * strengthB, b);
    const weight = clamp01(((a[0] as number) + (b[0] as number)) * 32);
    const dither = (triangular(pcg(gx + pcg(gy + 40503))) * weight) / 255;
    for (let k = 0; k < 3; k++) {
      const screened = 1 - (1 - (c[k] as number)) * (1 - (a[k] as number)) * (1 - (b[k] as number));
      c[k] = clamp01(screened + dither);
    }
  };
};
