import {
  GAUSSIAN_UNIFORMS,
  blurAndReadBack,
  gaussianReach,
  planGaussian,
  readBackUniforms,
} from '../gaussian-pass-plan.ts';
import { BLOCK_UNIFORMS, blockGrid, blockMeans, blockUniforms } from '../pixel-blocks.ts';
import type { GpuTexture } from '../../texture.ts';
import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { finalPass } from '../passes.ts';
import type { StageDefinition } from '../types.ts';
import { stageUniforms } from '../uniform-values.ts';

export const SMART_BLUR_GAUSSIAN = 0;
export const SMART_BLUR_PIXELATE = 1;

export const SMART_BLUR_UNIFORM = 0;
export const SMART_BLUR_DRAW = 1;
export const SMART_BLUR_VIGNETTE = 2;

export interface SmartBlurParams {
  /** SMART_BLUR_GAUSSIAN or SMART_BLUR_PIXELATE (the product's blurType). */
  blurType: number;
  /** Gaussian sigma in pixels of this image. */
  sigma: number;
  /** The product's gaussianDownsampleFactor (>= 1, default 1); see the blur stage. */
  downsample?: number;
  /** Pixelation block size in pixels of this image. */
  pixelSize: number;
  /**
   * SMART_BLUR_UNIFORM (blur everywhere), SMART_BLUR_DRAW (where the `mask` texture's alpha says) or
   * SMART_BLUR_VIGNETTE (clear centre, blurred edges; always gaussian, as the product forces).
   */
  maskMode: number;
  /** Vignette: radius of the clear centre, 0..0.7, as a fraction of the half width and half height. */
  vignetteSize?: number;
  /** Vignette: width of the clear-to-blurred transition beyond vignetteSize, same units (0..1). */
  vignetteSoftness?: number;
}

/** Its own uniforms, after the gaussian's and the blocks'. */
const OWN_UNIFORMS = [
  { name: 'blurType', type: 'i32' },
  { name: 'maskMode', type: 'i32' },
  { name: 'vignetteSize', type: 'f32' },
  { name: 'vignetteSoftness', type: 'f32' },
  { name: 'origin', type: 'vec2i' },
  { name: 'fullSize', type: 'vec2f' },
] as const satisfies UniformTable;

const UNIFORMS = [...GAUSSIAN_UNIFORMS, ...BLOCK_UNIFORMS, ...OWN_UNIFORMS] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type SmartBlurUniforms = UniformParams<typeof UNIFORMS>;

/**
 * The "Blur/Pixelate" effect's stage: a gaussian or pixelated copy of the image mixed over it by a blur
 * amount. Draw mode reads the `mask` texture (the user's strokes, any size, stretched over the image and
 * read bilinearly) and uses its alpha alone, so premultiplied or not, white or coloured strokes behave the
 * same. Vignette mode uses an ellipse that follows the image's aspect ratio: r = |2 (uv - 0.5)| is 1 at
 * the middle of each edge; the amount is smoothstep over r from vignetteSize to vignetteSize +
 * vignetteSoftness.
 */
export const smartBlurStage: StageDefinition<SmartBlurParams> = {
  name: 'smart-blur',
  uniforms: UNIFORMS,
  entries: ['down', 'blurH', 'blurV', 'means'],
  textures: ['mask'],
  encode(encoder, input, params, textures) {
    const { width, height } = input;
    const region = encoder.region;
    const maskMode = Math.round(params.maskMode);
    const mask = textures.mask;
    if (maskMode === SMART_BLUR_DRAW && !mask) throw new Error('smart-blur: draw mode needs a mask texture');
    const gaussian = maskMode === SMART_BLUR_VIGNETTE || Math.round(params.blurType) !== SMART_BLUR_PIXELATE;
    const plan = gaussian
      ? planGaussian(width, height, params.sigma, params.downsample ?? 1, region)
      : planGaussian(width, height, 0);
    // Blocks sit on the whole image's grid, of which the input may be a tile.
    const grid = blockGrid(width, height, params.pixelSize, -region.x, -region.y);
    const extra = {
      ...blockUniforms(grid),
      ...stageUniforms(OWN_UNIFORMS, params, region, {
        blurType: gaussian ? SMART_BLUR_GAUSSIAN : SMART_BLUR_PIXELATE,
        maskMode,
        vignetteSize: params.vignetteSize ?? 0.15,
        vignetteSoftness: params.vignetteSoftness ?? 0.4,
      }),
    };
    // Without a drawn mask the input stands in for it: main binds a third texture whatever the mode.
    const inputs = (blurred: GpuTexture) => [
      input,
      blurred,
      maskMode === SMART_BLUR_DRAW && mask ? mask : input,
    ];
    if (gaussian) return blurAndReadBack(encoder, input, plan, extra, inputs);
    const final = { ...readBackUniforms(plan, { kind: 'none', texture: null }), ...extra };
    const means = blockMeans(encoder, input, grid, final);
    return finalPass(encoder, input, inputs(means), final, [means]);
  },
  // A whole block around a pixel, or the gaussian's reach; the mask and vignette are placed by the region.
  reach(params, image) {
    const gaussian =
      Math.round(params.maskMode) === SMART_BLUR_VIGNETTE ||
      Math.round(params.blurType) !== SMART_BLUR_PIXELATE;
    return gaussian
      ? gaussianReach(params.sigma, params.downsample ?? 1, image)
      : Math.max(1, Math.round(Number.isFinite(params.pixelSize) ? params.pixelSize : 1));
  },
};
