import { type PixelStage } from '../../cpu/kernel.ts';
import { clamp01, load } from '../../cpu/texture.ts';
import type { LutUniforms } from './stage.ts';

export const lut: PixelStage<LutUniforms> = (u, extras) => {
  const intensity = u.intensity;
  const size = u.size;
  const atlas = extras[0];
  if (!atlas) throw new Error('CPU kernel: lut needs its atlas');
  const last = size - 1;
  // The atlas as floats once: a pass reads it for every pixel.
  const texels = new Float32Array(atlas.width * atlas.height * 4);
  for (let y = 0, i = 0; y < atlas.height; y++)
    for (let x = 0; x < atlas.width; x++, i += 4) load(atlas, x, y, texels, i);
  const at = (r: number, g: number, b: number) => (r + size * b + g * atlas.width) * 4;
  return (c) => {
    const r = c[0] as number;
    const g = c[1] as number;
    const b = c[2] as number;
    const px = clamp01(r) * last;
    const py = clamp01(g) * last;
    const pz = clamp01(b) * last;
    const bx = Math.min(Math.floor(px), last - 1);
    const by = Math.min(Math.floor(py), last - 1);
    const bz = Math.min(Math.floor(pz), last - 1);
    const fx = px - bx;
    const fy = py - by;
    const fz = pz - bz;
    // The tetrahedron from corner 000 to 111 along the axes in decreasing order of f, ties x, y, z.
    const xy = fx >= fy ? 1 : 0;
    const xz = fx >= fz ? 1 : 0;
    const yz = fy >= fz ? 1 : 0;
    const wx = xy + xz;
    const wy = 1 - xy + yz;
    const wz = 2 - xz - yz;
    const f1 = Math.max(fx, fy, fz);
    const f3 = Math.min(fx, fy, fz);
    const f2 = fx + fy + fz - f1 - f3;
    const a0 = at(bx, by, bz);
    const a1 = at(bx + (wx === 2 ? 1 : 0), by + (wy === 2 ? 1 : 0), bz + (wz === 2 ? 1 : 0));
    const a2 = at(bx + (wx === 0 ? 0 : 1), by + (wy === 0 ? 0 : 1), bz + (wz === 0 ? 0 : 1));
    const a3 = at(bx + 1, by + 1, bz + 1);
    for (let k = 0; k < 3; k++) {
      const graded =
        (1 - f1) * (texels[a0 + k] as number) +
        (f1 - f2) * (texels[a1 + k] as number) +
        (f2 - f3) * (texels[a2 + k] as number) +
        f3 * (texels[a3 + k] as number);
      const original = c[k] as number;
      c[k] = clamp01(original + (graded - original) * intensity);
    }
  };
};
