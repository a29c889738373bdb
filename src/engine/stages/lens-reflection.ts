import type { GpuTexture } from '../backend.ts';
import { bloomBrightScale } from './bloom.ts';
import type { StageDefinition } from './types.ts';

type Rgb = readonly [number, number, number];

/**
 * One procedural lens reflection. Light bouncing between pairs of lens surfaces forms ghosts: images of the
 * bright parts of the frame, point-reflected through the optical centre (negative scale) or not (positive),
 * magnified or shrunk, tinted by the anti-reflection coatings, blurred when out of focus. Diffraction at
 * the aperture blades adds a starburst; a cylindrical element, a horizontal streak.
 */
export interface LensReflectionPreset {
  readonly name: string;
  /** At most 8. `scale`: where a ghost of a source at offset u from the centre lands (scale * u). */
  readonly ghosts: readonly { readonly scale: number; readonly tint: Rgb }[];
  /** 0: ghosts as sharp as the quarter-size bright pass; 1: as soft as its half (an eighth of the image). */
  readonly ghostSoftness: number;
  /** Relative difference of the red and blue ghost scales (lateral colour of the ghost path). */
  readonly ghostDispersion: number;
  /** A ring ghost around the centre; radius in short half-sides, dispersion spreads red from blue. */
  readonly halo?: { readonly radius: number; readonly tint: Rgb; readonly dispersion: number };
  /** `lines` lines through each hot spot (2 x lines rays), `length` in short half-sides, `angle` degrees. */
  readonly rays?: {
    readonly lines: number;
    readonly length: number;
    readonly strength: number;
    readonly angle: number;
  };
  /** A horizontal streak through hot spots, reaching `length` image widths to each side. */
  readonly streak?: { readonly length: number; readonly tint: Rgb };
}

const PURPLE: Rgb = [0.55, 0.25, 0.75];
const GREEN: Rgb = [0.25, 0.6, 0.3];

/**
 * ccd_lensReflectionId 1..10. Each is a different lens: count, place, size and coating colour of its
 * ghosts differ, and some add a halo, a starburst or a streak.
 */
