/**
 * Decoding a chosen file into an ImageBitmap at the processing size. Issue-level intake (format sniffing,
 * EXIF, HEIC, limits) builds on this.
 */
import { processingSize, type Size } from './processing-size.ts';

export interface DecodedImage {
  bitmap: ImageBitmap;
  original: Size;
  processing: Size;
}

export class ImageDecodeError extends Error {}

export async function decodeImageFile(file: Blob): Promise<DecodedImage> {
  let full: ImageBitmap;
  try {
    full = await createImageBitmap(file);
  } catch (error) {
    throw new ImageDecodeError(error instanceof Error ? error.message : String(error));
  }
  const original = { width: full.width, height: full.height };
  const processing = processingSize(original.width, original.height);
  if (processing.width === original.width && processing.height === original.height) {
    return { bitmap: full, original, processing };
  }
  try {
    const bitmap = await createImageBitmap(full, {
      resizeWidth: processing.width,
      resizeHeight: processing.height,
      resizeQuality: 'high',
    });
    return { bitmap, original, processing };
  } finally {
    full.close();
  }
}
