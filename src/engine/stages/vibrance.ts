import type { StageDefinition } from './types.ts';

export interface VibranceParams {
  /** 0 leaves the image as it is; positive saturates muted colours, negative mutes them. */
  vibrance: number;
}

export const vibranceStage: StageDefinition<VibranceParams> = {
  name: 'vibrance',
  perPixel: true,
  uniforms: [{ name: 'vibrance', type: 'f32' }],
  encode(encoder, input, params) {
    return encoder.pass({
      inputs: [input],
      uniforms: { vibrance: params.vibrance },
      width: input.width,
      height: input.height,
    });
  },
  reach: () => 0,
};
