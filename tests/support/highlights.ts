/**
 * Scenes for the stages that follow clipped highlights (tests/gpu/artefacts-b.spec.ts): a photo scaled
 * below any clipping, and white discs drawn onto one. Node only.
 */
import { createImage, type RgbaImage } from '../reference/image.ts';

export interface Disc {
  x: number;
  y: number;
  radius: number;
}

/** Every colour channel times `factor` (alpha kept): 0.85 leaves nothing near clipping. */
export function scaled(image: RgbaImage, factor: number): RgbaImage {
  const out = createImage(image.width, image.height);
  for (let i = 0; i < image.data.length; i++) {
    out.data[i] = i % 4 === 3 ? (image.data[i] ?? 0) : Math.round((image.data[i] ?? 0) * factor);
  }
  return out;
}

/** Distance from pixel (x, y)'s centre to the nearest disc's centre, less that disc's radius. */
export function fromDiscs(discs: readonly Disc[], x: number, y: number): number {
  return Math.min(...discs.map((d) => Math.hypot(x + 0.5 - d.x, y + 0.5 - d.y) - d.radius));
}

/** The image with opaque white discs drawn on it (pixels whose centres lie inside). */
export function withDiscs(image: RgbaImage, discs: readonly Disc[]): RgbaImage {
  const out = { ...image, data: image.data.slice() };
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (fromDiscs(discs, x, y) <= 0)
        out.data.fill(255, (y * image.width + x) * 4, (y * image.width + x + 1) * 4);
    }
  }
  return out;
}