export const LENS_REFLECTIONS: readonly LensReflectionPreset[] = [
  {
    name: 'coated zoom: a line of purple and green ghosts through the centre',
    ghosts: [
      { scale: -0.25, tint: PURPLE },
      { scale: -0.55, tint: GREEN },
      { scale: -0.95, tint: [0.6, 0.3, 0.6] },
      { scale: 0.4, tint: [0.45, 0.32, 0.12] },
      { scale: -1.5, tint: [0.12, 0.28, 0.26] },
    ],
    ghostSoftness: 0.4,
    ghostDispersion: 0.03,
  },
  {
    name: 'phone: one green ghost mirrored exactly through the centre',
    ghosts: [
      { scale: -1, tint: [0.2, 0.9, 0.35] },
      { scale: -0.3, tint: [0.25, 0.12, 0.35] },
    ],
    ghostSoftness: 0.15,
    ghostDispersion: 0,
  },
  {
    name: 'rainbow halo ring with two faint ghosts',
    ghosts: [
      { scale: -0.4, tint: [0.25, 0.2, 0.35] },
      { scale: -0.8, tint: [0.15, 0.3, 0.2] },
    ],
    ghostSoftness: 0.6,
    ghostDispersion: 0.02,
    halo: { radius: 0.62, tint: [0.7, 0.7, 0.7], dispersion: 0.12 },
  },
  {
    name: 'six-point star from a hexagonal aperture, small purple ghosts',
    ghosts: [
      { scale: -0.3, tint: [0.4, 0.2, 0.55] },
      { scale: -0.6, tint: [0.3, 0.18, 0.45] },
      { scale: -1.1, tint: [0.15, 0.3, 0.3] },
    ],
    ghostSoftness: 0.2,
    ghostDispersion: 0.02,
    rays: { lines: 3, length: 0.32, strength: 1.6, angle: 15 },
  },
  {
    name: 'anamorphic: a long blue streak and blue ghosts',
    ghosts: [
      { scale: -0.45, tint: [0.12, 0.3, 0.7] },
      { scale: -0.9, tint: [0.1, 0.2, 0.55] },
      { scale: 0.55, tint: [0.08, 0.18, 0.45] },
    ],
    ghostSoftness: 0.3,
    ghostDispersion: 0,
    streak: { length: 0.9, tint: [0.35, 0.6, 1.6] },
  },
  {
    name: 'many-element lens: a chain of small sharp magenta ghosts',
    ghosts: [-0.12, -0.22, -0.33, -0.45, -0.58, -0.72, -0.88, 0.3].map((scale, i) => ({
      scale,
      tint: [0.5 - i * 0.03, 0.12 + (i % 2) * 0.12, 0.55 - i * 0.02] as Rgb,
    })),
    ghostSoftness: 0,
    ghostDispersion: 0.01,
  },
  {
    name: 'veiling: large soft orange ghosts past the centre',
    ghosts: [
      { scale: -1.7, tint: [0.55, 0.3, 0.1] },
      { scale: -2.6, tint: [0.4, 0.22, 0.08] },
      { scale: -0.5, tint: [0.5, 0.35, 0.12] },
    ],
    ghostSoftness: 1,
    ghostDispersion: 0.02,
  },
  {
    name: 'eight-point star with a faint white halo',
    ghosts: [{ scale: -0.5, tint: [0.2, 0.2, 0.25] }],
    ghostSoftness: 0.5,
    ghostDispersion: 0,
    halo: { radius: 0.45, tint: [0.45, 0.45, 0.5], dispersion: 0.03 },
    rays: { lines: 4, length: 0.24, strength: 1.4, angle: 0 },
  },
  {
    name: 'uncorrected: ghosts with strong colour fringes',
    ghosts: [
      { scale: -0.65, tint: [0.7, 0.7, 0.7] },
      { scale: -1.25, tint: [0.45, 0.45, 0.45] },
      { scale: -0.3, tint: [0.5, 0.5, 0.5] },
    ],
    ghostSoftness: 0.1,
    ghostDispersion: 0.12,
  },
  {
    name: 'same-side ghosts, a small violet halo and a short white streak',
    ghosts: [
      { scale: 0.55, tint: [0.45, 0.25, 0.5] },
      { scale: 0.78, tint: [0.25, 0.4, 0.35] },
      { scale: -0.2, tint: [0.3, 0.25, 0.4] },
    ],
    ghostSoftness: 0.3,
    ghostDispersion: 0.02,
    halo: { radius: 0.3, tint: [0.5, 0.3, 0.7], dispersion: 0.05 },
    streak: { length: 0.35, tint: [1, 1, 1] },
  },
];

export interface LensReflectionParams {
  /** ccd_lensReflectionId: 1..10 (other values wrap around). */
  id: number;
  /** ccd_lensReflectionStrength, 0..1. */
  strength: number;
  /** Brightest-channel level above which light flares (default 0.75). */
  threshold?: number;
  /** Soft knee around the threshold (default 0.15). */
  knee?: number;
}

/** Taps per side of a ray or streak; the shaders loop this many times. */
export const FLARE_TAPS = 16;

export function lensReflectionPreset(id: number): LensReflectionPreset {
  const count = LENS_REFLECTIONS.length;
  const index = (((Math.round(id) - 1) % count) + count) % count;
  return LENS_REFLECTIONS[index] as LensReflectionPreset;
}

/** Sizes of the bright pass and flare (a quarter), the soft level (an eighth) and the streak texture. */
export function lensReflectionSizes(width: number, height: number) {
  const bright = { width: Math.ceil(width / 4), height: Math.ceil(height / 4) };
  const soft = { width: Math.ceil(bright.width / 2), height: Math.ceil(bright.height / 2) };
  const streak = { width: Math.ceil(bright.width / 8), height: bright.height };
  return { bright, soft, streak };
}

