/**
 * Every stage's CPU kernels, by stage name: each in its stage's folder (`src/pipeline/stages/<stage>/kernel.ts`)
 * beside its WGSL and GLSL (a unit test holds the three in step); the helpers several share are here.
 */
import type { CpuStage } from '../kernel.ts';
import { blockMeans } from './blocks.ts';
import { bilateralHorizontal, bilateralVertical } from '../../stages/bilateral/kernel.ts';
import { bloomEntries } from '../../stages/bloom/kernel.ts';
import { blurEntries } from '../../stages/blur/kernel.ts';
import { copy } from '../../stages/copy/kernel.ts';
import { dateStamp } from '../../stages/date-stamp/kernel.ts';
import { dualVignette } from '../../stages/dual-vignette/kernel.ts';
import { dustScratches } from '../../stages/dust-scratches/kernel.ts';
import { fringingEntries } from '../../stages/fringing/kernel.ts';
import { frame } from '../../stages/frame/kernel.ts';
import { grain } from '../../stages/grain/kernel.ts';
import { halationEntries } from '../../stages/halation/kernel.ts';
import { jpegEntries } from '../../stages/jpeg/kernel.ts';
import { lensReflectionEntries } from '../../stages/lens-reflection/kernel.ts';
import { lightLeak } from '../../stages/light-leak/kernel.ts';
import { lut } from '../../stages/lut/kernel.ts';
import { mix } from '../../stages/mix/kernel.ts';
import { noise } from '../../stages/noise/kernel.ts';
import { pixelate } from '../../stages/pixelate/kernel.ts';
import { resize } from '../../stages/resize/kernel.ts';
import { sharpenEntries } from '../../stages/sharpen/kernel.ts';
import { smartBlurEntries } from '../../stages/smart-blur/kernel.ts';
import { smearEntries } from '../../stages/smear/kernel.ts';
import { softCornersEntries } from '../../stages/soft-corners/kernel.ts';
import { tonalGrain } from '../../stages/tonal-grain/kernel.ts';
import { transform } from '../../stages/transform/kernel.ts';
import { vibrance } from '../../stages/vibrance/kernel.ts';
import { vignette } from '../../stages/vignette/kernel.ts';

export const CPU_STAGES: ReadonlyMap<string, CpuStage> = new Map<string, CpuStage>([
  ['copy', { entries: { main: copy } }],
  ['vibrance', { pixel: vibrance }],
  ['grain', { pixel: grain }],
  ['lut', { pixel: lut }],
  ['noise', { pixel: noise }],
  ['vignette', { pixel: vignette }],
  ['dual-vignette', { pixel: dualVignette }],
  ['blur', { entries: blurEntries }],
  ['sharpen', { entries: sharpenEntries }],
  ['smart-blur', { entries: smartBlurEntries }],
  ['soft-corners', { entries: softCornersEntries }],
  ['pixelate', { entries: { means: blockMeans, main: pixelate } }],
  ['bilateral', { entries: { horizontal: bilateralHorizontal, main: bilateralVertical } }],
  ['resize', { entries: { main: resize } }],
  ['jpeg', { entries: jpegEntries }],
  ['bloom', { entries: bloomEntries }],
  ['lens-reflection', { entries: lensReflectionEntries }],
  ['tonal-grain', { pixel: tonalGrain }],
  ['dust-scratches', { pixel: dustScratches }],
  ['date-stamp', { pixel: dateStamp }],
  ['light-leak', { pixel: lightLeak }],
  ['smear', { entries: smearEntries }],
  ['fringing', { entries: fringingEntries }],
  ['halation', { entries: halationEntries }],
  ['transform', { entries: { main: transform } }],
  ['frame', { entries: { main: frame } }],
  ['mix', { pixel: mix }],
]);
