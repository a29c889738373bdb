import {
  bloomBrightScale,
  bloomLevels,
  bloomSoftThreshold,
  type BloomParams,
} from '../../src/engine/stages/bloom.ts';
import {
  add,
  load,
  luma709,
  mapFloat,
  sampleBilinear,
  scale,
  toFloatImage,
  toRgbaImage,
  type FloatImage,
  type Rgb,
} from './float-image.ts';
import type { RgbaImage } from './image.ts';

function brightPass(c: Rgb, threshold: number, knee: number, brightScale: number): Rgb {
  const brightness = Math.max(c[0], c[1], c[2]);
  const contribution = bloomSoftThreshold(brightness, threshold, knee) / Math.max(brightness, 1e-5);
  return scale(c, contribution * brightScale);
}

/** The five 2x2 box averages of the 13-tap downsample: centre, top-left, top-right, bottom-left, bottom-right. */
function boxes13(source: FloatImage, x: number, y: number, pass: (c: Rgb) => Rgb): Rgb[] {
  const cx = 2 * x + 1;
  const cy = 2 * y + 1;
  const t = (dx: number, dy: number) => pass(sampleBilinear(source, cx + dx, cy + dy));
  const box = (a: Rgb, b: Rgb, c: Rgb, d: Rgb) => scale(add(add(a, b), add(c, d)), 0.25);
  const centre = t(0, 0);
  const [o0, o1, o2, o3, o4, o5, o6, o7] = [
    t(-2, -2),
    t(0, -2),
    t(2, -2),
    t(-2, 0),
    t(2, 0),
    t(-2, 2),
    t(0, 2),
    t(2, 2),
  ] as [Rgb, Rgb, Rgb, Rgb, Rgb, Rgb, Rgb, Rgb];
  return [
    box(t(-1, -1), t(1, -1), t(-1, 1), t(1, 1)),
    box(o0, o1, o3, centre),
    box(o1, o2, centre, o4),
    box(o3, centre, o5, o6),
    box(centre, o4, o6, o7),
  ];
}

/** The 3x3 tent over a coarser level at fine texel (x, y). */
function tent(coarse: FloatImage, x: number, y: number): Rgb {
  const cx = (x + 0.5) * 0.5;
  const cy = (y + 0.5) * 0.5;
  let sum: Rgb = [0, 0, 0];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const w = (dx === 0 ? 2 : 1) * (dy === 0 ? 2 : 1);
      sum = add(sum, scale(sampleBilinear(coarse, cx + dx, cy + dy), w));
    }
  }
  return scale(sum, 1 / 16);
}

/** CPU reference of shaders/bloom, pass for pass. */
export function bloom(input: RgbaImage, params: BloomParams): RgbaImage {
  const { levels, topWeight, normalise } = bloomLevels(params.radius, input.width, input.height);
  const knee = Math.max(0, params.knee);
  const brightScale = bloomBrightScale(params.threshold, knee);
  const source = toFloatImage(input);
  const chain: FloatImage[] = [];
  let previous = source;
  for (let level = 1; level <= levels; level++) {
    const from = previous;
    const first = level === 1;
    previous = mapFloat(Math.ceil(from.width / 2), Math.ceil(from.height / 2), (x, y) => {
      const b = boxes13(
        from,
        x,
        y,
        first ? (c) => brightPass(c, params.threshold, knee, brightScale) : (c) => c,
      );
      if (!first) {
        return add(
          scale(b[0] as Rgb, 0.5),
          scale(add(add(b[1] as Rgb, b[2] as Rgb), add(b[3] as Rgb, b[4] as Rgb)), 0.125),
        );
      }
      let sum: Rgb = [0, 0, 0];
      let weights = 0;
      b.forEach((box, i) => {
        const w = (i === 0 ? 0.5 : 0.125) / (1 + luma709(box));
        sum = add(sum, scale(box, w));
        weights += w;
      });
      return scale(sum, 1 / weights);
    });
    chain.push(previous);
  }
  let sum = chain[levels - 1] as FloatImage;
  for (let level = levels - 1; level >= 1; level--) {
    const own = chain[level - 1] as FloatImage;
    const coarse = sum;
    const weight = level === levels - 1 ? topWeight : 1;
    sum = mapFloat(own.width, own.height, (x, y) => add(load(own, x, y), scale(tent(coarse, x, y), weight)));
  }
  const glowSum = sum;
  const gain = normalise * params.amount;
  const out = mapFloat(input.width, input.height, (x, y) => {
    const glow = tent(glowSum, x, y);
    const c = load(source, x, y);
    return [
      c[0] + glow[0] * gain * params.tint[0],
      c[1] + glow[1] * gain * params.tint[1],
      c[2] + glow[2] * gain * params.tint[2],
    ];
  });
  return toRgbaImage(out, input);
}
