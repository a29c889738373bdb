import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { finalPass, passThenRelease } from '../passes.ts';
import type { StageDefinition } from '../types.ts';

export interface JpegParams {
  /** 1..100, as libjpeg's jpeg_set_quality (Chromium's canvas encoder uses round(q * 100)). */
  quality: number;
  /**
   * The chroma below quality 100: 0 (the default) halved both ways, 4:2:0, as Chromium's encoder writes
   * it; 1 halved across only, 4:2:2, as most cameras of the 2000s wrote it. Quality 100 keeps all of it.
   */
  subsampling?: number;
}

/** The `subsample` uniform: which chroma the planes hold. */
export const CHROMA_444 = 0;
export const CHROMA_420 = 1;
export const CHROMA_422 = 2;

/** Whole 8x8 blocks covering `length` samples: the encoder pads partial blocks by repeating the edge. */
function padToBlocks(length: number): number {
  return Math.ceil(length / 8) * 8;
}

/**
 * Size in texels of the packed planes the transforms work on (4 samples a texel): Y, then Cb to its
 * right, then Cr below Cb (4:2:0) or right of it (4:2:2, 4:4:4). The shaders locate the planes by the
 * same rule.
 */
function packedSize(width: number, height: number, chroma: number): [number, number] {
  const lumaWidth = padToBlocks(width) / 4;
  const lumaHeight = padToBlocks(height);
  if (chroma === CHROMA_444) return [3 * lumaWidth, lumaHeight];
  const chromaWidth = padToBlocks(Math.ceil(width / 2)) / 4;
  if (chroma === CHROMA_422) return [lumaWidth + 2 * chromaWidth, lumaHeight];
  const chromaHeight = padToBlocks(Math.ceil(height / 2));
  return [lumaWidth + chromaWidth, Math.max(lumaHeight, 2 * chromaHeight)];
}

const UNIFORMS = [
  { name: 'quality', type: 'i32' },
  { name: 'subsample', type: 'i32', doc: 'The chroma the planes hold: 0 4:4:4, 1 4:2:0, 2 4:2:2.' },
  { name: 'size', type: 'vec2i' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type JpegUniforms = UniformParams<typeof UNIFORMS>;

/**
 * A JPEG encode and decode, as libjpeg-turbo does them, minus the (lossless) entropy coding: 4:2:0 chroma
 * below quality 100 and 4:4:4 at 100, as Chromium's encoder chooses, or 4:2:2 below 100 as a camera wrote
 * it. Transparent pixels are blended on black and the output is opaque, as a JPEG file is.
 *
 * Where invocations can share workgroup memory (WebGPU), two passes: `encode`, one workgroup per 16x16
 * pixels (one 4:2:0 MCU, two 4:2:2 ones), does everything up to the decoded 8-bit planes (Y at every
 * pixel, each chroma sample on the top-left pixel of the 2x2 or 2x1 it covers), and `main` upsamples the
 * chroma and converts to RGB. Fragment shaders (WebGL2) keep the blocks in textures between five passes:
 * `downsample` (4:2:0 or 4:2:2 chroma), `forward` (colour convert, row DCT), `quantise` (column DCT,
 * quantise, dequantise, inverse column DCT), `inverse` (inverse row DCT: 8-bit planes, the chroma in the
 * top-left corner) and `main`. Both round alike and give the same pixels.
 */
export const jpegStage: StageDefinition<JpegParams> = {
  name: 'jpeg',
  uniforms: UNIFORMS,
  entries: { wgsl: ['encode'], glsl: ['downsample', 'forward', 'quantise', 'inverse'] },
  encode(encoder, input, params) {
    const { width, height } = input;
    const quality = Math.min(100, Math.max(1, Math.round(params.quality)));
    const chroma = quality === 100 ? CHROMA_444 : params.subsampling === 1 ? CHROMA_422 : CHROMA_420;
    const uniforms = { quality, subsample: chroma, size: [width, height] };
    if (encoder.workgroupMemory) {
      const planes = encoder.pass({
        entry: 'encode',
        inputs: [input],
        uniforms,
        width,
        height,
        // A workgroup for each 16 x 16 MCU.
        workgroups: { x: Math.ceil(width / 16), y: Math.ceil(height / 16) },
      });
      return finalPass(encoder, input, [planes], uniforms, [planes]);
    }
    const downsampled =
      chroma === CHROMA_444
        ? null
        : encoder.pass({
            entry: 'downsample',
            inputs: [input],
            uniforms,
            width: padToBlocks(Math.ceil(width / 2)),
            height: padToBlocks(chroma === CHROMA_422 ? height : Math.ceil(height / 2)),
          });
    // The transforms' intermediates keep fractions (rgba16float); only the decoder's planes are 8-bit.
    const [packedWidth, packedHeight] = packedSize(width, height, chroma);
    const rows = encoder.pass({
      entry: 'forward',
      inputs: [input, downsampled ?? input],
      uniforms,
      width: packedWidth,
      height: packedHeight,
      format: 'rgba16float',
    });
    if (downsampled) encoder.release(downsampled);
    const columns = encoder.pass({
      entry: 'quantise',
      inputs: [rows],
      uniforms,
      width: packedWidth,
      height: packedHeight,
      format: 'rgba16float',
    });
    encoder.release(rows);
    const planes = passThenRelease(
      encoder,
      { entry: 'inverse', inputs: [columns], uniforms, width, height },
      [columns],
    );
    return finalPass(encoder, input, [planes], uniforms, [planes]);
  },
};
