import { type PixelStage } from '../../cpu/kernel.ts';
import { load } from '../../cpu/texture.ts';
import type { MixUniforms } from './stage.ts';

export const mix: PixelStage<MixUniforms> = (u, extras) => {
  const original = extras[0];
  if (!original) throw new Error("CPU kernel: mix needs the step's input");
  const amount = u.amount;
  const texel = new Float32Array(4);
  return (c, x, y) => {
    load(original, x, y, texel);
    for (let k = 0; k < 4; k++) {
      const from = texel[k] as number;
      c[k] = from + ((c[k] as number) - from) * amount;
    }
  };
};
