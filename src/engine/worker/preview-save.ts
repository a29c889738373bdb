// The preview-size save: the edit on screen as a JPEG, its long side at the message's `exportLongSide`.
// The engine scales it (the smooth resize), not the browser's canvas, whose filters differ from browser
// to browser: a look saves the same everywhere.
import { tagSrgb } from '../../colour/srgb-jpeg.ts';
import type { Backend, GpuTexture } from '../backend.ts';
import type { ImageDataMessage, RequestImageDataMessage } from '../protocol.ts';
import type { StageRunner } from '../runner.ts';
import { RESIZE_SMOOTH } from '../../pipeline/stages/resize/stage.ts';

/** The picture on screen (in its frame, if any) scaled to the save's size and encoded. */
export async function previewJpeg(
  backend: Backend,
  runner: StageRunner,
  current: GpuTexture,
  message: RequestImageDataMessage,
): Promise<Omit<ImageDataMessage, 'type' | 'id'>> {
  const size = exportSize(current, message.exportLongSide);
  const scaled =
    size.width === current.width && size.height === current.height
      ? null
      : await backend.validate(() =>
          runner.run(current, [{ stage: 'resize', params: { ...size, mode: RESIZE_SMOOTH } }]),
        );
  let pixels: Uint8Array<ArrayBuffer>;
  try {
    pixels = await backend.readPixels(scaled ?? current);
  } finally {
    if (scaled) runner.pool.release(scaled);
  }
  const image = new ImageData(new Uint8ClampedArray(pixels.buffer), size.width, size.height);
  const blob = await encodeJpeg(image, message.quality);
  return { format: 'image/jpeg', blob, ...size };
}

/** The size a save gets: the long side at `longSide` (when given), the aspect ratio kept. */
export function exportSize(image: { width: number; height: number }, longSide?: number) {
  if (!longSide || longSide === Math.max(image.width, image.height))
    return { width: image.width, height: image.height };
  const scale = longSide / Math.max(image.width, image.height);
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

async function encodeJpeg(image: ImageData, quality: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas unavailable');
  context.putImageData(image, 0, 0);
  // Tagged sRGB, so that every viewer shows the colours made here.
  return tagSrgb(await canvas.convertToBlob({ type: 'image/jpeg', quality }));
}
