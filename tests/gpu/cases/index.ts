/**
 * Parameters each stage is checked (and benchmarked) with, by stage: one file per stage in this folder.
 * Every registered stage needs at least one case; a unit test holds that.
 */
import { copyCases } from './copy.ts';
import { vibranceCases } from './vibrance.ts';
import { grainCases } from './grain.ts';
import { bloomCases } from './bloom.ts';
import { lensReflectionCases } from './lens-reflection.ts';
import { vignetteCases } from './vignette.ts';
import { dualVignetteCases } from './dual-vignette.ts';
import { tonalGrainCases } from './tonal-grain.ts';
import { dustScratchesCases } from './dust-scratches.ts';
import { dateStampCases } from './date-stamp.ts';
import { lightLeakCases } from './light-leak.ts';
import { blurCases } from './blur.ts';
import { pixelateCases } from './pixelate.ts';
import { smartBlurCases } from './smart-blur.ts';
import { softCornersCases } from './soft-corners.ts';
import { bilateralCases } from './bilateral.ts';
import { sharpenCases } from './sharpen.ts';
import { lutCases } from './lut.ts';
import { mixCases } from './mix.ts';
import { noiseCases } from './noise.ts';
import { resizeCases } from './resize.ts';
import { transformCases } from './transform.ts';
import { jpegCases } from './jpeg.ts';
import { smearCases } from './smear.ts';
import { fringingCases } from './fringing.ts';
import { halationCases } from './halation.ts';
import { frameCases } from './frame.ts';
import type { StageCase } from './types.ts';

export { NEIGHBOURHOOD, POINTWISE, type StageCase } from './types.ts';

export const STAGE_CASES: Readonly<Record<string, readonly StageCase[]>> = {
  copy: copyCases,
  vibrance: vibranceCases,
  grain: grainCases,
  bloom: bloomCases,
  'lens-reflection': lensReflectionCases,
  vignette: vignetteCases,
  'dual-vignette': dualVignetteCases,
  'tonal-grain': tonalGrainCases,
  'dust-scratches': dustScratchesCases,
  'date-stamp': dateStampCases,
  'light-leak': lightLeakCases,
  blur: blurCases,
  pixelate: pixelateCases,
  'smart-blur': smartBlurCases,
  'soft-corners': softCornersCases,
  bilateral: bilateralCases,
  sharpen: sharpenCases,
  lut: lutCases,
  noise: noiseCases,
  resize: resizeCases,
  transform: transformCases,
  jpeg: jpegCases,
  smear: smearCases,
  fringing: fringingCases,
  halation: halationCases,
  frame: frameCases,
  mix: mixCases,
};
