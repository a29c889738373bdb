import type { StageDefinition } from './types.ts';

export interface JpegParams {
  /** 1..100, as libjpeg's jpeg_set_quality (Chromium's canvas encoder uses round(q * 100)). */
  quality: number;
}

/** Whole 8x8 blocks covering `length` pixels: the encoder pads partial blocks by repeating the edge. */
function padToBlocks(length: number): number {
  return Math.ceil(length / 8) * 8;
}

/**
 * A JPEG encode and decode, as Chromium's libjpeg-turbo does them, minus the (lossless) entropy coding:
 * 4:2:0 chroma below quality 100 and 4:4:4 at 100, as Chromium's encoder chooses. Transparent pixels are
 * blended on black and the output is opaque, as a JPEG file is. Four passes: `forward` (colour convert,
 * chroma downsample, row DCT), `quantise` (column DCT, quantise, dequantise, inverse column DCT),
 * `inverse` (inverse row DCT, 8-bit YCbCr planes) and `main` (chroma upsampling, RGB).
 */
export const jpegStage: StageDefinition<JpegParams> = {
  name: 'jpeg',
  uniforms: [
    { name: 'quality', type: 'i32' },
    { name: 'subsample', type: 'i32' },
    { name: 'size', type: 'vec2i' },
  ],
  entries: ['forward', 'quantise', 'inverse'],
  encode(encoder, input, params) {
    const quality = Math.min(100, Math.max(1, Math.round(params.quality)));
    const uniforms = { quality, subsample: quality < 100 ? 1 : 0, size: [input.width, input.height] };
    const paddedWidth = padToBlocks(input.width);
    const paddedHeight = padToBlocks(input.height);
    // The transforms' intermediates keep fractions (rgba16float); only the decoder's planes are 8-bit.
    const rows = encoder.pass({
      entry: 'forward',
      inputs: [input],
      uniforms,
      width: paddedWidth,
      height: paddedHeight,
      format: 'rgba16float',
    });
    const columns = encoder.pass({
      entry: 'quantise',
      inputs: [rows],
      uniforms,
      width: paddedWidth,
      height: paddedHeight,
      format: 'rgba16float',
    });
    encoder.release(rows);
    const planes = encoder.pass({
      entry: 'inverse',
      inputs: [columns],
      uniforms,
      width: input.width,
      height: input.height,
    });
    encoder.release(columns);
    const output = encoder.pass({ inputs: [planes], uniforms, width: input.width, height: input.height });
    encoder.release(planes);
    return output;
  },
};
