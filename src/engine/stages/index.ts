import { bilateralStage } from './bilateral.ts';
import { blurStage } from './blur.ts';
import { bloomStage } from './bloom.ts';
import { copyStage } from './copy.ts';
import { dateStampStage } from './date-stamp.ts';
import { dualVignetteStage } from './dual-vignette.ts';
import { dustScratchesStage } from './dust-scratches.ts';
import { fringingStage } from './fringing.ts';
import { grainStage } from './grain.ts';
import { halationStage } from './halation.ts';
import { jpegStage } from './jpeg.ts';
import { resizeStage } from './resize.ts';
import { lutStage } from './lut.ts';
import { noiseStage } from './noise.ts';
import { pixelateStage } from './pixelate.ts';
import { sharpenStage } from './sharpen.ts';
import { smartBlurStage } from './smart-blur.ts';
import { softCornersStage } from './soft-corners.ts';
import { tonalGrainStage } from './tonal-grain.ts';
import { smearStage } from './smear.ts';
import { lensReflectionStage } from './lens-reflection.ts';
import { lightLeakStage } from './light-leak.ts';
import type { AnyStage } from './types.ts';
import { vibranceStage } from './vibrance.ts';
import { transformStage } from './transform.ts';
import { vignetteStage } from './vignette.ts';

/**
 * Every stage the engine can run, by name (each has `shaders/<name>/<name>.wgsl` and `.frag`). The keys
 * are the names stage calls use (src/engine/stages/invocation.ts types them from this object); a unit
 * test holds each key to its stage's own name.
 */
export const STAGE_DEFINITIONS = {
  copy: copyStage,
  vibrance: vibranceStage,
  grain: grainStage,
  lut: lutStage,
  noise: noiseStage,
  blur: blurStage,
  pixelate: pixelateStage,
  'smart-blur': smartBlurStage,
  'soft-corners': softCornersStage,
  bilateral: bilateralStage,
  sharpen: sharpenStage,
  resize: resizeStage,
  jpeg: jpegStage,
  bloom: bloomStage,
  'lens-reflection': lensReflectionStage,
  smear: smearStage,
  fringing: fringingStage,
  halation: halationStage,
  vignette: vignetteStage,
  'dual-vignette': dualVignetteStage,
  'tonal-grain': tonalGrainStage,
  'dust-scratches': dustScratchesStage,
  'date-stamp': dateStampStage,
  'light-leak': lightLeakStage,
  transform: transformStage,
} as const;

export type StageName = keyof typeof STAGE_DEFINITIONS;

export const STAGES: ReadonlyMap<string, AnyStage> = new Map<string, AnyStage>(
  Object.entries(STAGE_DEFINITIONS),
);

export function getStage(name: string): AnyStage {
  const stage = STAGES.get(name);
  if (!stage) throw new Error(`Unknown stage: ${name}`);
  return stage;
}
