import { bilateralStage } from './bilateral.ts';
import { blurStage } from './blur.ts';
import { bloomStage } from './bloom.ts';
import { copyStage } from './copy.ts';
import { dualVignetteStage } from './dual-vignette.ts';
import { grainStage } from './grain.ts';
import { jpegStage } from './jpeg.ts';
import { resizeStage } from './resize.ts';
import { lutStage } from './lut.ts';
import { noiseStage } from './noise.ts';
import { pixelateStage } from './pixelate.ts';
import { sharpenStage } from './sharpen.ts';
import { smartBlurStage } from './smart-blur.ts';
import { lensReflectionStage } from './lens-reflection.ts';
import type { AnyStage } from './types.ts';
import { vibranceStage } from './vibrance.ts';
import { vignetteStage } from './vignette.ts';

/** Every stage the engine can run, by name. Each has `shaders/<name>/<name>.wgsl` and `.frag`. */
export const STAGES: ReadonlyMap<string, AnyStage> = new Map(
  [
    copyStage,
    vibranceStage,
    grainStage,
    lutStage,
    noiseStage,
    blurStage,
    pixelateStage,
    smartBlurStage,
    bilateralStage,
    sharpenStage,
    resizeStage,
    jpegStage,
    bloomStage,
    lensReflectionStage,
    vignetteStage,
    dualVignetteStage,
  ].map((stage) => [stage.name, stage]),
);

export function getStage(name: string): AnyStage {
  const stage = STAGES.get(name);
  if (!stage) throw new Error(`Unknown stage: ${name}`);
  return stage;
}
