import type { GpuTexture } from '../backend.ts';
import type { StageDefinition } from './types.ts';

export interface BloomParams {
  /** Brightest-channel level (0..1) above which light glows. */
  threshold: number;
  /** Half-width of the soft transition around the threshold, in the same units (0 is a hard cut). */
  knee: number;
  /** How much of the glow is added (1 adds the bright pass's own energy, spread out). */
  amount: number;
  /** Colour the glow is multiplied by (see src/effects/bloom-tints.ts). */
  tint: readonly [number, number, number];
  /** Roughly how far the glow reaches, in pixels of this image: the coarsest level has texels this big. */
  radius: number;
}

/** Levels of the chain, and the weight of the coarsest one, for a radius on an image of this size. */
export function bloomLevels(radius: number, width: number, height: number) {
  // Keep the coarsest level at least a few texels across, so the tent has something to spread.
  const maxLevels = Math.max(1, Math.min(10, Math.floor(Math.log2(Math.min(width, height))) - 1));
  const spread = Math.log2(Math.max(2, radius));
  const levels = Math.min(maxLevels, Math.ceil(spread));
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

/**
 * Passes: `prefilter` (bright pass and Karis-weighted 13-tap downsample to half size), `down` once per
 * further level, `up` once per level back (each level plus the tent-upsampled coarser sum), and `main`,
 * which adds the tinted glow at full size. Intermediates are rgba16float.
 *
 * The iPhone 3G's highlight bloom is this same stage with other params: a higher threshold, a narrow knee
 * and a tight radius, so that only near-clipped highlights bleed, a little (see src/effects/light-presets.ts).
 */
export const bloomStage: StageDefinition<BloomParams> = {
  name: 'bloom',
  uniforms: [
    { name: 'tint', type: 'vec3f' },
    { name: 'threshold', type: 'f32' },
    { name: 'knee', type: 'f32' },
    { name: 'brightScale', type: 'f32' },
    { name: 'amount', type: 'f32' },
    { name: 'upWeight', type: 'f32' },
    { name: 'normalise', type: 'f32' },
  ],
  entries: ['prefilter', 'down', 'up'],
  encode(encoder, input, params) {
    const { levels, topWeight, normalise } = bloomLevels(params.radius, input.width, input.height);
    const knee = Math.max(0, params.knee);
    const base = {
      tint: params.tint,
      threshold: params.threshold,
      knee,
      brightScale: bloomBrightScale(params.threshold, knee),
      amount: params.amount,
      normalise,
    };
    const half = (t: GpuTexture) => ({ width: Math.ceil(t.width / 2), height: Math.ceil(t.height / 2) });
    const chain: GpuTexture[] = [];
    let previous = input;
    for (let level = 1; level <= levels; level++) {
      previous = encoder.pass({
        entry: level === 1 ? 'prefilter' : 'down',
        inputs: [previous],
        uniforms: { ...base, upWeight: 1 },
        ...half(previous),
        format: 'rgba16float',
      });
      chain.push(previous);
    }
    let sum = chain[levels - 1] as GpuTexture;
    for (let level = levels - 1; level >= 1; level--) {
      const own = chain[level - 1] as GpuTexture;
      const next = encoder.pass({
        entry: 'up',
        inputs: [own, sum],
        uniforms: { ...base, upWeight: level === levels - 1 ? topWeight : 1 },
        width: own.width,
        height: own.height,
        format: 'rgba16float',
      });
      encoder.release(sum);
      encoder.release(own);
      sum = next;
    }
    const output = encoder.pass({
      inputs: [input, sum],
      uniforms: { ...base, upWeight: 1 },
      width: input.width,
      height: input.height,
    });
    encoder.release(sum);
    return output;
  },
};
