import type { StageDefinition } from './types.ts';

export interface NoiseParams {
  /** Strength: the largest change of a channel, in 0..1 units, at full weight (the JPEG family uses 0..0.3, CCD 0..0.5). */
  amount: number;
  /** 1: one value for all three channels (luminance noise); 0: independent noise per channel (colour noise). */
  monochrome: number;
  /** 0: add centred noise; 1: blend a grey noise layer in overlay mode. */
  blendMode: number;
  /** 0..1: extra noise where the image is dark, as small sensors show it; 1 triples it in black. */
  shadowAmount: number;
  /** Fixed per image, so that the noise does not shimmer as settings change. */
  seed: number;
}

/** Per-pixel sensor noise from the integer PCG hash, identical on both backends and the CPU reference. */
export const noiseStage: StageDefinition<NoiseParams> = {
  name: 'noise',
  perPixel: true,
  uniforms: [
    { name: 'amount', type: 'f32' },
    { name: 'monochrome', type: 'i32' },
    { name: 'blendMode', type: 'i32' },
    { name: 'shadowAmount', type: 'f32' },
    { name: 'seed', type: 'u32' },
  ],
  encode(encoder, input, params) {
    return encoder.pass({
      inputs: [input],
      uniforms: {
        amount: Math.max(0, params.amount),
        monochrome: params.monochrome ? 1 : 0,
        blendMode: params.blendMode ? 1 : 0,
        shadowAmount: Math.min(1, Math.max(0, params.shadowAmount)),
        seed: params.seed >>> 0,
      },
      width: input.width,
      height: input.height,
    });
  },
};
