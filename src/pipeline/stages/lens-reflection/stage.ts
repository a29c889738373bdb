import type { UniformParams, UniformTable } from '../../uniforms.ts';
import type { GpuTexture } from '../../texture.ts';
import { bloomBrightScale } from '../bloom/stage.ts';
import { finalPass, passThenRelease } from '../passes.ts';
import type { StageDefinition } from '../types.ts';

type Rgb = readonly [number, number, number];

/**
 * One procedural lens reflection. Light bouncing between pairs of lens surfaces forms ghosts: images of the
 * bright parts of the frame, point-reflected through the optical centre (negative scale) or not (positive),
 * magnified or shrunk, tinted by the anti-reflection coatings, blurred as far as they are out of focus.
 * Diffraction at the aperture blades adds a starburst; a cylindrical element, a horizontal streak.
 *
 * Each part is lifted by a soft-saturating gain (c g / (1 + g luma c)): an 8-bit photo has clipped its
 * lights, so a small lamp must still throw a visible ghost, while a bright sky must not throw a blinding
 * one. The tint is then the most a part can add.
 */
export interface LensReflectionPreset {
  readonly name: string;
  /**
   * At most 8. `scale`: a source at offset u from the centre lands at scale * u. `blur`: 0 as sharp as the
   * quarter-size bright pass, 1 an eighth, 2 a sixteenth (in between mixes).
   */
  readonly ghosts: readonly { readonly scale: number; readonly tint: Rgb; readonly blur: number }[];
  readonly ghostGain: number;
  /** Relative difference of the red and blue ghost scales (lateral colour of the ghost path). */
  readonly ghostDispersion: number;
  /** A ring around the centre: radius in short half-sides, dispersion spreading red from blue. */
  readonly halo?: { readonly radius: number; readonly tint: Rgb; readonly dispersion: number };
  /** `lines` lines through each hot spot (2 x lines rays), `length` in short half-sides, `angle` degrees. */
  readonly rays?: {
    readonly lines: number;
    readonly length: number;
    readonly gain: number;
    readonly angle: number;
  };
  /** A horizontal streak through highlights, reaching `length` image widths to each side. */
  readonly streak?: { readonly length: number; readonly tint: Rgb; readonly gain: number };
}

/**
 * ccd_lensReflectionId 1..10. Each is a different lens: count, place, size, blur and coating colour of its
 * ghosts differ, and some add a halo, a starburst or a streak.
 */
