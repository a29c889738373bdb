/**
 * What a stage case is: a chain checked against its CPU reference on every backend (tests/gpu/stages.spec.ts)
 * and timed by the benchmark. Each stage's cases are in tests/gpu/cases/<stage>.ts, beside its reference in
 * tests/reference/<stage>.ts.
 */
import type { StageInvocation } from '../../../src/pipeline/stages/invocation.ts';
import type { RgbaImage } from '../../reference/image.ts';

/** Pointwise stages must reach 45 dB against the reference; neighbourhood stages 40 dB and 1 level MAE. */
export const POINTWISE = { minPsnr: 45 } as const;
export const NEIGHBOURHOOD = { minPsnr: 40, maxMeanError: 1 } as const;

export interface StageCase {
  /** A short label for test titles and the benchmark table. */
  label: string;
  chain: StageInvocation[];
  /** The least PSNR, in dB, against the CPU reference. */
  minPsnr: number;
  /** The largest mean absolute error, in 8-bit levels, against the CPU reference. */
  maxMeanError?: number;
  /** Extra textures the chain names (resource key -> RGBA image), made on demand. */
  resources?: () => Record<string, RgbaImage>;
  /** Fixture photo to run on (default kodak/kodim23.png). */
  photo?: string;
}
