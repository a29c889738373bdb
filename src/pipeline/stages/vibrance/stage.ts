import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { perPixelStage } from '../per-pixel.ts';

const UNIFORMS = [
  {
    name: 'vibrance',
    type: 'f32',
    doc: '0 leaves the image as it is; positive saturates muted colours, negative mutes them.',
  },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type VibranceUniforms = UniformParams<typeof UNIFORMS>;

/** The stage's params are its uniforms. */
export type VibranceParams = UniformParams<typeof UNIFORMS>;

export const vibranceStage = perPixelStage<VibranceParams, typeof UNIFORMS>({
  name: 'vibrance',
  colourOnly: true,
  uniforms: UNIFORMS,
  reach: () => 0,
});
