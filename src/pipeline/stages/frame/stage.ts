/**
 * The frame around the photo (a print's paper, a film strip's rebate and holes), drawn procedurally for
 * each output pixel from its place in the whole print, so it is as sharp at 48 MP as in the preview and
 * a tile of the print draws what the whole print draws there. The photo is sampled 1:1 inside the image
 * window (where the window reaches past the input, as around a letterboxed photo, the paper shows); text (a caption, the film's edge print) comes in as a coverage texture over a box of the print,
 * drawn by the worker (src/engine/worker/frame-text.ts). See frame.wgsl, frame.glsl and kernel.ts.
 *
 * Its output is a piece of the print, `width` x `height` at `at`; its input is a piece of the photo whose
 * texel (0, 0) lies at `photoAt` in the print. The full-resolution save runs it piece by piece itself
 * (src/engine/worker/frame.ts), so it declares no reach.
 */
import type { UniformParams, UniformTable } from '../../uniforms.ts';
import type { StageDefinition } from '../types.ts';

type Vec2 = readonly [number, number];
type Vec3 = readonly [number, number, number];
type Vec4 = readonly [number, number, number, number];

export interface FrameParams {
  /** FRAME_KIND (src/frames/model/frames.ts): 1 instant print, 2 35 mm film, 3 120 film, 4 border. */
  kind: number;
  /** The output's size: the whole print, or a piece of it. */
  width: number;
  height: number;
  /** Where the output's texel (0, 0) lies in the print. */
  at: Vec2;
  /** Where the input's texel (0, 0) lies in the print. */
  photoAt: Vec2;
  /** The image window in the print: left, top, right, bottom (pixels). */
  window: Vec4;
  /** Pixels per millimetre of the print. */
  scale: number;
  /** The paper's or the rebate's colour. */
  paper: Vec3;
  /** The text's colour. */
  ink: Vec3;
  /** The box the `text` texture covers: left, top, right, bottom; empty (all 0) for none. */
  text: Vec4;
  /** 35 mm holes: pitch, width, height, corner radius (pixels). */
  holes: Vec4;
  /** First hole's centre x, the two rows' centre y, and the gap to the next frame (pixels). */
  holeAt: Vec4;
}

/** The paper's tone and texture, the film's colours, mirrored in the shaders' constants. */
export const FRAME_LOOK = {
  /** A print's paper, faintly warm. */
  PAPER: [0.947, 0.94, 0.915] as Vec3,
  /** A slide's or black-and-white film's rebate, and a colour negative's orange mask as scanned. */
  REBATE: [0.035, 0.032, 0.03] as Vec3,
  ORANGE: [0.86, 0.53, 0.3] as Vec3,
  /** The caption's marker, the edge print on black, on orange, the border's date. */
  MARKER: [0.13, 0.14, 0.22] as Vec3,
  EDGE_ON_BLACK: [0.96, 0.7, 0.32] as Vec3,
  EDGE_ON_ORANGE: [0.35, 0.16, 0.06] as Vec3,
  DATE: [0.42, 0.41, 0.4] as Vec3,
} as const;

const UNIFORMS = [
  { name: 'kind', type: 'i32' },
  { name: 'at', type: 'vec2i' },
  { name: 'photoAt', type: 'vec2i' },
  { name: 'window', type: 'vec4f' },
  { name: 'scale', type: 'f32' },
  { name: 'paper', type: 'vec3f' },
  { name: 'ink', type: 'vec3f' },
  { name: 'text', type: 'vec4f' },
  { name: 'holes', type: 'vec4f' },
  { name: 'holeAt', type: 'vec4f' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type FrameUniforms = UniformParams<typeof UNIFORMS>;

function outputSize(params: FrameParams): { width: number; height: number } {
  return { width: Math.max(1, Math.round(params.width)), height: Math.max(1, Math.round(params.height)) };
}

export const frameStage: StageDefinition<FrameParams> = {
  name: 'frame',
  uniforms: UNIFORMS,
  textures: ['text'],
  outputSize,
  encode(encoder, input, params, textures) {
    const text = textures.text;
    if (!text) throw new Error('The frame stage needs a texture in its text slot (1 x 1 for none)');
    return encoder.pass({
      inputs: [input, text],
      ...outputSize(params),
      uniforms: {
        kind: params.kind,
        at: [Math.round(params.at[0]), Math.round(params.at[1])],
        photoAt: [Math.round(params.photoAt[0]), Math.round(params.photoAt[1])],
        window: [...params.window],
        scale: params.scale,
        paper: [...params.paper],
        ink: [...params.ink],
        text: [...params.text],
        holes: [...params.holes],
        holeAt: [...params.holeAt],
      },
    });
  },
};
