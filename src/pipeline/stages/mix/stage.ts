import type { UniformParams, UniformTable } from '../../uniforms.ts';
import { finalPass } from '../passes.ts';
import type { StageDefinition } from '../types.ts';

/**
 * The resource-key prefix of a step's input: `step-input:N` names the texture the chain ran on N
 * invocations before the invocation that names it. The reference is relative, so it still holds when
 * the steps' chains are joined (consecutive steps run tile by tile as one chain) or put after a
 * resample (the live camera's scaling). The runner resolves it (src/engine/runner.ts), never a resolver.
 */
export const STEP_INPUT_PREFIX = 'step-input:';

/** The key of the texture the chain ran on `back` invocations before the one naming it. */
export function stepInputKey(back: number): string {
  if (!Number.isInteger(back) || back < 1)
    throw new Error(`A step input is 1 or more invocations back, not ${back}`);
  return `${STEP_INPUT_PREFIX}${back}`;
}

/** How many invocations back a step-input key reaches; null for any other key. */
export function stepInputBack(key: string): number | null {
  if (!key.startsWith(STEP_INPUT_PREFIX)) return null;
  const back = Number(key.slice(STEP_INPUT_PREFIX.length));
  return Number.isInteger(back) && back >= 1 ? back : null;
}

const UNIFORMS = [
  {
    name: 'amount',
    type: 'f32',
    doc: "How much of the look: 0 gives the step's input, 1 what the step made, in between a linear mix.",
  },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type MixUniforms = UniformParams<typeof UNIFORMS>;

/** The stage's params are its uniforms. */
export type MixParams = UniformParams<typeof UNIFORMS>;

/**
 * An effect step's strength: the step's output mixed with its input, the texture in the `input` slot
 * (a step-input key), read at the same texel. The runner gives that texture at the size of the image
 * the mix runs on: a step that changes the size (the JPEG family's resample) mixes with its input
 * resampled to the step's output size, as an editor would scale it.
 */
export const mixStage: StageDefinition<MixParams> = {
  name: 'mix',
  perPixel: true,
  uniforms: UNIFORMS,
  textures: ['input'],
  encode(encoder, input, params, textures) {
    const original = textures.input;
    if (!original) throw new Error("The mix stage needs the step's input in its input slot");
    if (original.width !== input.width || original.height !== input.height) {
      throw new Error(
        `The step's input is ${original.width}x${original.height}, not the ${input.width}x${input.height} it mixes with`,
      );
    }
    return finalPass(encoder, input, [input, original], {
      amount: Math.min(1, Math.max(0, params.amount)),
    });
  },
  reach: () => 0,
};
