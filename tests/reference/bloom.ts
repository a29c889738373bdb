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
  multiply,
  sampleBilinear,
  scale,
  toFloatImage,
  toRgbaImage,
  type FloatImage,
  type Rgb,
} from './float-image.ts';
import type { RgbaImage } from './image.ts';
import { boxes13, downsample13, gather36, tentUp } from './light.ts';

/** CPU reference of shaders/bloom, pass for pass. */
export function bloom(input: RgbaImage, params: BloomParams): RgbaImage {
  const { levels, topWeight, normalise } = bloomLevels(params.radius, input.width, input.height);
  const knee = Math.max(0, params.knee);
  const brightScale = bloomBrightScale(params.threshold, knee);
  const brightPass = (c: Rgb): Rgb => {
    const brightness = Math.max(c[0], c[1], c[2]);
    return scale(
      c,
      (bloomSoftThreshold(brightness, params.threshold, knee) / Math.max(brightness, 1e-5)) * brightScale,
    );
  };
  const source = toFloatImage(input);

  const chain: FloatImage[] = [];
  let previous = source;
  for (let level = 1; level <= levels; level++) {
    const from = previous;
    previous = mapFloat(Math.ceil(from.width / 2), Math.ceil(from.height / 2), (x, y) => {
      if (level > 1) return downsample13(from, x, y);
      let sum: Rgb = [0, 0, 0];
      let weights = 0;
      boxes13(gather36(from, x, y).map(brightPass)).forEach((box, i) => {
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
    sum = mapFloat(own.width, own.height, (x, y) =>
      add(load(own, x, y), scale(tentUp(coarse, x, y), weight)),
    );
  }

  const glowSum = sum;
  const gain = normalise * params.amount;
  const out = mapFloat(input.width, input.height, (x, y) => {
    const glow = multiply(
      scale(sampleBilinear(glowSum, (x + 0.5) * 0.5, (y + 0.5) * 0.5), gain),
      params.tint,
    );
    return add(load(source, x, y), glow);
  });
  return toRgbaImage(out, input);
}
