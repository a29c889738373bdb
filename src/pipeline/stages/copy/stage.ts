import type { StageDefinition } from '../types.ts';

/** Identity: the cost floor of one read and one write per pixel. */
export const copyStage: StageDefinition<Record<string, never>> = {
  name: 'copy',
  uniforms: [],
  encode(encoder, input) {
    return encoder.pass({ inputs: [input], width: input.width, height: input.height });
  },
  reach: () => 0,
};
