import { createImage, toByte, type RgbaImage } from './image.ts';

/** Overlap of source texel i, [i * outSize, (i + 1) * outSize), with output texel o, [o * inSize, (o + 1) * inSize). */
function overlap(i: number, o: number, inSize: number, outSize: number): number {
  return Math.min((i + 1) * outSize, (o + 1) * inSize) - Math.max(i * outSize, o * inSize);
}

/** Catmull-Rom: the weight of a tap at distance d (in source pixels) from the sample point. */
function catmullRom(d: number): number {
  const x = Math.abs(d);
  if (x < 1) return 1.5 * x ** 3 - 2.5 * x ** 2 + 1;
  if (x < 2) return -0.5 * x ** 3 + 2.5 * x ** 2 - 4 * x + 2;
  return 0;
}

/**
 * CPU reference of shaders/resize: area (coverage-weighted average), nearest neighbour, or smooth (the
 * Catmull-Rom cubic when enlarging, area otherwise).
 */
export function resize(input: RgbaImage, params: { width: number; height: number; mode: number }): RgbaImage {
  const outW = Math.max(1, Math.round(params.width));
  const outH = Math.max(1, Math.round(params.height));
  const inW = input.width;
  const inH = input.height;
  const output = createImage(outW, outH);
  const src = input.data;
  const dst = output.data;
  if (params.mode === 2 && outW >= inW && outH >= inH) {
    const at = (i: number, n: number) => Math.min(n - 1, Math.max(0, i));
    for (let oy = 0; oy < outH; oy++) {
      const cy = ((oy + 0.5) * inH) / outH - 0.5;
      for (let ox = 0; ox < outW; ox++) {
        const cx = ((ox + 0.5) * inW) / outW - 0.5;
        const sum = [0, 0, 0, 0];
        for (let y = Math.floor(cy) - 1; y <= Math.floor(cy) + 2; y++)
          for (let x = Math.floor(cx) - 1; x <= Math.floor(cx) + 2; x++) {
            const w = catmullRom(x - cx) * catmullRom(y - cy);
            const s = (at(y, inH) * inW + at(x, inW)) * 4;
            for (let c = 0; c < 4; c++) sum[c] = (sum[c] ?? 0) + ((src[s + c] ?? 0) / 255) * w;
          }
        for (let c = 0; c < 4; c++) dst[(oy * outW + ox) * 4 + c] = toByte(sum[c] ?? 0);
      }
    }
    return output;
  }
  for (let oy = 0; oy < outH; oy++) {
    for (let ox = 0; ox < outW; ox++) {
      const o = (oy * outW + ox) * 4;
      if (params.mode === 1) {
        const sx = Math.min(Math.floor(((2 * ox + 1) * inW) / (2 * outW)), inW - 1);
        const sy = Math.min(Math.floor(((2 * oy + 1) * inH) / (2 * outH)), inH - 1);
        const s = (sy * inW + sx) * 4;
        for (let c = 0; c < 4; c++) dst[o + c] = src[s + c] ?? 0;
        continue;
      }
      const x0 = Math.floor((ox * inW) / outW);
      const x1 = Math.min(Math.floor(((ox + 1) * inW - 1) / outW), inW - 1);
      const y0 = Math.floor((oy * inH) / outH);
      const y1 = Math.min(Math.floor(((oy + 1) * inH - 1) / outH), inH - 1);
      const sum = [0, 0, 0, 0];
      for (let y = y0; y <= y1; y++) {
        const wy = overlap(y, oy, inH, outH);
        for (let x = x0; x <= x1; x++) {
          const w = wy * overlap(x, ox, inW, outW);
          const s = (y * inW + x) * 4;
          for (let c = 0; c < 4; c++) sum[c] = (sum[c] ?? 0) + (src[s + c] ?? 0) * w;
        }
      }
      const norm = 255 * inW * inH;
      for (let c = 0; c < 4; c++) dst[o + c] = toByte((sum[c] ?? 0) / norm);
    }
  }
  return output;
}
