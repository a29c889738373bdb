import { bilateralStage } from './bilateral/stage.ts';
import { blurStage } from './blur/stage.ts';
import { bloomStage } from './bloom/stage.ts';
import { copyStage } from './copy/stage.ts';
import { dateStampStage } from './date-stamp/stage.ts';
import { dualVignetteStage } from './dual-vignette/stage.ts';
import { dustScratchesStage } from './dust-scratches/stage.ts';
import { fringingStage } from './fringing/stage.ts';
import { frameStage } from './frame/stage.ts';
import { grainStage } from './grain/stage.ts';
import { halationStage } from './halation/stage.ts';
import { jpegStage } from './jpeg/stage.ts';
import { resizeStage } from './resize/stage.ts';
import { lutStage } from './lut/stage.ts';
import { mixStage } from './mix/stage.ts';
import { noiseStage } from './noise/stage.ts';
import { pixelateStage } from './pixelate/stage.ts';
import { sharpenStage } from './sharpen/stage.ts';
import { smartBlurStage } from './smart-blur/stage.ts';
import { softCornersStage } from './soft-corners/stage.ts';
import { tonalGrainStage } from './tonal-grain/stage.ts';
import { smearStage } from './smear/stage.ts';
import { lensReflectionStage } from './lens-reflection/stage.ts';
import { lightLeakStage } from './light-leak/stage.ts';
import type { AnyStage } from './types.ts';
import { vibranceStage } from './vibrance/stage.ts';
import { transformStage } from './transform/stage.ts';
import { vignetteStage } from './vignette/stage.ts';

/**
 * Every stage the engine can run, by name (each has its folder, `<name>/`: `stage.ts`, its shaders and
 * its CPU kernel). The keys are the names stage calls use (src/pipeline/stages/invocation.ts types them
 * from this object); a unit test holds each key to its stage's own name.
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
  frame: frameStage,
  mix: mixStage,
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
