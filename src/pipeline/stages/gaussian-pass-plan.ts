/**
 * The separable gaussian shared by the blur, smart-blur and sharpen stages (shaders/common/gaussian.*).
 *
 * Weights are exp(-i^2 / 2 sigma^2) over a radius of ceil(3 sigma), normalised. Two neighbouring taps are
 * read as one bilinear sample placed between them by their weights, so a pass costs 1 + 2 ceil(r / 2) reads.
 * A wide sigma is not blurred at full resolution: the image is box-filtered down by a factor F, blurred
 * there with a sigma of at most about 2 texels, and read back bilinearly. The sigma used at low resolution
 * is corrected for the variance the box (F^2 - 1) / 12 and the bilinear read (F^2 - 1) / 6 add, so the whole
 * stays the gaussian asked for (tests/gpu holds it to the exact one).
 *
 * The low-resolution texture carries a margin of texels beyond the image on each side, filled from the
 * clamped full-resolution edge. Blurring there therefore clamps the way a full-resolution blur does; without
 * it a one-pixel dark border (kodim23 has one) would be averaged into the edge texel and the two would part
 * by up to 100 levels along that edge.
 */
import type { GpuTexture } from '../texture.ts';
import type { UniformParams, UniformTable, UniformValue, UniformValues } from '../uniforms.ts';
import { finalPass } from './passes.ts';
import type { PassEncoder, Region } from './types.ts';

/** Low-resolution blurs keep their sigma in [PASS_SIGMA, PASS_SIGMA * sqrt(2)). */
const PASS_SIGMA = 1.5;
/** Below this sigma the 1-D passes run at full resolution: a radius of at most 7 texels, 5 reads. */
const MAX_PASS_SIGMA = PASS_SIGMA * Math.SQRT2;
/** Below this sigma the neighbours' weights are under 1e-9: no blur to run. */
const MIN_SIGMA = 0.15;
/** (offset, weight) entries in the taps uniform: the centre and up to 7 pairs either side. */
export const MAX_TAPS = 8;

export interface GaussianTaps {
  /** Flattened vec4s: (offset, weight, 0, 0), the centre first; offsets in texels from the centre. */
  values: number[];
  /** Entries in use. */
  count: number;
}

export interface GaussianPlan {
  /** The full-resolution size. */
  width: number;
  height: number;
  /** Downsampling factor asked for, or chosen for a wide sigma; 1 blurs at full resolution. */
  factor: number;
  /** Size of the low-resolution image, without its margin (the full size when factor is 1). */
  lowWidth: number;
  lowHeight: number;
  /** Full-resolution pixels per low-resolution texel, along each axis. */
  scaleX: number;
  scaleY: number;
  /**
   * Where the low-resolution grid starts, in pixels of the input (<= 0): 0 for a whole image; for a tile,
   * the whole image's grid line at or before the tile's edge, so that every tile blurs on the one grid.
   */
  lowOriginX: number;
  lowOriginY: number;
  /** Texels added beyond the image on every side of the low-resolution texture (0 at full resolution). */
  margin: number;
  /** Bilinear samples per axis that box-filter one low-resolution texel. */
  downSamples: number;
  /** Whether the 1-D passes are needed at all. */
  blurs: boolean;
  horizontal: GaussianTaps;
  vertical: GaussianTaps;
}

/**
 * The downsampling factor for a sigma: 1 up to PASS_SIGMA * sqrt(2), then half-octave steps that keep the
 * low-resolution sigma in [PASS_SIGMA, PASS_SIGMA * sqrt(2)). Few distinct factors keep the texture pool
 * small while a slider moves.
 */
export function automaticFactor(sigma: number): number {
  if (!(sigma >= MAX_PASS_SIGMA)) return 1;
  const steps = Math.floor(2 * Math.log2(sigma / PASS_SIGMA));
  return 2 ** (steps / 2);
}

/** Taps for a 1-D gaussian, neighbouring taps merged into bilinear pairs. */
export function gaussianTaps(sigma: number): GaussianTaps {
  const values = new Array<number>(4 * MAX_TAPS).fill(0);
  if (!(sigma >= MIN_SIGMA)) {
    values[1] = 1;
    return { values, count: 1 };
  }
  const radius = Math.ceil(3 * sigma);
  const weight = (i: number) => (i > radius ? 0 : Math.exp((-i * i) / (2 * sigma * sigma)));
  let total = weight(0);
  for (let i = 1; i <= radius; i++) total += 2 * weight(i);
  const entries: [number, number][] = [[0, weight(0) / total]];
  for (let i = 1; i <= radius; i += 2) {
    const a = weight(i);
    const b = weight(i + 1);
    entries.push([i + b / (a + b), (a + b) / total]);
  }
  if (entries.length > MAX_TAPS) throw new Error(`Gaussian sigma ${sigma} needs more than ${MAX_TAPS} taps`);
  entries.forEach(([offset, w], i) => {
    values[4 * i] = offset;
    values[4 * i + 1] = w;
  });
  return { values, count: entries.length };
}

