// CPU reference of shaders/transform (stages/transform.ts), in doubles: each output pixel reads the
// input where the affine map sends it; a cubic at one sample a side, the mean of n x n bilinear samples
// over the pixel's footprint for a reduction; positions past the edge read the edge.
import { transformSamples } from '../../src/pipeline/stages/transform/stage.ts';
import { createImage, toByte, type RgbaImage } from './image.ts';

/** Catmull-Rom: the weight of a tap at distance d (in input pixels) from the sample point. */
function catmullRom(d: number): number {
  const x = Math.abs(d);
  if (x < 1) return 1.5 * x ** 3 - 2.5 * x ** 2 + 1;
  if (x < 2) return -0.5 * x ** 3 + 2.5 * x ** 2 - 4 * x + 2;
  return 0;
}

export function transform(
  input: RgbaImage,
  params: { width: number; height: number; map: readonly number[] },
): RgbaImage {
  const outW = Math.max(1, Math.round(params.width));
  const outH = Math.max(1, Math.round(params.height));
  const [a = 1, b = 0, c = 0, d = 0, e = 1, f = 0] = params.map;
  const n = transformSamples(params.map);
  const { width: inW, height: inH, data: src } = input;
  const output = createImage(outW, outH);
  const at = (x: number, y: number, channel: number) => {
    const cx = Math.min(inW - 1, Math.max(0, x));
    const cy = Math.min(inH - 1, Math.max(0, y));
    return (src[(cy * inW + cx) * 4 + channel] ?? 0) / 255;
  };
  // A texel-centred position (centres at i + 0.5), as continuous input coordinates.
  const cubic = (u: number, v: number, channel: number) => {
    const [cu, cv] = [u - 0.5, v - 0.5];
    let sum = 0;
    for (let y = Math.floor(cv) - 1; y <= Math.floor(cv) + 2; y++)
      for (let x = Math.floor(cu) - 1; x <= Math.floor(cu) + 2; x++)
        sum += catmullRom(x - cu) * catmullRom(y - cv) * at(x, y, channel);
    return Math.min(1, Math.max(0, sum));
  };
  const bilinear = (u: number, v: number, channel: number) => {
    const [cu, cv] = [u - 0.5, v - 0.5];
    const [x, y] = [Math.floor(cu), Math.floor(cv)];
    const [tx, ty] = [cu - x, cv - y];
    return (
      (1 - tx) * (1 - ty) * at(x, y, channel) +
      tx * (1 - ty) * at(x + 1, y, channel) +
      (1 - tx) * ty * at(x, y + 1, channel) +
      tx * ty * at(x + 1, y + 1, channel)
    );
  };
  for (let oy = 0; oy < outH; oy++)
    for (let ox = 0; ox < outW; ox++)
      for (let channel = 0; channel < 4; channel++) {
        let value = 0;
        for (let j = 0; j < n; j++)
          for (let i = 0; i < n; i++) {
            const px = ox + (n === 1 ? 0.5 : (i + 0.5) / n);
            const py = oy + (n === 1 ? 0.5 : (j + 0.5) / n);
            const [u, v] = [a * px + b * py + c, d * px + e * py + f];
            value += n === 1 ? cubic(u, v, channel) : bilinear(u, v, channel);
          }
        output.data[(oy * outW + ox) * 4 + channel] = toByte(value / (n * n));
      }
  return output;
}
