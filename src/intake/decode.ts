/**
 * From a chosen file to an upright ImageBitmap at the processing size: the checks of inspect.ts, then
 * the decode (the browser's own for JPEG, PNG and WebP, libheif in a worker for HEIC/HEIF), with EXIF
 * orientation applied exactly once whatever the browser already does. Runs where createImageBitmap and
 * OffscreenCanvas exist (a window or a worker).
 */
import { decodeHeif } from './heif.ts';
import { inspectFile, type Inspection } from './inspect.ts';
import { DECODE_FAILED_MESSAGE, IntakeError, ORIENTATION_WARNING } from './messages.ts';
import {
  EXIF_SCAN_BYTES,
  orientationTransform,
  orientedSize,
  readOrientation,
  storedSize,
  withExifOrientation,
  type Orientation,
} from './orientation.ts';
import type { AcceptedFormat } from './formats.ts';
import { processingSize, type Size } from './processing-size.ts';

export { IntakeError } from './messages.ts';

export interface DecodedImage {
  bitmap: ImageBitmap;
  format: AcceptedFormat;
  /** The upright size of the full image. */
  original: Size;
  processing: Size;
  /** Shown to the user as a warning: the image loaded, but not as carefully as it should have. */
  warning?: string;
}

export interface DecodeOptions {
  formats: readonly AcceptedFormat[];
}

/** Decodes `file`, or throws IntakeError with the message to show. */
export async function decodeImageFile(
  file: Blob | null | undefined,
  options: DecodeOptions,
): Promise<DecodedImage> {
  const inspection = await inspectFile(file, options.formats);
  try {
    return inspection.format === 'heif' ? await decodeHeifFile(file!) : await decodeNative(file!, inspection);
  } catch (error) {
    if (error instanceof IntakeError) throw error;
    console.warn('Image decode failed:', error);
    throw new IntakeError('undecodable', DECODE_FAILED_MESSAGE);
  }
}

// ---------------------------------------------------------------- the browser's decoders

interface Uprighting {
  orientation: Orientation;
  /** The browser hands the pixels over as stored: we turn them. */
  byHand: boolean;
}

/** The file's EXIF orientation and who applies it; null when it cannot be read (the spec's fallback). */
async function uprighting(inspection: Inspection): Promise<Uprighting | null> {
  if (inspection.format !== 'jpeg') return { orientation: 1, byHand: false };
  try {
    const orientation = await readOrientation(await inspection.reader.read(0, EXIF_SCAN_BYTES));
    return { orientation, byHand: orientation !== 1 && !(await browserAppliesOrientation()) };
  } catch (error) {
    console.warn('EXIF orientation could not be read:', error);
    return null;
  }
}

async function decodeNative(file: Blob, inspection: Inspection): Promise<DecodedImage> {
  const upright = await uprighting(inspection);
  if (!upright) return basicDecode(file, inspection.format);
  const { orientation } = upright;
  const original = orientedSize(inspection.stored, orientation);
  const processing = processingSize(original.width, original.height);
  if (!upright.byHand) {
    return { bitmap: await decodeAt(file, processing), format: inspection.format, original, processing };
  }
  // The browser hands over the pixels as stored: decode at the stored processing size, then turn them.
  const stored = await decodeAt(file, storedSize(processing, orientation));
  try {
    return { bitmap: drawOriented(stored, orientation), format: 'jpeg', original, processing };
  } catch (error) {
    console.warn('EXIF orientation could not be applied:', error);
    const size = { width: stored.width, height: stored.height };
    return {
      bitmap: stored,
      format: 'jpeg',
      original: inspection.stored,
      processing: size,
      warning: ORIENTATION_WARNING,
    };
  }
}

/** The spec's fallback: the file as the browser decodes it, sized, with the warning. */
async function basicDecode(file: Blob, format: AcceptedFormat): Promise<DecodedImage> {
  const full = await createImageBitmap(file);
  const original = { width: full.width, height: full.height };
  const processing = processingSize(original.width, original.height);
  return {
    bitmap: await resized(full, processing),
    format,
    original,
    processing,
    warning: ORIENTATION_WARNING,
  };
}

