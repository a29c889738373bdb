import type { GpuTexture } from '../backend.ts';
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
