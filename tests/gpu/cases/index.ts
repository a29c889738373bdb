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
import { blurCases } from './blur.ts';
import { pixelateCases } from './pixelate.ts';
import { smartBlurCases } from './smart-blur.ts';
import { bilateralCases } from './bilateral.ts';
import { sharpenCases } from './sharpen.ts';
import { lutCases } from './lut.ts';
import { noiseCases } from './noise.ts';
import { resizeCases } from './resize.ts';
import { jpegCases } from './jpeg.ts';
import { smearCases } from './smear.ts';
import { fringingCases } from './fringing.ts';
import { halationCases } from './halation.ts';
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
  blur: blurCases,
  pixelate: pixelateCases,
  'smart-blur': smartBlurCases,
  bilateral: bilateralCases,
  sharpen: sharpenCases,
  lut: lutCases,
  noise: noiseCases,
  resize: resizeCases,
  jpeg: jpegCases,
  smear: smearCases,
  fringing: fringingCases,
  halation: halationCases,
};
