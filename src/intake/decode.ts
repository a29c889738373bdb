/**
 * From a chosen file to an upright ImageBitmap at the processing size: the checks of inspect.ts, then
 * the decode (the browser's own for JPEG, PNG and WebP, libheif in a worker for HEIC/HEIF), with EXIF
 * orientation applied exactly once whatever the browser already does. Runs where createImageBitmap and
 * OffscreenCanvas exist (a window or a worker).
 */
import { decodeHeif } from './heif.ts';
import { imageReader, pixelsReader, type PictureReader } from '../pixels/strips.ts';
import { inspectFile, type Inspection } from './inspect.ts';
import { DECODE_FAILED_MESSAGE, IntakeError, ORIENTATION_WARNING } from './messages.ts';
import {
  EXIF_SCAN_BYTES,
  orientationTransform,
  orientedSize,
  readOrientation,
  storedSize,
  withExifOrientation,
  withPngOrientation,
  withWebpOrientation,
  type Orientation,
} from './orientation.ts';
import { pngOrientation, webpOrientation } from './metadata-orientation.ts';
import { readTakenDay } from '../metadata/exif-dates.ts';
import type { AcceptedFormat } from './formats.ts';
import { processingSize, type Size } from '../pixels/processing-size.ts';
import { downscaled } from '../pixels/downscale.ts';

export { IntakeError } from './messages.ts';

