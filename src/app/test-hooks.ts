/**
 * What the test hooks (`?testHooks=1`) of the editor (src/editor/editor-test-hooks.ts) and of the camera
 * (src/camera/camera-test-hooks.ts) share, the address's test options among them: the one place that
 * reads the `testHooks` flag. Product code may import it; it imports nothing.
 */

/** The test options of a page's address (only with `?testHooks=1`). */
export interface TestOptions {
  /** `?tileLimit=`: full-resolution saves use tiles no longer than this a side. */
  tileLimit?: number;
  /**
   * `?thumbnails=0`: no thumbnails are made. For tests of other things that load many photos (the
   * fixture sweep): each load's set is as much work as a camera effect's apply.
   */
  noThumbnails?: boolean;
  /**
   * `?warmUp=0`: the worker makes no programs ahead (`warm-up.ts`). On a software GPU the warm-up compiles
   * every effect's programs on the CPU, which a flow that uses one effect pays for nothing; the specs about
   * first-apply speed keep it.
   */
  noWarmUp?: boolean;
  /**
   * `?breakEngine=webgpu,webgl2`: those backends' self-tests read back black. Present at all
   * (even empty), it runs the self-test on software renderers too, as the benchmark times it. Read once,
   * when the editor opens: every worker of its session takes it (the engine that replaces one too).
   */
  breakEngine?: string[];
  /**
   * `?decodeDelay=ms`: a chosen photo's decode starts this much later, as a large photo's takes on a slow
   * device (what the worker does meanwhile is then seen).
   */
  decodeDelayMs?: number;
  /** `?recipeQuota=bytes`: the recipe store counts as full past this many bytes (a shrunk quota). */
  recipeQuotaBytes?: number;
}

/** The address's test options, or null without `?testHooks=1` (then the page has no test hooks). */
export function testOptions(search: string): TestOptions | null {
  const params = new URLSearchParams(search);
  if (params.get('testHooks') !== '1') return null;
  // Tiles this small make the full-resolution save tile images of any size.
  const tileLimit = Number(params.get('tileLimit'));
  const decodeDelay = Number(params.get('decodeDelay'));
  const recipeQuota = Number(params.get('recipeQuota'));
  return {
    ...(params.has('recipeQuota') && Number.isInteger(recipeQuota) && recipeQuota >= 0
      ? { recipeQuotaBytes: recipeQuota }
      : {}),
    ...(Number.isInteger(decodeDelay) && decodeDelay > 0 ? { decodeDelayMs: decodeDelay } : {}),
    ...(Number.isInteger(tileLimit) && tileLimit > 0 ? { tileLimit } : {}),
    ...(params.get('thumbnails') === '0' ? { noThumbnails: true } : {}),
    ...(params.get('warmUp') === '0' ? { noWarmUp: true } : {}),
    ...(params.has('breakEngine')
      ? { breakEngine: (params.get('breakEngine') ?? '').split(',').filter(Boolean) }
      : {}),
  };
}

/** An image (a bitmap, or RGBA pixels) as a PNG data URL, the form the pixel hooks hand to tests. */
export function pngDataUrl(image: ImageBitmap | ImageData): string {
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  if (image instanceof ImageData) context?.putImageData(image, 0, 0);
  else context?.drawImage(image, 0, 0);
  return canvas.toDataURL('image/png');
}
