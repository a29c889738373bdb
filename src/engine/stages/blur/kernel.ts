import type { Kernel } from '../../cpu/kernel.ts';
import { GAUSSIAN_ENTRIES, finalPass } from '../../cpu/kernels/gaussian.ts';

export const blurEntries: Record<string, Kernel> = {
  ...GAUSSIAN_ENTRIES,
  main: finalPass(0, () => () => undefined),
};
