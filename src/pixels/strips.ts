/**
 * Full-size pictures as plain RGBA pixels, moved through canvases a strip of rows at a time
 *: iOS Safari refuses a canvas over 16,777,216 pixels, so the full-resolution save never draws
 * a whole 24 or 48 MP photo into one. A strip canvas is at most STRIP_PIXELS; the strips' rows are a
 * multiple of 16 (a JPEG's 4:2:0 rows), so they feed the strip encoder without a remainder. Worker-safe:
 * OffscreenCanvas only.
 */

/** An RGBA picture in memory, top row first (the shape of ImageData, without its size limits). */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray<ArrayBuffer>;
}

/** The most pixels one strip canvas holds: 4 MP, 16 MB, far below any browser's canvas limit. */
export const STRIP_PIXELS = 4 * 1024 * 1024;

/** The rows of one strip for pictures `width` wide: a multiple of 16 where the width allows. */
export function stripRows(width: number, maxPixels: number = STRIP_PIXELS): number {
  const rows = Math.max(1, Math.floor(maxPixels / Math.max(1, width)));
  return rows >= 16 ? rows - (rows % 16) : rows;
}

export type Transform = [number, number, number, number, number, number];

/**
 * Draws `source` as a picture of `size` (under `transform`, or `source` scaled to `size` at high quality
 * when no transform is given) one strip at a time, and hands each strip's pixels to `visit`, top to
 * bottom. Every strip draws the whole source with the same transform, moved up by the strip's top and
 * clipped by its canvas: the pixels are those a canvas of the whole size would have had, without seams.
 */
export async function drawInStrips(
  source: CanvasImageSource,
  size: { width: number; height: number },
  visit: (strip: ImageData, top: number) => void | Promise<void>,
  options: { transform?: Transform } = {},
): Promise<void> {
  const rows = Math.min(size.height, stripRows(size.width));
  const canvas = new OffscreenCanvas(size.width, rows);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('2D canvas unavailable');
  try {
    for (let top = 0; top < size.height; top += rows) {
      const height = Math.min(rows, size.height - top);
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, size.width, rows);
      context.translate(0, -top);
      if (options.transform) {
        context.transform(...options.transform);
        context.drawImage(source, 0, 0);
      } else {
        context.imageSmoothingEnabled = true;
        context.imageSmoothingQuality = 'high';
        context.drawImage(source, 0, 0, size.width, size.height);
      }
      await visit(context.getImageData(0, 0, size.width, height), top);
    }
  } finally {
    canvas.width = 0;
    canvas.height = 0;
  }
}

/** The picture `source` draws as, at `size` (see drawInStrips), in memory. */
export async function drawnPixels(
  source: CanvasImageSource,
  size: { width: number; height: number },
  transform?: Transform,
): Promise<Pixels> {
  const data = new Uint8ClampedArray(size.width * size.height * 4);
  await drawInStrips(
    source,
    size,
    (strip, top) => {
      data.set(strip.data, top * size.width * 4);
    },
    transform ? { transform } : {},
  );
  return { width: size.width, height: size.height, data };
}

/** The rectangle of `pixels`, copied out. */
export function cut(pixels: Pixels, rect: { x: number; y: number; width: number; height: number }): Pixels {
  const { x, y, width, height } = rect;
  if (x === 0 && width === pixels.width) {
    const start = y * pixels.width * 4;
    return { width, height, data: pixels.data.slice(start, start + width * height * 4) };
  }
  const out = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * pixels.width + x) * 4;
    out.set(pixels.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { width, height, data: out };
}

/** The whole picture as an ImageData over the same memory (no copy). */
export function asImageData(pixels: Pixels): ImageData {
  return new ImageData(pixels.data, pixels.width, pixels.height);
}

/** A picture that hands out rectangles of its pixels: one in memory, or a decoded image read through canvases. */
export interface PictureReader {
  width: number;
  height: number;
  /** A rectangle's pixels; a reader that works on the GPU (a crop's) answers later. */
  read(rect: { x: number; y: number; width: number; height: number }): Pixels | Promise<Pixels>;
  /** Lets go of what it holds (a decoded image); pixels in memory stay with their owner. */
  close(): void;
}

export function pixelsReader(pixels: Pixels): PictureReader {
  return { width: pixels.width, height: pixels.height, read: (rect) => cut(pixels, rect), close: () => {} };
}

/**
 * A decoded image drawn as a picture of `size` under `transform` (an EXIF orientation), read a rectangle at
 * a time through a canvas of that rectangle's size: the whole picture is never copied out at once.
 */
export function imageReader(
  image: ImageBitmap,
  size: { width: number; height: number },
  transform?: Transform,
): PictureReader {
  return {
    ...size,
    read: ({ x, y, width, height }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('2D canvas unavailable');
      context.translate(-x, -y);
      if (transform) context.transform(...transform);
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, width, height).data;
      canvas.width = 0;
      canvas.height = 0;
      return { width, height, data };
    },
    close: () => image.close(),
  };
}

/** Every pixel of a reader, in memory, read a strip at a time. */
export async function readAll(reader: PictureReader): Promise<Pixels> {
  const { width, height } = reader;
  const data = new Uint8ClampedArray(width * height * 4);
  const rows = Math.min(height, stripRows(width));
  for (let top = 0; top < height; top += rows) {
    const strip = await reader.read({ x: 0, y: top, width, height: Math.min(rows, height - top) });
    data.set(strip.data, top * width * 4);
  }
  return { width, height, data };
}
