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
  {
    name: 'sensor',
    type: 'i32',
    doc: "0: a fresh value per pixel and channel. 1: a camera sensor's noise after its processing: grey noise and colour-difference noise (Cb, Cr), each spread over neighbouring pixels.",
  },
  {
    name: 'chroma',
    type: 'f32',
    doc: 'Sensor noise: the colour-difference noise as a share of the grey noise (0 with monochrome).',
  },
  {
    name: 'lumaGrain',
    type: 'f32',
    doc: "Sensor noise: the grey noise's lattice spacing in pixels (1: each pixel shares half its noise with each neighbour).",
  },
  {
    name: 'chromaGrain',
    type: 'f32',
    doc: "Sensor noise: the colour noise's lattice spacing in pixels (demosaicing spreads it wider than the grey noise).",
  },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type NoiseUniforms = UniformParams<typeof UNIFORMS>;

/** The stage's params: its uniforms (kept in range here), the sensor's optional (0: per-pixel noise). */
export type NoiseParams = Omit<NoiseUniforms, 'sensor' | 'chroma' | 'lumaGrain' | 'chromaGrain'> &
  Partial<Pick<NoiseUniforms, 'sensor' | 'chroma' | 'lumaGrain' | 'chromaGrain'>>;

/**
 * Per-pixel sensor noise from the integer PCG hash, identical on every backend and the CPU reference.
 * A camera's noise (`sensor` 1) is not a fresh value per pixel and channel: its demosaicing spreads each
 * photosite's noise over its neighbours, more so the colour than the grey, and the colour part is as
 * strong as the camera's processing left it. Each part is bilinear value noise on its own lattice,
 * scaled so that its spread is the same wherever a pixel lies in its cell.
 */
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
      sensor: params.sensor ? 1 : 0,
      chroma: Math.min(4, Math.max(0, params.chroma ?? 0)),
      lumaGrain: Math.min(16, Math.max(1, params.lumaGrain ?? 1)),
      chromaGrain: Math.min(16, Math.max(1, params.chromaGrain ?? 1)),
    };
  },
});
