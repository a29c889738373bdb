/**
 * The crop in the worker: made from the original, not from the preview.
 *
 * The preview's crop reads the original decoded no larger than about twice the crop's processing size,
 * and only the crop's region of it (cropSource), then runs the transform stage to the processing size:
 * a tight crop of a 12 MP photo reads it at its full size and stays sharp, the whole of a 48 MP one is
 * decoded small. The full-resolution save reads the crop as a picture of the crop's size in original
 * pixels (croppedOriginal): each part asked for reads only the original's pixels it maps to, through the
 * transform stage, a piece at a time, so no texture or canvas is larger than a piece's footprint.
 */
import {
  cropSource,
  croppedSize,
  partMap,
  sourceBounds,
  sourceMap,
  type Affine,
} from '../../crop/model/geometry.ts';
import { type CropGeometry, type Rect, type Size } from '../../edit/crop.ts';
import { asImageData, type PictureReader, type Pixels } from '../../pixels/strips.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import type { StageRunner } from '../runner.ts';
import { transformSamples } from '../../pipeline/stages/transform/stage.ts';
import type { Original } from './full-resolution.ts';

/** An original that can be decoded at a smaller size as well as at its own (FullSizeOriginal). */
export interface ScalableOriginal extends Original {
  openAt(size: Size): Promise<PictureReader>;
}

/** The side of the pieces the full-resolution reader transforms at a time (1 MP each). */
export const CROP_PIECE = 1024;

/** The input pixels the transform reads around a point: the cubic's two, or a reduction's footprint. */
function margin(map: Affine): number {
  return transformSamples(map) + 2;
}

/** Runs the transform on `pixels` (uploaded into a pooled texture) to `output` by `map`. */
async function transformPixels(
  runner: StageRunner,
  backend: Backend,
  pixels: Pixels,
  map: Affine,
  output: Size,
): Promise<GpuTexture> {
  const input = runner.pool.acquire(pixels.width, pixels.height, 'rgba8unorm');
  try {
    backend.uploadImage(asImageData(pixels), input);
    return await backend.validate(() =>
      runner.run(input, [{ stage: 'transform', params: { ...output, map: [...map] } }]),
    );
  } finally {
    runner.pool.release(input);
  }
}

/** The crop of `original` at `output` size, as the preview shows it (and a camera's save reads it). */
export async function cropAtSize(
  runner: StageRunner,
  backend: Backend,
  original: ScalableOriginal,
  geometry: CropGeometry,
  output: Size,
): Promise<GpuTexture> {
  const first = cropSource(geometry, original, output);
  const source = cropSource(geometry, original, output, 2, margin(first.map));
  if (source.region.width < 1 || source.region.height < 1) throw new Error('The crop lies outside the photo');
  const reader = await original.openAt(source.decode);
  let pixels: Pixels;
  try {
    pixels = await reader.read(source.region);
  } finally {
    reader.close();
  }
  return transformPixels(runner, backend, pixels, source.map, output);
}

/**
 * The crop as an original of its own, `croppedSize` in original pixels: what the full-resolution save
 * renders from. `processing` is the size the preview's crop was made at (atProcessingSize gives it
 * exactly as the preview made it, for a camera that runs at that size).
 */
export function croppedOriginal(
  runner: StageRunner,
  backend: Backend,
  original: ScalableOriginal,
  geometry: CropGeometry,
  processing: Size,
  pieceSide = CROP_PIECE,
): Original {
  const size = croppedSize(geometry);
  const map = sourceMap(geometry, original, size);
  const reach = margin(map);
  return {
    ...size,
    atProcessingSize: async () => {
      const texture = await cropAtSize(runner, backend, original, geometry, processing);
      try {
        const pixels = await backend.readPixels(texture);
        return await createImageBitmap(
          new ImageData(new Uint8ClampedArray(pixels.buffer), texture.width, texture.height),
        );
      } finally {
        runner.pool.release(texture);
      }
    },
    open: async () => {
      const whole = await original.open();
      const read = async (rect: Rect): Promise<Pixels> => {
        const data = new Uint8ClampedArray(rect.width * rect.height * 4);
        for (const piece of pieces(rect, pieceSide)) {
          const bounds = sourceBounds(map, piece, original, reach);
          const input = await whole.read(bounds);
          const texture = await transformPixels(runner, backend, input, partMap(map, piece, bounds), piece);
          let out: Uint8Array<ArrayBuffer>;
          try {
            out = await backend.readPixels(texture);
          } finally {
            runner.pool.release(texture);
          }
          const stride = piece.width * 4;
          for (let row = 0; row < piece.height; row++) {
            const at = ((piece.y - rect.y + row) * rect.width + (piece.x - rect.x)) * 4;
            data.set(out.subarray(row * stride, (row + 1) * stride), at);
          }
        }
        return { width: rect.width, height: rect.height, data };
      };
      return { ...size, read, close: () => whole.close() };
    },
  };
}

/** `rect` cut into pieces of at most CROP_PIECE a side, row by row. */
export function pieces(rect: Rect, side = CROP_PIECE): Rect[] {
  const out: Rect[] = [];
  for (let y = rect.y; y < rect.y + rect.height; y += side) {
    for (let x = rect.x; x < rect.x + rect.width; x += side) {
      out.push({
        x,
        y,
        width: Math.min(side, rect.x + rect.width - x),
        height: Math.min(side, rect.y + rect.height - y),
      });
    }
  }
  return out;
}