/** Sigma left for the low-resolution blur once the box and bilinear filters' own variance is counted. */
function lowSigma(sigma: number, scale: number): number {
  return Math.sqrt(Math.max(0, sigma * sigma - (scale * scale - 1) / 4)) / scale;
}

/** The part of the whole image's low-resolution grid (of `lowFull` texels of `scale`) a tile overlaps. */
function tileGrid(offset: number, length: number, lowFull: number, scale: number) {
  const first = Math.max(0, Math.floor(offset / scale));
  const end = Math.min(lowFull, Math.ceil((offset + length) / scale));
  return { low: Math.max(1, end - first), origin: first * scale - offset };
}

/**
 * Plans a gaussian of `sigma` full-resolution pixels over a width x height image. `downsample` (>= 1) asks
 * for the blur to run at 1 / downsample of the resolution at least (a larger factor is chosen for wide
 * sigmas); at small sigmas the low resolution then shows, as the setting intends. With a `region` the
 * input is a tile of a larger image, and the low-resolution grid is that image's, so tiles agree.
 */
export function planGaussian(
  width: number,
  height: number,
  sigma: number,
  downsample = 1,
  region?: Region,
): GaussianPlan {
  const s = Number.isFinite(sigma) ? Math.max(0, sigma) : 0;
  const factor = Math.max(1, Number.isFinite(downsample) ? downsample : 1, automaticFactor(s));
  if (factor === 1) {
    const taps = gaussianTaps(s);
    return {
      width,
      height,
      factor,
      lowWidth: width,
      lowHeight: height,
      scaleX: 1,
      scaleY: 1,
      lowOriginX: 0,
      lowOriginY: 0,
      margin: 0,
      downSamples: 1,
      blurs: taps.count > 1,
      horizontal: taps,
      vertical: taps,
    };
  }
  const fullWidth = region?.fullWidth ?? width;
  const fullHeight = region?.fullHeight ?? height;
  const lowFullWidth = Math.max(1, Math.ceil(fullWidth / factor));
  const lowFullHeight = Math.max(1, Math.ceil(fullHeight / factor));
  const scaleX = fullWidth / lowFullWidth;
  const scaleY = fullHeight / lowFullHeight;
  const tile = region !== undefined && (fullWidth !== width || fullHeight !== height);
  const columns = tile ? tileGrid(region.x, width, lowFullWidth, scaleX) : { low: lowFullWidth, origin: 0 };
  const rows = tile ? tileGrid(region.y, height, lowFullHeight, scaleY) : { low: lowFullHeight, origin: 0 };
  const lowWidth = columns.low;
  const lowHeight = rows.low;
  const sigmaX = lowSigma(s, scaleX);
  const sigmaY = lowSigma(s, scaleY);
  const horizontal = gaussianTaps(sigmaX);
  const vertical = gaussianTaps(sigmaY);
  const blurs = horizontal.count > 1 || vertical.count > 1;
  return {
    width,
    height,
    factor,
    lowWidth,
    lowHeight,
    scaleX,
    scaleY,
    lowOriginX: columns.origin,
    lowOriginY: rows.origin,
    // The blur reaches 2 (count - 1) texels out at most; one more serves the bilinear read back.
    margin: blurs ? 2 * (Math.max(horizontal.count, vertical.count) - 1) + 1 : 1,
    downSamples: Math.ceil(factor / 2),
    blurs,
    horizontal,
    vertical,
  };
}

/**
 * How far from a pixel the gaussian of `sigma` (with `downsample`, as planGaussian takes them) reads on an
 * image of this size, in its pixels: the radius at full resolution; at low resolution the blurred texels
 * the read back mixes (the blur's margin, one more for the bilinear read), each a low texel wide, and a
 * pixel more for the box filter's bilinear taps.
 */
export function gaussianReach(
  sigma: number,
  downsample: number,
  image: { width: number; height: number },
): number {
  const plan = planGaussian(image.width, image.height, sigma, downsample);
  if (!plan.blurs && plan.factor === 1) return 0;
  if (plan.factor === 1) return Math.ceil(3 * Math.max(0, sigma));
  return Math.ceil((plan.margin + 1) * Math.max(plan.scaleX, plan.scaleY)) + 1;
}

/** The uniforms every gaussian-using stage declares first, in this order, in its table and shaders. */
export const GAUSSIAN_UNIFORMS = [
  { name: 'taps', type: 'vec4fArray', length: MAX_TAPS },
  { name: 'tapCount', type: 'i32' },
  { name: 'downSamples', type: 'i32' },
  { name: 'margin', type: 'f32' },
  { name: 'lowScale', type: 'vec2f' },
  { name: 'lowSize', type: 'vec2f' },
  { name: 'targetSize', type: 'vec2f' },
  { name: 'blurColumns', type: 'i32' },
  { name: 'lowOrigin', type: 'vec2f' },
] as const satisfies UniformTable;

