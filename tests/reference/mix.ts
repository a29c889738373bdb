import type { RgbaImage } from './image.ts';
import { toByte } from './image.ts';

/**
 * CPU reference of the mix stage (a step's strength): `amount` of the stage's input over the step's input
 * (the `input` slot, the same size), each channel linearly, rounded to 8 bits.
 */
export function mix(
  input: RgbaImage,
  params: { amount: number },
  textures: Readonly<Record<string, RgbaImage>>,
): RgbaImage {
  const original = textures.input;
  if (!original) throw new Error('mix reference: no step input in the input slot');
  if (original.width !== input.width || original.height !== input.height)
    throw new Error('mix reference: the step input is another size');
  const amount = Math.min(1, Math.max(0, params.amount));
  const data = new Uint8Array(input.data.length);
  for (let i = 0; i < data.length; i++) {
    const from = (original.data[i] ?? 0) / 255;
    data[i] = toByte(from + ((input.data[i] ?? 0) / 255 - from) * amount);
  }
  return { width: input.width, height: input.height, data };
}
