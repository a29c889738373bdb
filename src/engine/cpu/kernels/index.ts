/** Every stage's CPU kernels, by stage name, beside its WGSL and GLSL (a unit test holds the three in step). */
import type { CpuStage } from '../kernel.ts';
import { fringingEntries, halationEntries, smearEntries } from './artefacts.ts';
import { blurEntries, sharpenEntries, smartBlurEntries } from './gaussian.ts';
import { jpegEntries } from './jpeg.ts';
import { bloomEntries, lensReflectionEntries } from './light.ts';
import { dualVignette, grain, lut, noise, vibrance, vignette } from './pixel.ts';
import { bilateralHorizontal, bilateralVertical, blockMeans, copy, pixelate, resize } from './simple.ts';

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
  ['pixelate', { entries: { means: blockMeans, main: pixelate } }],
  ['bilateral', { entries: { horizontal: bilateralHorizontal, main: bilateralVertical } }],
  ['resize', { entries: { main: resize } }],
  ['jpeg', { entries: jpegEntries }],
  ['bloom', { entries: bloomEntries }],
  ['lens-reflection', { entries: lensReflectionEntries }],
  ['smear', { entries: smearEntries }],
  ['fringing', { entries: fringingEntries }],
  ['halation', { entries: halationEntries }],
]);
