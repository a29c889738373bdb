/**
 * The descriptors the looks are held against the cameras by, and how each is measured on a camera's
 * own file and on a look's render. Strong descriptors belong to the camera (its sensor, processing and
 * encoder) and read the same on any scene; weak ones depend on the scene as much.
 */
import { blockiness, edgeOvershoot } from './edges.ts';
import { ijgTable, ANNEX_K_LUMA, estimateQuality, jpegDescriptors } from './jpeg-tables.ts';
import { flatNoise } from './noise.ts';
import { downscale, type Rgba, ycbcr } from './planes.ts';
import { sceneDescriptors } from './scene.ts';

export type Strength = 'strong' | 'weak' | 'info';

export interface Descriptor {
  key: string;
  label: string;
  strength: Strength;
  /** Decimals shown. */
  digits: number;
  /** Measured on chart shots too (the camera's own), or only on scenes. */
  charts: boolean;
}

export const DESCRIPTORS: readonly Descriptor[] = [
  { key: 'quality', label: 'JPEG quality (IJG-equivalent)', strength: 'strong', digits: 0, charts: true },
  {
    key: 'chromaShare',
    label: 'chroma samples per pixel (1 4:4:4, 0.5 4:2:2, 0.25 4:2:0)',
    strength: 'strong',
    digits: 2,
    charts: true,
  },
  { key: 'noiseLuma', label: 'luma noise (sd, levels)', strength: 'strong', digits: 2, charts: true },
  { key: 'noiseChroma', label: 'chroma noise (sd, levels)', strength: 'strong', digits: 2, charts: true },
  { key: 'noiseRatio', label: 'chroma / luma noise', strength: 'strong', digits: 2, charts: true },
  {
    key: 'overshoot',
    label: 'edge overshoot (share of the step)',
    strength: 'strong',
    digits: 3,
    charts: true,
  },
  {
    key: 'blockiness',
    label: 'blockiness (8x8 seams / inside)',
    strength: 'strong',
    digits: 2,
    charts: true,
  },
  {
    key: 'lumaGrain',
    label: 'luma noise grain (neighbour correlation)',
    strength: 'info',
    digits: 2,
    charts: true,
  },
  {
    key: 'chromaGrain',
    label: 'chroma noise grain (neighbour correlation)',
    strength: 'info',
    digits: 2,
    charts: true,
  },
  { key: 'saturation', label: 'saturation (mean HSV S)', strength: 'weak', digits: 3, charts: false },
  {
    key: 'colourfulness',
    label: 'colourfulness (Hasler-Suesstrunk)',
    strength: 'weak',
    digits: 1,
    charts: false,
  },
  { key: 'castA', label: 'cast a* of near-neutrals', strength: 'weak', digits: 2, charts: false },
  { key: 'castB', label: 'cast b* of near-neutrals', strength: 'weak', digits: 2, charts: false },
  { key: 'clipped', label: 'blown to white (share of pixels)', strength: 'weak', digits: 4, charts: false },
  {
    key: 'vignetting',
    label: 'vignetting (corners / centre luma)',
    strength: 'weak',
    digits: 3,
    charts: false,
  },
  { key: 'contrast', label: 'contrast (luma 1-99 %, levels)', strength: 'weak', digits: 1, charts: false },
];

export type Values = Record<string, number>;

/** The long side scene descriptors are measured at: the save's. */
export const SCENE_LONG_SIDE = 1080;

/** What the camera's pixels at its own grid show: noise, halos and block seams. */
export function pixelValues(image: Rgba): Values {
  const noise = flatNoise(image);
  const luma = ycbcr(image).y;
  return {
    noiseLuma: noise.luma,
    noiseChroma: noise.chroma,
    noiseRatio: noise.ratio,
    lumaGrain: noise.lumaGrain,
    chromaGrain: noise.chromaGrain,
    overshoot: edgeOvershoot(luma).overshoot,
    blockiness: blockiness(luma),
  };
}

/** What the picture as a whole shows, at the save's size. */
export function sceneValues(image: Rgba): Values {
  return { ...sceneDescriptors(downscale(image, SCENE_LONG_SIDE)) };
}

/** A camera's own file: its JPEG coding, its pixels at full size and, for a scene, the picture. */
export function cameraValues(file: Uint8Array, image: Rgba, scene: boolean): Values {
  const jpeg = jpegDescriptors(file);
  return {
    quality: jpeg.quality,
    chromaShare: jpeg.chromaShare,
    ...pixelValues(image),
    ...(scene ? sceneValues(image) : {}),
  };
}

/** The look's JPEG stage: its quality read as the tables it codes with, and its chroma subsampling. */
export function lookJpegValues(params: { quality: number; subsampling?: number } | null): Values {
  if (!params) return { quality: 100, chromaShare: 1 };
  const quality = estimateQuality(ijgTable(ANNEX_K_LUMA, params.quality));
  // The stage's subsampling: 0 4:2:0 (Chromium's encoder, the default), 1 4:2:2; 4:4:4 at quality 100.
  const share = params.quality >= 100 ? 1 : params.subsampling === 1 ? 0.5 : 0.25;
  return { quality, chromaShare: share };
}
