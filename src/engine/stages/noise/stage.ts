import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { perPixelStage } from '../per-pixel.ts';

const UNIFORMS = [
  {
    name: 'amount',
    type: 'f32',
    doc: 'Strength: the largest change of a channel, in 0..1 units, at full weight (the JPEG family uses 0..0.3, CCD 0..0.5).',
  },
  {
    name: 'monochrome',
    type: 'i32',
    doc: '1: one value for all three channels (luminance noise); 0: independent noise per channel (colour noise).',
  },
  {
    name: 'blendMode',
    type: 'i32',
    doc: '0: add centred noise; 1: blend a grey noise layer in overlay mode.',
  },
  {
    name: 'shadowAmount',
    type: 'f32',
    doc: '0..1: extra noise where the image is dark, as small sensors show it; 1 triples it in black.',
  },
  {
    name: 'seed',
    type: 'u32',
    doc: 'Fixed per image, so that the noise does not shimmer as settings change.',
  },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type NoiseUniforms = UniformParams<typeof UNIFORMS>;

/** The stage's params are its uniforms (kept in range here). */
export type NoiseParams = UniformParams<typeof UNIFORMS>;

/** Per-pixel sensor noise from the integer PCG hash, identical on every backend and the CPU reference. */
export const noiseStage = perPixelStage<NoiseParams, typeof UNIFORMS>({
  name: 'noise',
  uniforms: UNIFORMS,
  values(params) {
    return {
      amount: Math.max(0, params.amount),
      monochrome: params.monochrome ? 1 : 0,
      blendMode: params.blendMode ? 1 : 0,
      shadowAmount: Math.min(1, Math.max(0, params.shadowAmount)),
      seed: params.seed >>> 0,
    };
  },
});
