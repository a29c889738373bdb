import {
  bloomBrightScale,
  bloomLevels,
  bloomSoftThreshold,
  type BloomParams,
} from '../../src/pipeline/stages/bloom/stage.ts';
import {
  add,
  load,
  luma709,
  mapFloat,
  multiply,
  quantise8,
  sampleBilinear,
  scale,
  toFloatImage,
  toRgbaImage,
  type FloatImage,
  type Rgb,
} from './float-image.ts';
import type { RgbaImage } from './image.ts';
import { boxes13, downsample13, tentUp } from './light.ts';

const half = (image: FloatImage) => [Math.ceil(image.width / 2), Math.ceil(image.height / 2)] as const;

/** CPU reference of shaders/bloom, pass for pass. */
export function bloom(input: RgbaImage, params: BloomParams): RgbaImage {
  const { levels, topWeight, normalise } = bloomLevels(params.radius, input.width, input.height);
  const knee = Math.max(0, params.knee);
  const brightScale = bloomBrightScale(params.threshold, knee);
  const source = toFloatImage(input);

  const bright = quantise8(
    mapFloat(...half(source), (x, y) => {
      const c = sampleBilinear(source, 2 * x + 1, 2 * y + 1);
      const brightness = Math.max(c[0], c[1], c[2]);
      return scale(
        c,
        (bloomSoftThreshold(brightness, params.threshold, knee) / Math.max(brightness, 1e-5)) * brightScale,
      );
    }),
  );

  const chain: FloatImage[] = [];
  let previous = bright;
  for (let level = 1; level <= levels; level++) {
    const from = previous;
    previous = mapFloat(...half(from), (x, y) => {
      if (level > 1) return downsample13(from, x, y);
      let sum: Rgb = [0, 0, 0];
      let weights = 0;
      boxes13(from, x, y).forEach((box, i) => {
        const w = (i === 0 ? 0.5 : 0.125) / (1 + luma709(box));
        sum = add(sum, scale(box, w));
        weights += w;
      });
      return scale(sum, 1 / weights);
    });
    chain.push(previous);
  }

  const upWeight = (level: number) => (level === levels - 1 ? topWeight : 1);
  let sum = chain[levels - 1] as FloatImage;
  for (let level = levels - 1; level >= 2; level--) {
    const own = chain[level - 1] as FloatImage;
    const coarse = sum;
    sum = mapFloat(own.width, own.height, (x, y) =>
      add(load(own, x, y), scale(tentUp(coarse, x, y), upWeight(level))),
    );
  }
  const first = chain[0] as FloatImage;
  const coarse = sum;
  const weight = levels > 1 ? upWeight(1) : 0;
  const gain = normalise * params.amount;
  const glow = quantise8(
    mapFloat(first.width, first.height, (x, y) => {
      const level = add(load(first, x, y), scale(tentUp(coarse, x, y), weight));
      return multiply(scale(level, gain), params.tint);
    }),
  );

  const out = mapFloat(input.width, input.height, (x, y) =>
    add(load(source, x, y), sampleBilinear(glow, (x + 0.5) * 0.25, (y + 0.5) * 0.25)),
  );
  return toRgbaImage(out, input);
}