/** Decodes straight to `size` where the browser can (resize options), else resizes afterwards. */
async function decodeAt(file: Blob, size: Size): Promise<ImageBitmap> {
  const bitmap = await createImageBitmap(file, {
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: 'high',
  });
  return resized(bitmap, size);
}

/** `bitmap` at `size` (closing it when a copy was made). */
async function resized(bitmap: ImageBitmap, size: Size): Promise<ImageBitmap> {
  if (bitmap.width === size.width && bitmap.height === size.height) return bitmap;
  try {
    return await createImageBitmap(bitmap, {
      resizeWidth: size.width,
      resizeHeight: size.height,
      resizeQuality: 'high',
    });
  } finally {
    bitmap.close();
  }
}

function drawOriented(stored: ImageBitmap, orientation: Orientation): ImageBitmap {
  const size = orientedSize({ width: stored.width, height: stored.height }, orientation);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context');
  context.setTransform(...orientationTransform(orientation, { width: stored.width, height: stored.height }));
  context.drawImage(stored, 0, 0);
  stored.close();
  return canvas.transferToImageBitmap();
}

let orientationProbe: Promise<boolean> | null = null;

/**
 * Whether createImageBitmap already turns JPEGs by their EXIF orientation (Chromium does, even with
 * imageOrientation 'none'; older engines did not). Asked once, of a tiny 2x1 JPEG tagged orientation 6:
 * a browser that applies it returns 1x2.
 */
export function browserAppliesOrientation(): Promise<boolean> {
  orientationProbe ??= (async () => {
    const canvas = new OffscreenCanvas(2, 1);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context');
    context.fillStyle = '#808080';
    context.fillRect(0, 0, 2, 1);
    const jpeg = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg' })).arrayBuffer());
    const bitmap = await createImageBitmap(new Blob([withExifOrientation(jpeg, 6)], { type: 'image/jpeg' }));
    const applies = bitmap.width === 1 && bitmap.height === 2;
    bitmap.close();
    return applies;
  })();
  // A failed probe is asked again next time rather than remembered.
  orientationProbe.catch(() => (orientationProbe = null));
  return orientationProbe;
}

// ---------------------------------------------------------------- full size

/**
 * The whole picture, upright and at its own size, for the full-resolution export. It runs in the effect
 * worker, so the main thread keeps only the file and never the decoded pixels. Orientation follows the
 * rules the processing-size decode follows, so both show the same picture.
 */
export async function decodeFullSize(
  file: Blob,
  formats: readonly AcceptedFormat[] = ['jpeg', 'png', 'webp', 'heif'],
): Promise<ImageBitmap> {
  const inspection = await inspectFile(file, formats);
  if (inspection.format === 'heif') {
    const pixels = await decodeHeif(file);
    return createImageBitmap(new ImageData(pixels.data, pixels.width, pixels.height));
  }
  const upright = await uprighting(inspection);
  const bitmap = await createImageBitmap(file);
  return upright?.byHand ? drawOriented(bitmap, upright.orientation) : bitmap;
}

// ---------------------------------------------------------------- HEIC/HEIF

async function decodeHeifFile(file: Blob): Promise<DecodedImage> {
  const pixels = await decodeHeif(file);
  const original = { width: pixels.width, height: pixels.height };
  const processing = processingSize(original.width, original.height);
  const image = new ImageData(pixels.data, pixels.width, pixels.height);
  const bitmap = await createImageBitmap(image, {
    resizeWidth: processing.width,
    resizeHeight: processing.height,
    resizeQuality: 'high',
  });
  return { bitmap: await resized(bitmap, processing), format: 'heif', original, processing };
}

// ---------------------------------------------------------------- preview

/** The landing page's preview: the decoded image re-encoded as JPEG at quality 0.9 (spec section 5). */
export async function previewJpeg(bitmap: ImageBitmap): Promise<Blob> {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context');
  context.drawImage(bitmap, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
}
