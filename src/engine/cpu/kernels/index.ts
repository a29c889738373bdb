/** Every stage's CPU kernels, by stage name, beside its WGSL and GLSL (a unit test holds the three in step). */
import type { CpuStage } from '../kernel.ts';
import { blurEntries, sharpenEntries, smartBlurEntries, softCornersEntries } from './gaussian.ts';
import { dateStamp, lightLeak } from './film-marks.ts';
import { fringingEntries, halationEntries, smearEntries } from './highlights.ts';
import { jpegEntries } from './jpeg.ts';
import { dustScratches, tonalGrain } from './artefacts.ts';
import { bloomEntries, lensReflectionEntries } from './light.ts';
import { dualVignette, grain, lut, noise, vibrance, vignette } from './pixel.ts';
import { transform } from './transform.ts';
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
]);