/** The uniforms for an image of this size: preset geometry turned into texels of the quarter-size grid. */
export function lensReflectionUniforms(params: LensReflectionParams, width: number, height: number) {
  const preset = lensReflectionPreset(params.id);
  const { bright, streak } = lensReflectionSizes(width, height);
  const halfShort = Math.min(bright.width, bright.height) / 2;
  const threshold = params.threshold ?? 0.75;
  const knee = Math.max(0, params.knee ?? 0.15);
  const ghosts: number[] = [];
  for (let i = 0; i < 8; i++) {
    const ghost = preset.ghosts[i];
    ghosts.push(...(ghost ? [...ghost.tint, ghost.scale] : [0, 0, 0, 1]));
  }
  const rays = preset.rays;
  const streakLength = preset.streak ? preset.streak.length * streak.width : 0;
  return {
    ghosts,
    haloTint: preset.halo?.tint ?? [0, 0, 0],
    haloRadius: (preset.halo?.radius ?? 0) * halfShort,
    streakTint: preset.streak?.tint ?? [0, 0, 0],
    // Texels of the streak texture between taps: at most about one, so the taps join into a line.
    streakStep: preset.streak ? Math.min(1.25, streakLength / FLARE_TAPS) : 0,
    threshold,
    knee,
    brightScale: bloomBrightScale(threshold, knee),
    strength: Math.max(0, params.strength),
    ghostCount: Math.min(8, preset.ghosts.length),
    ghostSoftness: preset.ghostSoftness,
    ghostDispersion: preset.ghostDispersion,
    haloDispersion: preset.halo?.dispersion ?? 0,
    rayLines: rays?.lines ?? 0,
    rayStep: rays ? (rays.length * halfShort) / FLARE_TAPS : 0,
    rayStrength: rays?.strength ?? 0,
    rayAngle: ((rays?.angle ?? 0) * Math.PI) / 180,
  };
}

/**
 * Passes, all but the last at a quarter of the size or less: `bright` (soft-thresholded 4x4 box average),
 * `soften` (13-tap downsample of it, for soft ghosts and the halo), `squash` (for presets with a streak:
 * an 8x horizontal box, so that a long streak's taps join up), `flare` (ghosts, halo, rays and streak, on the
 * quarter-size grid), and `main`, which adds the flare to the image at `strength`.
 */
export const lensReflectionStage: StageDefinition<LensReflectionParams> = {
  name: 'lens-reflection',
  uniforms: [
    { name: 'ghosts', type: 'vec4fArray', length: 8 },
    { name: 'haloTint', type: 'vec3f' },
    { name: 'haloRadius', type: 'f32' },
    { name: 'streakTint', type: 'vec3f' },
    { name: 'streakStep', type: 'f32' },
    { name: 'threshold', type: 'f32' },
    { name: 'knee', type: 'f32' },
    { name: 'brightScale', type: 'f32' },
    { name: 'strength', type: 'f32' },
    { name: 'ghostCount', type: 'i32' },
    { name: 'ghostSoftness', type: 'f32' },
    { name: 'ghostDispersion', type: 'f32' },
    { name: 'haloDispersion', type: 'f32' },
    { name: 'rayLines', type: 'i32' },
    { name: 'rayStep', type: 'f32' },
    { name: 'rayStrength', type: 'f32' },
    { name: 'rayAngle', type: 'f32' },
  ],
  entries: ['bright', 'soften', 'squash', 'flare'],
  encode(encoder, input, params) {
    const uniforms = lensReflectionUniforms(params, input.width, input.height);
    const sizes = lensReflectionSizes(input.width, input.height);
    const float = 'rgba16float' as const;
    const bright = encoder.pass({
      entry: 'bright',
      inputs: [input],
      uniforms,
      ...sizes.bright,
      format: float,
    });
    const soft = encoder.pass({ entry: 'soften', inputs: [bright], uniforms, ...sizes.soft, format: float });
    let streak: GpuTexture | null = null;
    if (uniforms.streakStep > 0) {
      streak = encoder.pass({ entry: 'squash', inputs: [bright], uniforms, ...sizes.streak, format: float });
    }
    const flare = encoder.pass({
      entry: 'flare',
      // Without a streak the streak slot is bound to the soft level and never read.
      inputs: [bright, soft, streak ?? soft],
      uniforms,
      ...sizes.bright,
      format: float,
    });
    encoder.release(bright);
    encoder.release(soft);
    if (streak) encoder.release(streak);
    const output = encoder.pass({
      inputs: [input, flare],
      uniforms,
      width: input.width,
      height: input.height,
    });
    encoder.release(flare);
    return output;
  },
};
