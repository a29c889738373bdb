import type { UniformParams, UniformTable } from '../../uniforms.ts';
import type { GpuTexture } from '../../texture.ts';
import { finalPass, passThenRelease } from '../passes.ts';
import type { StageDefinition } from '../types.ts';
import { stageUniforms } from '../uniform-values.ts';

export interface BloomParams {
  /** Brightest-channel level (0..1) above which light glows. */
  threshold: number;
  /** Half-width of the soft transition around the threshold, in the same units (0 is a hard cut). */
  knee: number;
  /** How much of the glow is added (1 adds the bright pass's own energy, spread out). */
  amount: number;
  /** Colour the glow is multiplied by (see src/grading/bloom-tints.ts). */
  tint: readonly [number, number, number];
  /** Roughly how far the glow reaches, in pixels of this image: the coarsest level has texels this big. */
  radius: number;
}

/**
 * Levels of the chain (level 1 is a quarter of the image, each further one half the last), and the weight
 * of the coarsest, for a radius on an image of this size: the coarsest level's texels are about `radius`
 * pixels across.
 */
export function bloomLevels(radius: number, width: number, height: number) {
  // Keep the coarsest level at least a few texels across, so the tent has something to spread.
  const maxLevels = Math.max(1, Math.min(10, Math.floor(Math.log2(Math.min(width, height))) - 3));
  const spread = Math.log2(Math.max(4, radius)) - 1;
  const levels = Math.max(1, Math.min(maxLevels, Math.ceil(spread)));
  // A radius between two powers of two fades the coarsest level in, so the spread changes smoothly.
  const topWeight = Math.max(0, Math.min(1, spread - levels + 1));
  const totalWeight = levels === 1 ? 1 : levels - 1 + topWeight;
  return { levels, topWeight, normalise: 1 / totalWeight };
}

/** The soft threshold of a brightest channel (the shaders' bright pass, before scaling). */
export function bloomSoftThreshold(brightness: number, threshold: number, knee: number): number {
  let soft = Math.min(2 * knee, Math.max(0, brightness - threshold + knee));
  soft = (soft * soft) / (4 * knee + 1e-5);
  return Math.max(soft, brightness - threshold);
}

/** Scales the bright pass so that white passes as 1 (0 when nothing can pass the threshold). */
export function bloomBrightScale(threshold: number, knee: number): number {
  const white = bloomSoftThreshold(1, threshold, Math.max(0, knee));
  return white > 1e-4 ? 1 / white : 0;
}

const UNIFORMS = [
  { name: 'tint', type: 'vec3f' },
  { name: 'threshold', type: 'f32' },
  { name: 'knee', type: 'f32' },
  { name: 'brightScale', type: 'f32' },
  { name: 'amount', type: 'f32' },
  { name: 'upWeight', type: 'f32' },
  { name: 'normalise', type: 'f32' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type BloomUniforms = UniformParams<typeof UNIFORMS>;

/**
 * Passes: `bright` (the bright pass at half size), `prefilter` (the Karis-weighted 13-tap downsample to a
 * quarter: level 1), `down` once per further level, `up` once per level back to level 2 (each level plus
 * the tent-upsampled coarser sum), `finish` (the same for level 1, scaled and tinted into the glow), and
 * `main`, which adds the glow at full size. The chain is rgba16float; the bright pass and the glow, which
 * stay within 0..1 and are read with filtering, are rgba8. The full-size image is read twice in all.
 *
 * The iPhone 3G's highlight bloom is this same stage with other params: a higher threshold, a narrow
 * knee and a tight radius, so that only near-clipped highlights bleed, a little (see
 * src/effects/light-presets.ts).
 */
export const bloomStage: StageDefinition<BloomParams> = {
  name: 'bloom',
  uniforms: UNIFORMS,
  entries: ['bright', 'prefilter', 'down', 'up', 'finish'],
  encode(encoder, input, params) {
    const { levels, topWeight, normalise } = bloomLevels(params.radius, input.width, input.height);
    const knee = Math.max(0, params.knee);
    const uniforms = stageUniforms(UNIFORMS, params, encoder.region, {
      knee,
      brightScale: bloomBrightScale(params.threshold, knee),
      upWeight: 1,
      normalise,
    });
    const half = (t: GpuTexture) => ({ width: Math.ceil(t.width / 2), height: Math.ceil(t.height / 2) });
    const float = 'rgba16float' as const;
    const bright = encoder.pass({ entry: 'bright', inputs: [input], uniforms, ...half(input) });
    const chain: GpuTexture[] = [];
    let previous = bright;
    for (let level = 1; level <= levels; level++) {
      const entry = level === 1 ? 'prefilter' : 'down';
      previous = encoder.pass({ entry, inputs: [previous], uniforms, ...half(previous), format: float });
      chain.push(previous);
    }
    encoder.release(bright);
    // Back up to level 2 in rgba16float (the sums exceed 1), then level 1 straight into the 8-bit glow.
    const upWeight = (level: number) => (level === levels - 1 ? topWeight : 1);
    let sum = chain[levels - 1] as GpuTexture;
    for (let level = levels - 1; level >= 2; level--) {
      const own = chain[level - 1] as GpuTexture;
      sum = passThenRelease(
        encoder,
        {
          entry: 'up',
          inputs: [own, sum],
          uniforms: { ...uniforms, upWeight: upWeight(level) },
          width: own.width,
          height: own.height,
          format: float,
        },
        [sum, own],
      );
    }
    const first = chain[0] as GpuTexture;
    const glow = passThenRelease(
      encoder,
      {
        entry: 'finish',
        // With a single level there is nothing coarser: the tent reads level 1 itself, at weight 0.
        inputs: [first, sum],
        uniforms: { ...uniforms, upWeight: levels > 1 ? upWeight(1) : 0 },
        width: first.width,
        height: first.height,
      },
      [first, sum === first ? null : sum],
    );
    return finalPass(encoder, input, [input, glow], uniforms, [glow]);
  },
};
