/**
 * The browser's high-quality downscale, asked only of a source at most twice the size it makes.
 *
 * Asked for 'medium' or 'high', Chromium first builds a mip chain of the whole source: a third of the
 * source's size again, in discardable memory it keeps for up to a minute after the picture is gone (on
 * the renderer's free list until Chromium's periodic purge). Halving with 'low' (bilinear, no mip chain), which at exactly half is
 * the mean of each 2x2 block, makes that chain a level at a time, each level let go as the next is made;
 * the last step is the 'high' resize from at most twice the size, or from the first level with a side of
 * odd length (which has no exact half): its mip chain is then a third of that level, a quarter of the
 * source's pixels or less unless the source's own side is odd. Where the browser's 'low' does not average
 * at half (probed once), it is the one 'high' resize, as before.
 */
import type { Size } from './processing-size.ts';

/**
 * `source` (a file, a picture, pixels) at `to`, from `from`, the size the browser hands it over at
 * (upright where the browser turns it); `own`: `source` is an ImageBitmap to close once used.
 */
export async function downscaled(
  source: ImageBitmapSource,
  from: Size,
  to: Size,
  own = false,
): Promise<ImageBitmap> {
  let current = source;
  let size = from;
  let owned: ImageBitmap | null = own ? (source as ImageBitmap) : null;
  try {
    if (halvable(size, to) && (await halvesByAveraging())) {
      while (halvable(size, to)) {
        size = { width: size.width / 2, height: size.height / 2 };
        const half = await createImageBitmap(current, {
          resizeWidth: size.width,
          resizeHeight: size.height,
          resizeQuality: 'low',
        });
        owned?.close();
        owned = half;
        current = half;
      }
    }
    return await createImageBitmap(current, {
      resizeWidth: to.width,
      resizeHeight: to.height,
      resizeQuality: 'high',
    });
  } finally {
    owned?.close();
  }
}

/**
 * Whether `size` is halved on the way to `to`: at least twice as large, and even on both sides, so that each
 * pixel of the half is the mean of one 2x2 block. A side of odd length has no exact half ('low' to its half
 * rounded samples the source a little more or less often than every second pixel, so that the middle of
 * the picture falls on single pixels): from there the rest is the 'high' resize, an area mean at any ratio.
 */
function halvable(size: Size, to: Size): boolean {
  return (
    size.width >= 2 * to.width &&
    size.height >= 2 * to.height &&
    size.width % 2 === 0 &&
    size.height % 2 === 0
  );
}

let averaging: Promise<boolean> | null = null;

/**
 * Whether this browser's 'low' resize to exactly half averages each 2x2 block: a 4x2 picture of black and
 * white columns halved must come out grey, not black or white. Asked once; no answer is no.
 */
export function halvesByAveraging(): Promise<boolean> {
  averaging ??= (async () => {
    try {
      const stripes = new Uint8ClampedArray(4 * 2 * 4);
      for (let i = 0; i < 8; i++) stripes.set(i % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255], i * 4);
      const half = await createImageBitmap(new ImageData(stripes, 4, 2), {
        resizeWidth: 2,
        resizeHeight: 1,
        resizeQuality: 'low',
      });
      const canvas = new OffscreenCanvas(2, 1);
      const context = canvas.getContext('2d');
      if (!context) return false;
      context.drawImage(half, 0, 0);
      half.close();
      const { data } = context.getImageData(0, 0, 2, 1);
      return [data[0] ?? 0, data[4] ?? 0].every((value) => Math.abs(value - 128) <= 24);
    } catch {
      return false;
    }
  })();
  return averaging;
}