export interface DecodedImage {
  bitmap: ImageBitmap;
  format: AcceptedFormat;
  /** The upright size of the full image. */
  original: Size;
  processing: Size;
  /** Shown to the user as a warning: the image loaded, but not as carefully as it should have. */
  warning?: string;
  /** The day the photo was taken (`YYYY-MM-DD`, EXIF DateTimeOriginal), where a JPEG says. */
  taken?: string;
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
    if (inspection.format === 'heif') return await decodeHeifFile(file!);
    const decoded = await decodeNative(file!, inspection);
    const taken =
      inspection.format === 'jpeg'
        ? await readTakenDay(await inspection.reader.read(0, EXIF_SCAN_BYTES))
        : null;
    return taken ? { ...decoded, taken } : decoded;
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

/**
 * The file's orientation and who applies it; null when a JPEG's cannot be read (the spec's fallback). A
 * JPEG is turned by hand where the browser does not turn it (the spec: EXIF orientation is corrected). A
 * PNG's eXIf and a WebP's EXIF are followed exactly as the browser follows them, so that the picture has
 * the shape the browser itself shows in an <img>: Chromium and Firefox turn a PNG, WebKit does not.
 */
async function uprighting(inspection: Inspection): Promise<Uprighting | null> {
  const { format, reader } = inspection;
  if (format === 'heif') return { orientation: 1, byHand: false };
  try {
    if (format === 'jpeg') {
      const orientation = await readOrientation(await reader.read(0, EXIF_SCAN_BYTES));
      return { orientation, byHand: orientation !== 1 && !(await browserAppliesOrientation('jpeg')) };
    }
    const orientation = format === 'png' ? await pngOrientation(reader) : await webpOrientation(reader);
    if (orientation === 1 || !(await browserAppliesOrientation(format)))
      return { orientation: 1, byHand: false };
    return { orientation, byHand: false };
  } catch (error) {
    console.warn('EXIF orientation could not be read:', error);
    return format === 'jpeg' ? null : { orientation: 1, byHand: false };
  }
}

async function decodeNative(file: Blob, inspection: Inspection): Promise<DecodedImage> {
  const upright = await uprighting(inspection);
  if (!upright) return basicDecode(file, inspection.format);
  const { orientation } = upright;
  const original = orientedSize(inspection.stored, orientation);
  const processing = processingSize(original.width, original.height);
  if (!upright.byHand) {
    const bitmap = await decodeAt(file, original, processing);
    return { bitmap, format: inspection.format, original, processing };
  }
  // The browser hands over the pixels as stored: decode at the stored processing size, then turn them.
  const stored = await decodeAt(file, inspection.stored, storedSize(processing, orientation));
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

/**
 * Decodes `file`, handed over at `from`, straight to `size` where the browser can (resize options), else
 * resizes afterwards.
 */
async function decodeAt(file: Blob, from: Size, size: Size): Promise<ImageBitmap> {
  return resized(await downscaled(file, from, size), size);
}

/** `bitmap` at `size` (closing it when a copy was made). */
async function resized(bitmap: ImageBitmap, size: Size): Promise<ImageBitmap> {
  if (bitmap.width === size.width && bitmap.height === size.height) return bitmap;
  return downscaled(bitmap, { width: bitmap.width, height: bitmap.height }, size, true);
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

const orientationProbes = new Map<'jpeg' | 'png' | 'webp', Promise<boolean>>();

/** A 2x1 image of the format tagged orientation 6, made by a canvas; null where the browser cannot encode it. */
async function probeImage(format: 'jpeg' | 'png' | 'webp'): Promise<Blob | null> {
  const canvas = new OffscreenCanvas(2, 1);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context');
  context.fillStyle = '#808080';
  context.fillRect(0, 0, 2, 1);
  const type = `image/${format}`;
  const encoded = await canvas.convertToBlob({ type });
  // A browser that cannot encode the format hands back a PNG.
  if (encoded.type !== type) return null;
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const tagged =
    format === 'jpeg'
      ? withExifOrientation(bytes, 6)
      : format === 'png'
        ? withPngOrientation(bytes, 6)
        : withWebpOrientation(bytes, { width: 2, height: 1 }, 6);
  return new Blob([tagged], { type });
}

/**
 * Whether createImageBitmap (and so an <img>) turns images of this format by their EXIF orientation
 * (Chromium does for JPEG even with imageOrientation 'none'; older engines did not; PNG's eXIf and WebP's
 * EXIF vary by browser). Asked once per format, of a tiny 2x1 image tagged orientation 6: a browser that
 * applies it returns 1x2. A probe the browser cannot make or read says no.
 */
export function browserAppliesOrientation(format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<boolean> {
  let probe = orientationProbes.get(format);
  if (!probe) {
    probe = (async () => {
      const image = await probeImage(format);
      if (!image) return false;
      const bitmap = await createImageBitmap(image).catch(() => null);
      if (!bitmap) return false;
      const applies = bitmap.width === 1 && bitmap.height === 2;
      bitmap.close();
      return applies;
    })();
    orientationProbes.set(format, probe);
    // A failed probe is asked again next time rather than remembered.
    probe.catch(() => orientationProbes.delete(format));
  }
  return probe;
}

// ---------------------------------------------------------------- full size

/**
 * The original for the full-resolution export, decoded only as a step needs it: its upright
 * size from the file's header; `pixels()`, the whole picture upright at its own size, in memory, read
 * through strip canvases (never a canvas of the whole photo); `atProcessingSize()`, the picture at the
 * preview's processing size, decoded exactly as the preview's was, for a camera that runs at that size
 * (then the full-size pixels are never made). It runs in the effect worker, so the main thread keeps
 * only the file. Orientation follows the rules the processing-size decode follows.
 */
export interface FullSizeOriginal {
  width: number;
  height: number;
  open(): Promise<PictureReader>;
  atProcessingSize(): Promise<ImageBitmap>;
  /**
   * The whole picture, upright, decoded at `size` and read a part at a time (a crop's preview reads only
   * its region so); at the full size, the same as `open`.
   */
  openAt(size: Size): Promise<PictureReader>;
}

export async function openFullSize(
  file: Blob,
  formats: readonly AcceptedFormat[] = ['jpeg', 'png', 'webp', 'heif'],
): Promise<FullSizeOriginal> {
  const inspection = await inspectFile(file, formats);
  if (inspection.format === 'heif') {
    // libheif decodes the whole picture in any case.
    const pixels = await decodeHeif(file);
    return {
      width: pixels.width,
      height: pixels.height,
      open: () => Promise.resolve(pixelsReader(pixels)),
      atProcessingSize: async () => (await decodeHeifFile(file)).bitmap,
      openAt: async (size) => {
        if (size.width === pixels.width && size.height === pixels.height) return pixelsReader(pixels);
        const image = new ImageData(pixels.data, pixels.width, pixels.height);
        return imageReader(await downscaled(image, pixels, size), size);
      },
    };
  }
  const upright = await uprighting(inspection);
  const atProcessingSize = async () => (await decodeNative(file, inspection)).bitmap;
  if (!upright) {
    // Its orientation unread, only the decode says which way up the browser hands it over.
    const reader = await fullReader(file, null);
    return {
      width: reader.width,
      height: reader.height,
      open: () => Promise.resolve(reader),
      atProcessingSize,
      openAt: async (size) =>
        size.width === reader.width && size.height === reader.height
          ? reader
          : imageReader(await decodeAt(file, reader, size), size),
    };
  }
  const size = orientedSize(inspection.stored, upright.orientation);
  const open = async () => {
    const reader = await fullReader(file, upright);
    if (reader.width !== size.width || reader.height !== size.height) {
      reader.close();
      throw new Error(
        `The photo decoded at ${reader.width}x${reader.height}, not the ${size.width}x${size.height} its header says`,
      );
    }
    return reader;
  };
  return {
    ...size,
    atProcessingSize,
    open,
    openAt: async (at) => {
      if (at.width === size.width && at.height === size.height) return open();
      if (!upright.byHand) return imageReader(await decodeAt(file, size, at), at);
      // Turned as it is read, a part at a time: no canvas of the whole picture.
      const stored = await decodeAt(file, inspection.stored, storedSize(at, upright.orientation));
      const storedDims = { width: stored.width, height: stored.height };
      return imageReader(stored, at, orientationTransform(upright.orientation, storedDims));
    },
  };
}

/** The whole picture, upright, as the browser decodes it, read through canvases of a part's size. */
async function fullReader(file: Blob, upright: Uprighting | null): Promise<PictureReader> {
  const bitmap = await createImageBitmap(file);
  const decoded = { width: bitmap.width, height: bitmap.height };
  if (!upright?.byHand) return imageReader(bitmap, decoded);
  const transform = orientationTransform(upright.orientation, decoded);
  return imageReader(bitmap, orientedSize(decoded, upright.orientation), transform);
}

// ---------------------------------------------------------------- HEIC/HEIF

async function decodeHeifFile(file: Blob): Promise<DecodedImage> {
  const pixels = await decodeHeif(file);
  const original = { width: pixels.width, height: pixels.height };
  const processing = processingSize(original.width, original.height);
  const image = new ImageData(pixels.data, pixels.width, pixels.height);
  const bitmap = await downscaled(image, original, processing);
  return { bitmap: await resized(bitmap, processing), format: 'heif', original, processing };
}
