import type { UniformParams, UniformTable } from '../../uniforms.ts';
/**
 * Light leak: warm light that got in past a worn camera back's seal and fogged the film from one edge.
 * Two lobes (a main one and a fainter one beside it), each an ellipse anchored on the edge, long along it
 * and reaching some way into the frame, whose light falls off smoothly from the edge and runs towards a
 * pale hot core where it is strongest; they are screen-blended over the image, as light added to the film.
 *
 * Everything random about a leak (which edge, where along it, how long and how deep, its colours) comes
 * from the seed through the integer PCG hash here in TypeScript, so every backend is handed the same
 * uniforms; sizes are fractions of the whole image, so tiles and thumbnails show the same leak.
 */
import { pcg } from '../../cpu/kernels/pcg.ts';
import { perPixelStage } from '../per-pixel.ts';

export interface LightLeakParams {
  /** 0 leaves the image unchanged; 1 is the leak at full strength. */
  amount: number;
  /** Picks the leak: the same seed gives the same leak on any image size and backend. */
  seed: number;
}

type Point = [number, number];
type Rgb = [number, number, number];

export interface LeakLobe {
  /** Where the lobe is anchored on the edge, in pixels of the whole image. */
  centre: Point;
  /** Half its length along the edge, and how far it reaches into the frame, in pixels. */
  halfLength: number;
  depth: number;
  color: Rgb;
  /** How strong it is before `amount`: 1 for the main lobe. */
  strength: number;
}

export interface LightLeakGeometry {
  /** 0 left, 1 right, 2 top, 3 bottom. */
  edge: number;
  /** Unit vector along the edge. */
  axis: Point;
  lobes: [LeakLobe, LeakLobe];
}

/** The two ends of the leak's colours: a deep red-orange and an amber yellow. */
const RED_ORANGE: Rgb = [0.95, 0.24, 0.05];
const AMBER: Rgb = [1.0, 0.72, 0.22];

function warmColor(t: number): Rgb {
  return [0, 1, 2].map(
    (i) => (RED_ORANGE[i] as number) + ((AMBER[i] as number) - (RED_ORANGE[i] as number)) * t,
  ) as Rgb;
}

/**
 * The leak a seed gives on an image of this size. Each draw is the next PCG hash of the seed's, as a
 * fraction in [0, 1); lengths are fractions of the edge, depths of the shorter side.
 */
export function lightLeakGeometry(seed: number, fullWidth: number, fullHeight: number): LightLeakGeometry {
  let state = pcg(seed >>> 0);
  const draw = () => {
    state = pcg(state);
    return state / 4294967296;
  };
  const edge = Math.floor(draw() * 4);
  const vertical = edge < 2;
  const edgeLength = vertical ? fullHeight : fullWidth;
  const across = edge === 1 ? fullWidth : edge === 3 ? fullHeight : 0;
  const shorter = Math.min(fullWidth, fullHeight);
  const anchor = (along: number): Point => (vertical ? [across, along] : [along, across]);

  const at = 0.2 + 0.6 * draw();
  const main: LeakLobe = {
    centre: anchor(at * edgeLength),
    halfLength: (0.25 + 0.25 * draw()) * edgeLength,
    depth: (0.3 + 0.3 * draw()) * shorter,
    color: warmColor(draw()),
    strength: 1,
  };
  // The second lobe sits to one side of the first, shorter, shallower or deeper, and fainter.
  const side = draw() < 0.5 ? -1 : 1;
  const at2 = Math.min(0.95, Math.max(0.05, at + side * (0.15 + 0.2 * draw())));
  const second: LeakLobe = {
    centre: anchor(at2 * edgeLength),
    halfLength: (0.4 + 0.3 * draw()) * main.halfLength,
    depth: (0.6 + 0.6 * draw()) * main.depth,
    color: warmColor(draw()),
    strength: 0.35 + 0.25 * draw(),
  };
  return { edge, axis: vertical ? [0, 1] : [1, 0], lobes: [main, second] };
}

const UNIFORMS = [
  { name: 'lobeA', type: 'vec4f' },
  { name: 'colorA', type: 'vec3f' },
  { name: 'amount', type: 'f32' },
  { name: 'lobeB', type: 'vec4f' },
  { name: 'colorB', type: 'vec3f' },
  { name: 'strengthB', type: 'f32' },
  { name: 'axis', type: 'vec2f' },
  { name: 'origin', type: 'vec2i' },
] as const satisfies UniformTable;

/** What its shaders and CPU kernel read, typed from the table. */
export type LightLeakUniforms = UniformParams<typeof UNIFORMS>;

/** One pointwise pass; see light-leak.wgsl and .glsl. */
export const lightLeakStage = perPixelStage<LightLeakParams, typeof UNIFORMS>({
  name: 'light-leak',
  uniforms: UNIFORMS,
  values(params, region) {
    const { axis, lobes } = lightLeakGeometry(params.seed, region.fullWidth, region.fullHeight);
    const [a, b] = lobes;
    const lobe = (l: LeakLobe) => [...l.centre, l.halfLength, l.depth] as const;
    return {
      lobeA: lobe(a),
      colorA: a.color,
      amount: Math.min(1, Math.max(0, params.amount)),
      lobeB: lobe(b),
      colorB: b.color,
      strengthB: b.strength,
      axis,
    };
  },
  // Pointwise; the leak is placed in the whole image by the region's origin.
  reach: () => 0,
});
