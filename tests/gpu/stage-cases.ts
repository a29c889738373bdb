/**
 * Parameters each stage is checked (and benchmarked) with. Every registered stage needs at least one
 * case here; a unit test holds that.
 */
import type { StageInvocation } from '../../src/engine/stages/types.ts';

export interface StageCase {
  /** A short label for test titles and the benchmark table. */
  label: string;
  chain: StageInvocation[];
  /** The least PSNR, in dB, against the CPU reference. */
  minPsnr: number;
}

export const STAGE_CASES: Readonly<Record<string, readonly StageCase[]>> = {
  copy: [{ label: 'identity', chain: [{ stage: 'copy', params: {} }], minPsnr: Infinity }],
  vibrance: [
    { label: 'vibrance 0.5', chain: [{ stage: 'vibrance', params: { vibrance: 0.5 } }], minPsnr: 45 },
    { label: 'vibrance -0.8', chain: [{ stage: 'vibrance', params: { vibrance: -0.8 } }], minPsnr: 45 },
  ],
  grain: [
    {
      label: 'fine grain',
      chain: [{ stage: 'grain', params: { amount: 0.12, size: 1, seed: 7 } }],
      minPsnr: 45,
    },
    {
      label: 'coarse grain',
      chain: [{ stage: 'grain', params: { amount: 0.2, size: 2.7, seed: 12345 } }],
      minPsnr: 45,
    },
  ],
};
