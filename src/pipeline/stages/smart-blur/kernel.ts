import { input, type Kernel } from '../../cpu/kernel.ts';
import { blockMeans, blockOf } from '../../cpu/kernels/blocks.ts';
import { GAUSSIAN_ENTRIES, blurredRow, gaussianParams } from '../../cpu/kernels/gaussian.ts';
import { clamp01, readRow, tap, writeRow } from '../../cpu/texture.ts';
import type { SmartBlurUniforms } from './stage.ts';

/** smart-blur's main: the blur (gaussian or block means) mixed over the image by the blur amount. */
const smartBlurMain: Kernel<SmartBlurUniforms> = (pass) => {
  const u = pass.u;
  const g = gaussianParams(u);
  const image = input(pass, 0);
  const blur = input(pass, 1);
  const mask = input(pass, 2);
  const pixelate = u.blurType === 1;
  const maskMode = u.maskMode;
  const vignetteSize = u.vignetteSize;
  const softness = Math.max(u.vignetteSoftness, 0.001);
  const blockSize = u.blockSize;
  const [startX = 0, startY = 0] = u.blockStart;
  const [originX = 0, originY = 0] = u.origin;
  const [fullWidth = 1, fullHeight = 1] = u.fullSize;
  const { width } = pass.out;
  const source = new Float32Array(width * 4);
  const blurred = new Float32Array(width * 4);
  const amounts = new Float32Array(width);
  const c = new Float32Array(4);
  const meansRow = new Float32Array(blur.width * 4);
  for (let y = 0; y < pass.out.height; y++) {
    readRow(image, y, source);
    const uvy = (y + originY + 0.5) / fullHeight;
    let any = false;
    for (let x = 0; x < width; x++) {
      const uvx = (x + originX + 0.5) / fullWidth;
      let amount = 1;
      if (maskMode === 1) {
        tap(mask, uvx * mask.width, uvy * mask.height, c);
        amount = c[3] as number;
      } else if (maskMode === 2) {
        const t = clamp01((Math.hypot((uvx - 0.5) * 2, (uvy - 0.5) * 2) - vignetteSize) / softness);
        amount = t * t * (3 - 2 * t);
      }
      amounts[x] = amount;
      if (amount > 0) any = true;
    }
    if (any) {
      if (pixelate) {
        readRow(blur, blockOf(y, blockSize, startY), meansRow);
        for (let x = 0; x < width; x++)
          blurred.set(
            meansRow.subarray(blockOf(x, blockSize, startX) * 4, blockOf(x, blockSize, startX) * 4 + 4),
            x * 4,
          );
      } else {
        blurredRow(blur, y, width, g, blurred, c);
      }
      for (let x = 0; x < width; x++) {
        const amount = amounts[x] as number;
        if (amount <= 0) continue;
        for (let k = x * 4; k < x * 4 + 4; k++) {
          const s = source[k] as number;
          source[k] = s + ((blurred[k] as number) - s) * amount;
        }
      }
    }
    writeRow(pass.out, y, source);
  }
};

export const smartBlurEntries: Record<string, Kernel<SmartBlurUniforms>> = {
  ...GAUSSIAN_ENTRIES,
  means: blockMeans,
  main: smartBlurMain,
};