export const LENS_REFLECTIONS: readonly LensReflectionPreset[] = [
  {
    name: 'coated zoom: a line of purple, green and amber ghosts through the centre',
    ghosts: [
      { scale: -0.22, tint: [0.42, 0.2, 0.6], blur: 0.6 },
      { scale: -0.5, tint: [0.2, 0.5, 0.25], blur: 1.2 },
      { scale: -0.85, tint: [0.45, 0.2, 0.45], blur: 1.6 },
      { scale: 0.38, tint: [0.4, 0.28, 0.1], blur: 0.8 },
      { scale: -1.45, tint: [0.1, 0.25, 0.24], blur: 2 },
    ],
    ghostGain: 10,
    ghostDispersion: 0.03,
  },
  {
    name: 'phone: one green ghost mirrored exactly through the centre',
    ghosts: [
      { scale: -1, tint: [0.2, 0.75, 0.3], blur: 1 },
      { scale: -0.3, tint: [0.2, 0.1, 0.28], blur: 0.5 },
    ],
    ghostGain: 14,
    ghostDispersion: 0,
  },
  {
    name: 'rainbow halo ring with two faint ghosts',
    ghosts: [
      { scale: -0.4, tint: [0.2, 0.16, 0.28], blur: 1 },
      { scale: -0.8, tint: [0.12, 0.24, 0.16], blur: 2 },
    ],
    ghostGain: 8,
    ghostDispersion: 0.02,
    halo: { radius: 0.62, tint: [0.55, 0.55, 0.55], dispersion: 0.12 },
  },
  {
    name: 'six-point star from a hexagonal aperture, small purple ghosts',
    ghosts: [
      { scale: -0.3, tint: [0.35, 0.16, 0.45], blur: 0.5 },
      { scale: -0.6, tint: [0.25, 0.14, 0.38], blur: 1 },
      { scale: -1.1, tint: [0.1, 0.22, 0.22], blur: 2 },
    ],
    ghostGain: 8,
    ghostDispersion: 0.02,
    rays: { lines: 3, length: 0.32, gain: 6, angle: 15 },
  },
  {
    name: 'anamorphic: a long blue streak and blue ghosts',
    ghosts: [
      { scale: -0.45, tint: [0.1, 0.25, 0.55], blur: 1 },
      { scale: -0.9, tint: [0.08, 0.16, 0.45], blur: 1.5 },
      { scale: 0.55, tint: [0.06, 0.14, 0.36], blur: 1 },
    ],
    ghostGain: 10,
    ghostDispersion: 0,
    streak: { length: 0.9, tint: [0.3, 0.55, 1], gain: 4 },
  },
  {
    name: 'many-element lens: a chain of small sharp magenta ghosts',
    ghosts: [-0.12, -0.22, -0.33, -0.45, -0.58, -0.72, -0.88, 0.3].map((scale, i) => ({
      scale,
      tint: [0.45 - i * 0.025, 0.1 + (i % 2) * 0.1, 0.5 - i * 0.02] as Rgb,
      blur: 0.3 + i * 0.08,
    })),
    ghostGain: 12,
    ghostDispersion: 0.01,
  },
  {
    name: 'veiling: large soft orange ghosts past the centre',
    ghosts: [
      { scale: -1.7, tint: [0.45, 0.25, 0.08], blur: 2 },
      { scale: -2.6, tint: [0.35, 0.18, 0.06], blur: 2 },
      { scale: -0.5, tint: [0.4, 0.28, 0.1], blur: 1.5 },
    ],
    ghostGain: 6,
    ghostDispersion: 0.02,
  },
  {
    name: 'eight-point star with a faint white halo',
    ghosts: [{ scale: -0.5, tint: [0.16, 0.16, 0.2], blur: 1.5 }],
    ghostGain: 8,
    ghostDispersion: 0,
    halo: { radius: 0.45, tint: [0.3, 0.3, 0.34], dispersion: 0.03 },
    rays: { lines: 4, length: 0.24, gain: 5, angle: 0 },
  },
  {
    name: 'uncorrected: ghosts with strong colour fringes',
    ghosts: [
      { scale: -0.65, tint: [0.55, 0.55, 0.55], blur: 0.8 },
      { scale: -1.25, tint: [0.35, 0.35, 0.35], blur: 1.5 },
      { scale: -0.3, tint: [0.4, 0.4, 0.4], blur: 0.5 },
    ],
    ghostGain: 10,
    ghostDispersion: 0.12,
  },
  {
    name: 'same-side ghosts, a small violet halo and a short white streak',
    ghosts: [
      { scale: 0.55, tint: [0.38, 0.2, 0.42], blur: 1 },
      { scale: 0.78, tint: [0.2, 0.34, 0.3], blur: 1.4 },
      { scale: -0.2, tint: [0.25, 0.2, 0.34], blur: 0.6 },
    ],
    ghostGain: 10,
    ghostDispersion: 0.02,
    halo: { radius: 0.3, tint: [0.4, 0.25, 0.55], dispersion: 0.05 },
    streak: { length: 0.35, tint: [0.8, 0.8, 0.8], gain: 3 },
  },
];

export interface LensReflectionParams {
  /** ccd_lensReflectionId: 1..10 (other values wrap around). */
  id: number;
  /** ccd_lensReflectionStrength, 0..1. */
  strength: number;
  /** Luma above which light flares (default 0.75). */
  threshold?: number;
  /** Soft knee around the threshold (default 0.15). */
  knee?: number;
}

/** Taps per side of a ray and of the streak; the shaders loop this many times. */
export const FLARE_TAPS = { ray: 10, streak: 16 } as const;

export function lensReflectionPreset(id: number): LensReflectionPreset {
  const count = LENS_REFLECTIONS.length;
  const index = (((Math.round(id) - 1) % count) + count) % count;
  return LENS_REFLECTIONS[index] as LensReflectionPreset;
}

/**
 * Sizes of the bright pass (a quarter), the soft levels (an eighth, which is also the flare's grid, and a
 * sixteenth) and the streak texture (an eighth of the flare grid's width).
 */
export function lensReflectionSizes(width: number, height: number) {
  const half = (size: { width: number; height: number }) => ({
    width: Math.ceil(size.width / 2),
    height: Math.ceil(size.height / 2),
  });
  const bright = { width: Math.ceil(width / 4), height: Math.ceil(height / 4) };
  const soft = half(bright);
  const softer = half(soft);
  const streak = { width: Math.ceil(soft.width / 8), height: soft.height };
  return { bright, soft, softer, streak };
}

