import type { Kernel } from '../../cpu/kernel.ts';
import { GAUSSIAN_ENTRIES, finalPass } from '../../cpu/kernels/gaussian.ts';
import type { BlurUniforms } from './stage.ts';

export const blurEntries: Record<string, Kernel<BlurUniforms>> = {
  ...GAUSSIAN_ENTRIES,
  main: finalPass(0, () => () => undefined),
};
