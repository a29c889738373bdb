import { createImage, toByte, type RgbaImage } from './image.ts';

/** Overlap of source texel i, [i * outSize, (i + 1) * outSize), with output texel o, [o * inSize, (o + 1) * inSize). */
function overlap(i: number, o: number, inSize: number, outSize: number): number {
  return Math.min((i + 1) * outSize, (o + 1) * inSize) - Math.max(i * outSize, o * inSize);
}

/** CPU reference of shaders/resize: area (coverage-weighted average) or nearest neighbour. */
export function resize(input: RgbaImage, params: { width: number; height: number; mode: number }): RgbaImage {
  const outW = Math.max(1, Math.round(params.width));
  const outH = Math.max(1, Math.round(params.height));
  const inW = input.width;
  const inH = input.height;
  const output = createImage(outW, outH);
  const src = input.data;
  const dst = output.data;
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