/** What the gaussian's shared passes read (its CPU kernels in src/pipeline/cpu/kernels/gaussian.ts). */
export type GaussianUniforms = UniformParams<typeof GAUSSIAN_UNIFORMS>;

/** What the final pass reads the blur from. */
export type GaussianSource =
  /** Nothing to blur: the input itself. */
  | { kind: 'none'; texture: null }
  /** Full resolution, rows blurred: the final pass blurs the columns as it reads (blurColumns 1). */
  | { kind: 'rows'; texture: GpuTexture }
  /** Low resolution with its margin, fully blurred: the final pass reads it back bilinearly. */
  | { kind: 'low'; texture: GpuTexture };

/**
 * Values of GAUSSIAN_UNIFORMS for one pass; `taps` are the 1-D pass's (horizontal by default). The final
 * pass gets the vertical taps and blurColumns set when it reads a `rows` source.
 */
export function gaussianUniforms(
  plan: GaussianPlan,
  taps = plan.horizontal,
  source: GaussianSource['kind'] = 'low',
): Record<string, UniformValue> {
  return {
    taps: taps.values,
    tapCount: taps.count,
    downSamples: plan.downSamples,
    margin: plan.margin,
    lowScale: [plan.scaleX, plan.scaleY],
    lowSize: [plan.lowWidth, plan.lowHeight],
    // The extent the low grid spans: the image itself, or a tile's share of the whole image's grid.
    targetSize: [plan.lowWidth * plan.scaleX, plan.lowHeight * plan.scaleY],
    blurColumns: source === 'rows' ? 1 : 0,
    lowOrigin: [plan.lowOriginX, plan.lowOriginY],
  };
}

/** Uniforms for the stage's final pass, which reads `source` back (see blurred() in the shaders). */
export function readBackUniforms(plan: GaussianPlan, source: GaussianSource): Record<string, UniformValue> {
  return gaussianUniforms(plan, plan.vertical, source.kind);
}

/**
 * Runs the gaussian's passes short of the last, whose work the stage's own final pass does as it reads
 * the result: at full resolution `blurH` alone (the final pass blurs the columns), else `down`, `blurH`
 * and `blurV` at low resolution (the final pass reads back bilinearly). Entries each such stage defines
 * with shaders/common/gaussian.*. Intermediates are rgba8unorm: the rounding costs under 0.3 levels of
 * mean error, and software renderers filter 16-bit float textures several times slower. The caller
 * releases the returned texture.
 */
export function gaussianPasses(
  encoder: PassEncoder,
  input: GpuTexture,
  plan: GaussianPlan,
  extra: UniformValues = {},
): GaussianSource {
  const uniforms = (taps: GaussianTaps) => ({ ...extra, ...gaussianUniforms(plan, taps) });
  if (plan.factor === 1) {
    if (!plan.blurs) return { kind: 'none', texture: null };
    const rows = encoder.pass({
      entry: 'blurH',
      inputs: [input],
      uniforms: uniforms(plan.horizontal),
      width: plan.width,
      height: plan.height,
    });
    return { kind: 'rows', texture: rows };
  }
  const width = plan.lowWidth + 2 * plan.margin;
  const height = plan.lowHeight + 2 * plan.margin;
  let current = encoder.pass({
    entry: 'down',
    inputs: [input],
    uniforms: uniforms(plan.horizontal),
    width,
    height,
  });
  if (plan.blurs) {
    for (const [entry, taps] of [
      ['blurH', plan.horizontal],
      ['blurV', plan.vertical],
    ] as const) {
      const next = encoder.pass({ entry, inputs: [current], uniforms: uniforms(taps), width, height });
      encoder.release(current);
      current = next;
    }
  }
  return { kind: 'low', texture: current };
}

/**
 * A gaussian-using stage's passes from `source` on: the gaussian's (gaussianPasses), then the stage's
 * final pass at the input's size, which reads the blur back as it runs (with `extra`, the stage's own
 * uniforms, in every pass). `inputs` gives the final pass's textures for the blurred one: `source` itself
 * when there was nothing to blur. The blur's texture, and `done` after the final pass, are handed back.
 */
export function blurAndReadBack(
  encoder: PassEncoder,
  input: GpuTexture,
  plan: GaussianPlan,
  extra: UniformValues,
  inputs: (blurred: GpuTexture) => readonly GpuTexture[],
  { source = input, done = [] }: { source?: GpuTexture; done?: readonly GpuTexture[] } = {},
): GpuTexture {
  const blur = gaussianPasses(encoder, source, plan, extra);
  const uniforms = { ...extra, ...readBackUniforms(plan, blur) };
  return finalPass(encoder, input, inputs(blur.texture ?? source), uniforms, [...done, blur.texture]);
}
