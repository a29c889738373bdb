import { bilinear, gaussianBlur, toBytes, toFloat } from './gaussian.ts';
import type { RgbaImage } from './image.ts';
import { pixelateFloat } from './pixelate.ts';

export interface SmartBlurReferenceParams {
  blurType: number;
  sigma: number;
  downsample?: number;
  pixelSize: number;
  maskMode: number;
  vignetteSize?: number;
  vignetteSoftness?: number;
}

/**
 * CPU reference of the smart-blur stage: the blurred (gaussian, as the blur reference) or pixelated image
 * mixed over the original by an amount: 1 (uniform), the mask's alpha stretched over the image and read
 * bilinearly (draw), or smoothstep over the elliptical radius |2 (uv - 0.5)| from vignetteSize to
 * vignetteSize + vignetteSoftness (vignette, always gaussian).
 */
export function smartBlur(
  input: RgbaImage,
  params: SmartBlurReferenceParams,
  textures: Readonly<Record<string, RgbaImage>>,
): RgbaImage {
  const source = toFloat(input);
  const { width, height } = source;
  const gaussian = params.maskMode === 2 || params.blurType !== 1;
  const blurred = gaussian
    ? gaussianBlur(source, Math.max(0, params.sigma), params.downsample ?? 1)
    : pixelateFloat(source, { pixelSize: params.pixelSize });
  const maskImage = textures.mask;
  if (params.maskMode === 1 && !maskImage) throw new Error('smart-blur draw mode needs a mask');
  const mask = maskImage && toFloat(maskImage);
  const size = params.vignetteSize ?? 0.15;
  const softness = params.vignetteSoftness ?? 0.4;
  const amount = (x: number, y: number): number => {
    const u = (x + 0.5) / width;
    const v = (y + 0.5) / height;
    if (params.maskMode === 1 && mask) return bilinear(mask, u * mask.width, v * mask.height)[3];
    if (params.maskMode === 2) {
      const r = Math.hypot(2 * (u - 0.5), 2 * (v - 0.5));
      const t = Math.min(1, Math.max(0, (r - size) / Math.max(softness, 0.001)));
      return t * t * (3 - 2 * t);
    }
    return 1;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = amount(x, y);
      for (let c = 0; c < 4; c++) {
        const i = (y * width + x) * 4 + c;
        const s = source.data[i] ?? 0;
        source.data[i] = s + ((blurred.data[i] ?? 0) - s) * a;
      }
    }
  }
  return toBytes(source);
}
