/**
 * The settings and stages every JPEG-family look shares (spec section 3): resample to a long side, sensor
 * noise, sharpening, a real JPEG round trip, and the optional pixelated 2x upscale. An effect may put its
 * own prefix on the names (CCD uses `ccd`: `ccd_quality`, `ccd_longSidePixels`, ...).
 */
import type { StageInvocation } from '../pipeline/stages/invocation.ts';
import { booleanSetting, numberSetting, stringSetting } from './settings.ts';
import type { ImageSize, SettingDefinition, SettingValue, Settings } from './types.ts';
import { msg, type Shown } from '../i18n/msg.ts';
import { UPSCALE_TEMPLATE } from '../i18n/templates.ts';

/** Spec section 9: upscaling 2x is disabled and forced off above this resolution. */
export const UPSCALE_LIMIT = 500;

export interface JpegDefaults {
  quality: number;
  longSidePixels: number;
  upscale2x: boolean;
  applyNoise: boolean;
  noiseAmount: number;
  noiseMonochrome: boolean;
  noiseBlendMode: 'add' | 'overlay';
  noiseShadowAmount: number;
  applySharpen: boolean;
  sharpenAmount: number;
}

export interface JpegRanges {
  longSide: { min: number; max: number; step: number };
  noiseMax: number;
}

/** Spec section 9, "General". */
export const GENERAL_JPEG: JpegDefaults = {
  quality: 70,
  longSidePixels: 640,
  upscale2x: false,
  applyNoise: true,
  noiseAmount: 0.2,
  noiseMonochrome: false,
  noiseBlendMode: 'add',
  noiseShadowAmount: 0.3,
  applySharpen: true,
  sharpenAmount: 0.2,
};

export const JPEG_RANGES: JpegRanges = { longSide: { min: 40, max: 1080, step: 1 }, noiseMax: 0.3 };

/** The names of the family's settings under a prefix. */
export function jpegNames(prefix: string) {
  return {
    quality: `${prefix}_quality`,
    longSidePixels: `${prefix}_longSidePixels`,
    upscale2x: `${prefix}_upscale2x`,
    applyNoise: `${prefix}_applyNoise`,
    noiseAmount: `${prefix}_noiseAmount`,
    noiseMonochrome: `${prefix}_noiseMonochrome`,
    noiseBlendMode: `${prefix}_noiseBlendMode`,
    noiseShadowAmount: `${prefix}_noiseShadowAmount`,
    applySharpen: `${prefix}_applySharpen`,
    sharpenAmount: `${prefix}_sharpenAmount`,
  };
}

export function jpegSettings(
  prefix: string,
  defaults: JpegDefaults,
  ranges: JpegRanges = JPEG_RANGES,
): SettingDefinition[] {
  const n = jpegNames(prefix);
  return [
    {
      kind: 'range',
      name: n.quality,
      label: 'JPEG quality',
      min: 1,
      max: 100,
      step: 1,
      default: defaults.quality,
    },
    {
      kind: 'range',
      name: n.longSidePixels,
      imagePixels: true,
      label: 'Resolution (long side, px)',
      ...ranges.longSide,
      default: defaults.longSidePixels,
    },
    { kind: 'toggle', name: n.upscale2x, label: 'Upscale 2x (pixelated)', default: defaults.upscale2x },
    { kind: 'toggle', name: n.applyNoise, label: 'Sensor noise', default: defaults.applyNoise },
    {
      kind: 'range',
      name: n.noiseAmount,
      pixelNoise: true,
      label: 'Noise amount',
      min: 0,
      max: ranges.noiseMax,
      step: 0.01,
      default: defaults.noiseAmount,
    },
    { kind: 'toggle', name: n.noiseMonochrome, label: 'Monochrome noise', default: defaults.noiseMonochrome },
    {
      kind: 'select',
      name: n.noiseBlendMode,
      label: 'Noise blend',
      options: [
        { value: 'add', label: 'Add' },
        { value: 'overlay', label: 'Overlay' },
      ],
      default: defaults.noiseBlendMode,
    },
    {
      kind: 'range',
      name: n.noiseShadowAmount,
      label: 'Noise in shadows',
      min: 0,
      max: 1,
      step: 0.01,
      default: defaults.noiseShadowAmount,
    },
    { kind: 'toggle', name: n.applySharpen, label: 'Sharpen', default: defaults.applySharpen },
    {
      kind: 'range',
      name: n.sharpenAmount,
      label: 'Sharpen amount',
      min: 0,
      max: 1,
      step: 0.01,
      default: defaults.sharpenAmount,
    },
  ];
}

/** Upscaling is forced off above 500 px. */
export function adjustJpeg(prefix: string, settings: Settings): Record<string, SettingValue> {
  const n = jpegNames(prefix);
  const next: Record<string, SettingValue> = { ...settings };
  if (numberSetting(settings, n.longSidePixels) > UPSCALE_LIMIT) next[n.upscale2x] = false;
  return next;
}

/** The spec's tooltip for the disabled upscale control. */
export function jpegDisabledReason(prefix: string, name: string, settings: Settings): Shown | null {
  const n = jpegNames(prefix);
  if (name !== n.upscale2x) return null;
  const resolution = numberSetting(settings, n.longSidePixels);
  return resolution > UPSCALE_LIMIT ? msg(UPSCALE_TEMPLATE, { limit: UPSCALE_LIMIT, resolution }) : null;
}

