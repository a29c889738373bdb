import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { finalPass } from '../passes.ts';
import type { StageDefinition } from '../types.ts';

export interface LutParams {
  /** 0 returns the input, 1 the full grade; in between a linear mix of the two. */
  intensity: number;
  /** N, the lattice points per axis of the LUT in the `lut` slot; taken from the texture when absent. */
  size?: number;
}

const UNIFORMS = [
  { name: 'intensity', type: 'f32' },
  { name: 'size', type: 'i32' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type LutUniforms = UniformParams<typeof UNIFORMS>;

/**
 * Colour grading through a 3D LUT. The `lut` slot holds an RGBA8 atlas of (N*N) x N texels: the texel at
 * (r + N*b, g) is the output for the input at lattice indices (r, g, b), index i standing for i / (N - 1)
 * (see src/grading/lut-atlas.ts). The shader interpolates tetrahedrally from 4 exact texel reads, in
 * float, so there is none of the 8-bit banding of hardware filtering, and greys stay on the grey axis.
 */
export const lutStage: StageDefinition<LutParams> = {
  name: 'lut',
  perPixel: true,
  colourOnly: true,
  uniforms: UNIFORMS,
  textures: ['lut'],
  encode(encoder, input, params, textures) {
    const lut = textures.lut;
    if (!lut) throw new Error('The lut stage needs a LUT in its lut slot');
    const size = params.size === undefined ? lut.height : Math.round(params.size);
    if (size < 2 || lut.width !== size * size || lut.height !== size) {
      throw new Error(
        `LUT texture is ${lut.width}x${lut.height}, expected ${size * size}x${size} for a LUT of size ${size}`,
      );
    }
    return finalPass(encoder, input, [input, lut], {
      intensity: Math.min(1, Math.max(0, params.intensity)),
      size,
    });
  },
  reach: () => 0,
};
