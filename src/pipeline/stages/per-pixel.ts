import type { UniformTable } from '../uniforms.ts';
import { finalPass } from './passes.ts';
import type { Region, StageDefinition } from './types.ts';
import { type DerivedUniforms, type ValuesField, stageUniforms } from './uniform-values.ts';

/**
 * What a per-pixel stage says of its uniforms for its params: only what it derives (stageUniforms fills
 * in the params of the same name and the region's `origin` and `fullSize`). Optional where nothing needs
 * deriving (a stage whose params are its uniforms).
 */
type PerPixelValues<P, T extends UniformTable> = (params: P, region: Region) => DerivedUniforms<P, T>;

/**
 * A per-pixel stage (`perPixel` in types.ts) whose only extra is its uniforms: its `encode` is the one
 * same-size pass reading the input that every such stage asks for (recorded, then fused:
 * src/engine/epilogue-fusion.ts), so a stage says only what its uniforms are for its params, typed by its table.
 * `region` is where the input lies in the whole image (a tile of the full-resolution export).
 */
export type PerPixelStage<P, T extends UniformTable> = Omit<
  StageDefinition<P>,
  'encode' | 'perPixel' | 'uniforms'
> & { readonly uniforms: T } & ValuesField<P, T, PerPixelValues<P, T>>;

export function perPixelStage<P extends object, T extends UniformTable>(
  stage: PerPixelStage<P, T>,
): StageDefinition<P> {
  const { values, ...definition } = stage;
  return {
    ...definition,
    perPixel: true,
    encode(encoder, input, params) {
      const { region } = encoder;
      // Without `values` every uniform is given (ValuesField makes it optional only then).
      const derived = (values?.(params, region) ?? {}) as DerivedUniforms<P, T>;
      return finalPass(encoder, input, [input], stageUniforms(stage.uniforms, params, region, derived));
    },
  };
}