/** The size the family resamples to: the long side is N, the aspect ratio kept, each side at least 1. */
export function resampledSize(input: ImageSize, longSide: number): ImageSize {
  const scale = longSide / Math.max(input.width, input.height);
  return {
    width: Math.max(1, Math.round(input.width * scale)),
    height: Math.max(1, Math.round(input.height * scale)),
  };
}

/** A fixed seed per look keeps the noise still while sliders move. */
const NOISE_SEED = 20050101;

/**
 * The noise slider (0..0.3, CCD 0..0.5) to the noise stage's peak amplitude: at the default 0.2 the
 * standard deviation is about 7 levels in the mid-tones (up to three times that in the shadows), a
 * small sensor at a high ISO; the slider's top is a very grainy frame.
 */
export const NOISE_SCALE = 0.35;

/**
 * What a camera look's settings mean in its own camera: how strong its noise is for a slider value and
 * what it is like, how it sharpens, how its JPEG codes the chroma. The settings are the spec's; these are
 * the camera behind them, measured on real photos of its kind (`npm run fidelity`, docs/fidelity.md).
 */
export interface JpegCamera {
  /** The noise slider to the noise stage's peak amplitude. */
  noiseScale: number;
  /** Sensor noise (noise stage `sensor` 1): colour noise as a share of the grey, and each one's grain. */
  sensor?: { chroma: number; lumaGrain: number; chromaGrain: number };
  /** The sharpen slider to the sharpen stage's amount, and its radius in pixels of the look's own size. */
  sharpenScale: number;
  sharpenRadius: number;
  /** The JPEG's chroma: 0 4:2:0 (Chromium's), 1 4:2:2 (most cameras of the 2000s). */
  subsampling: 0 | 1;
  /**
   * The camera's own quality scale: at the slider's `at` the look codes with tables as fine as the
   * camera's own (libjpeg quality `codes`), and every other value scales them as libjpeg scales its
   * tables (so 100 still keeps everything). Without it, the slider is libjpeg's quality.
   */
  quality?: { at: number; codes: number };
}

/** libjpeg's jpeg_quality_scaling: the percentage its base tables are scaled by at a quality. */
function tableScale(quality: number): number {
  const q = Math.min(100, Math.max(1, quality));
  return q < 50 ? 5000 / q : 200 - 2 * q;
}

/** The libjpeg quality whose tables a camera codes with at the quality slider's value. */
export function cameraQuality(slider: number, camera: JpegCamera): number {
  if (!camera.quality) return slider;
  const scale = (tableScale(slider) * tableScale(camera.quality.codes)) / tableScale(camera.quality.at);
  return Math.min(100, Math.max(1, Math.round(scale > 100 ? 5000 / scale : (200 - scale) / 2)));
}

/** The JPEG simulation's: per-pixel noise, the slider's sharpening at a pixel's radius, 4:2:0. */
export const PLAIN_JPEG: JpegCamera = {
  noiseScale: NOISE_SCALE,
  sharpenScale: 1,
  sharpenRadius: 1,
  subsampling: 0,
};

/**
 * resize -> noise -> sharpen -> jpeg -> (2x nearest upscale). The output is the resampled size, twice
 * that with upscaling.
 */
export function jpegStages(
  prefix: string,
  settings: Settings,
  input: ImageSize,
  camera: JpegCamera = PLAIN_JPEG,
): StageInvocation[] {
  const n = jpegNames(prefix);
  const size = resampledSize(input, numberSetting(settings, n.longSidePixels));
  const stages: StageInvocation[] = [];
  if (size.width !== input.width || size.height !== input.height) {
    stages.push({ stage: 'resize', params: { width: size.width, height: size.height, mode: 0 } });
  }
  if (booleanSetting(settings, n.applyNoise) && numberSetting(settings, n.noiseAmount) > 0) {
    stages.push({
      stage: 'noise',
      params: {
        amount: camera.noiseScale * numberSetting(settings, n.noiseAmount),
        monochrome: booleanSetting(settings, n.noiseMonochrome) ? 1 : 0,
        blendMode: stringSetting(settings, n.noiseBlendMode) === 'overlay' ? 1 : 0,
        shadowAmount: numberSetting(settings, n.noiseShadowAmount),
        seed: NOISE_SEED,
        ...(camera.sensor ? { sensor: 1, ...camera.sensor } : {}),
      },
    });
  }
  if (booleanSetting(settings, n.applySharpen) && numberSetting(settings, n.sharpenAmount) > 0) {
    // A small-sensor camera's sharpening radius is about a pixel of its own output.
    stages.push({
      stage: 'sharpen',
      params: {
        amount: camera.sharpenScale * numberSetting(settings, n.sharpenAmount),
        radius: camera.sharpenRadius,
      },
    });
  }
  const quality = cameraQuality(numberSetting(settings, n.quality), camera);
  stages.push({
    stage: 'jpeg',
    params: camera.subsampling ? { quality, subsampling: camera.subsampling } : { quality },
  });
  if (booleanSetting(settings, n.upscale2x) && numberSetting(settings, n.longSidePixels) <= UPSCALE_LIMIT) {
    stages.push({ stage: 'resize', params: { width: size.width * 2, height: size.height * 2, mode: 1 } });
  }
  return stages;
}
