import type { UniformParams, UniformTable } from '../uniforms.ts';
import type { Region, StageDefinition } from './types.ts';

/**
 * A per-pixel stage (`perPixel` in types.ts) whose only extra is its uniforms: its `encode` is the one
 * same-size pass reading the input that every such stage asks for (recorded, then fused:
 * src/engine/fusion.ts), so a stage says only what its uniforms are for its params, typed by its table.
 * `region` is where the input lies in the whole image (a tile of the full-resolution export).
 */
export interface PerPixelStage<P, T extends UniformTable> extends Omit<
  StageDefinition<P>,
  'encode' | 'perPixel' | 'uniforms'
> {
  readonly uniforms: T;
  readonly values: (params: P, region: Region) => UniformParams<T>;
}

export function perPixelStage<P, T extends UniformTable>(stage: PerPixelStage<P, T>): StageDefinition<P> {
  const { values, ...definition } = stage;
  return {
    ...definition,
    perPixel: true,
    encode: (encoder, input, params) =>
      encoder.pass({
        inputs: [input],
        uniforms: values(params, encoder.region),
        width: input.width,
        height: input.height,
      }),
  };
}