/** The uniforms for an image of this size: preset geometry turned into texels of the eighth-size grid. */
export function lensReflectionUniforms(params: LensReflectionParams, width: number, height: number) {
  const preset = lensReflectionPreset(params.id);
  const { soft, streak } = lensReflectionSizes(width, height);
  const halfShort = Math.min(soft.width, soft.height) / 2;
  const threshold = params.threshold ?? 0.75;
  const knee = Math.max(0, params.knee ?? 0.15);
  const ghosts: number[] = [];
  const ghostBlur: number[] = [];
  for (let i = 0; i < 8; i++) {
    const ghost = preset.ghosts[i];
    ghosts.push(...(ghost ? [...ghost.tint, ghost.scale] : [0, 0, 0, 1]));
    ghostBlur.push(Math.min(2, Math.max(0, ghost?.blur ?? 0)));
  }
  const rays = preset.rays;
  const streakLength = preset.streak ? preset.streak.length * streak.width : 0;
  return {
    ghosts,
    ghostBlur,
    haloTint: preset.halo?.tint ?? [0, 0, 0],
    haloRadius: (preset.halo?.radius ?? 0) * halfShort,
    streakTint: preset.streak?.tint ?? [0, 0, 0],
    // Texels of the streak texture between taps: at most about one, so the taps join into a line.
    streakStep: preset.streak ? Math.min(1.25, streakLength / FLARE_TAPS.streak) : 0,
    threshold,
    knee,
    brightScale: bloomBrightScale(threshold, knee),
    strength: Math.max(0, params.strength),
    ghostCount: Math.min(8, preset.ghosts.length),
    ghostGain: preset.ghostGain,
    ghostDispersion: preset.ghostDispersion,
    haloDispersion: preset.halo?.dispersion ?? 0,
    rayLines: rays?.lines ?? 0,
    rayStep: rays ? (rays.length * halfShort) / FLARE_TAPS.ray : 0,
    rayGain: rays?.gain ?? 0,
    rayAngle: ((rays?.angle ?? 0) * Math.PI) / 180,
    streakGain: preset.streak?.gain ?? 0,
  };
}

const UNIFORMS = [
  { name: 'ghosts', type: 'vec4fArray', length: 8 },
  { name: 'ghostBlur', type: 'vec4fArray', length: 2 },
  { name: 'haloTint', type: 'vec3f' },
  { name: 'haloRadius', type: 'f32' },
  { name: 'streakTint', type: 'vec3f' },
  { name: 'streakStep', type: 'f32' },
  { name: 'threshold', type: 'f32' },
  { name: 'knee', type: 'f32' },
  { name: 'brightScale', type: 'f32' },
  { name: 'strength', type: 'f32' },
  { name: 'ghostCount', type: 'i32' },
  { name: 'ghostGain', type: 'f32' },
  { name: 'ghostDispersion', type: 'f32' },
  { name: 'haloDispersion', type: 'f32' },
  { name: 'rayLines', type: 'i32' },
  { name: 'rayStep', type: 'f32' },
  { name: 'rayGain', type: 'f32' },
  { name: 'rayAngle', type: 'f32' },
  { name: 'streakGain', type: 'f32' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type LensReflectionUniforms = UniformParams<typeof UNIFORMS>;

/**
 * Passes, all but the last at a quarter of the size or less: `bright` (luma soft threshold, 4x4 means),
 * `soften` twice (13-tap downsamples to an eighth and a sixteenth, for blurred ghosts and the halo), `hot`
 * (presets with rays or a streak: hot spots on the eighth grid), `squash` (presets with a streak: the
 * hottest of each overlapping 16x1 run, so that a long streak's taps join up), `flare` (ghosts, halo, rays
 * and streak on the eighth grid, at `strength`; rgba8, as the full-size pass filters it), and `main`, which
 * adds it to the image.
 */
export const lensReflectionStage: StageDefinition<LensReflectionParams> = {
  name: 'lens-reflection',
  uniforms: UNIFORMS,
  entries: ['bright', 'soften', 'hot', 'squash', 'flare'],
  encode(encoder, input, params) {
    const uniforms = lensReflectionUniforms(params, input.width, input.height);
    const sizes = lensReflectionSizes(input.width, input.height);
    const float = 'rgba16float' as const;
    const pass = (entry: string, inputs: GpuTexture[], size: { width: number; height: number }) =>
      encoder.pass({ entry, inputs, uniforms, ...size, format: float });
    const bright = pass('bright', [input], sizes.bright);
    const soft = pass('soften', [bright], sizes.soft);
    const softer = pass('soften', [soft], sizes.softer);
    const hot =
      uniforms.rayLines > 0 || uniforms.streakStep > 0 ? pass('hot', [bright, soft], sizes.soft) : null;
    const streak = hot && uniforms.streakStep > 0 ? pass('squash', [hot], sizes.streak) : null;
    // Slots a preset does not use are bound to the soft level and never read.
    const flare = passThenRelease(
      encoder,
      {
        entry: 'flare',
        inputs: [bright, soft, softer, hot ?? soft, streak ?? soft],
        uniforms,
        ...sizes.soft,
      },
      [bright, soft, softer, hot, streak],
    );
    return finalPass(encoder, input, [input, flare], uniforms, [flare]);
  },
};
