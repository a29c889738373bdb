import type { GpuTexture } from '../texture.ts';
import type { UniformValues } from '../uniforms.ts';
import type { PassEncoder, PassRequest } from './types.ts';

/**
 * Runs a pass, then hands back the intermediates it was the last to read (absent ones, null, are
 * skipped): the step every multi-pass stage repeats as it chains its passes.
 */
export function passThenRelease(
  encoder: PassEncoder,
  request: PassRequest,
  done: readonly (GpuTexture | null)[] = [],
): GpuTexture {
  const output = encoder.pass(request);
  for (const texture of done) if (texture) encoder.release(texture);
  return output;
}

/** The size a stage that draws into params.width x params.height asks for (resize, transform): whole pixels, at least 1. */
export function requestedSize(params: { width: number; height: number }): { width: number; height: number } {
  return { width: Math.max(1, Math.round(params.width)), height: Math.max(1, Math.round(params.height)) };
}

/**
 * The one pass of a stage whose output is not its input's size (resize, transform): from the input to a
 * texture of `size`, which its shaders read as the `size` uniform besides `uniforms`.
 */
export function resamplePass(
  encoder: PassEncoder,
  input: GpuTexture,
  size: { width: number; height: number },
  uniforms: UniformValues,
): GpuTexture {
  return encoder.pass({
    inputs: [input],
    uniforms: { size: [size.width, size.height], ...uniforms },
    ...size,
  });
}

/**
 * A stage's last pass: `main` at the input's size, reading `inputs` (the input itself, or what the
 * passes before made of it), then handing back `done`, the intermediates nothing reads after it.
 */
export function finalPass(
  encoder: PassEncoder,
  input: GpuTexture,
  inputs: readonly GpuTexture[],
  uniforms: UniformValues,
  done: readonly (GpuTexture | null)[] = [],
): GpuTexture {
  return passThenRelease(encoder, { inputs, uniforms, width: input.width, height: input.height }, done);
}
