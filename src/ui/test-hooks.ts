/**
 * What the test hooks (`?testHooks=1`) of the editor (src/editor/editor-test-hooks.ts) and of the camera
 * (src/camera/camera-test-hooks.ts) share, the address's test options among them: the one place that
 * reads the `testHooks` flag. The hooks and the options they enable exist only where tests run, on a
 * loopback host (127.0.0.1, localhost, [::1]): anywhere else a link carrying them changes nothing, so no
 * one can send a user a link that hangs a save, stalls loads or fails every save. Each option is held to a
 * range a test needs. Product code may import it; it imports nothing.
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
  /** `?workerTimeout=ms`: the worker's watchdog waits this long for a reply (20 s without it). */
  workerTimeoutMs?: number;
}

/** The ranges the options are held to: a tile of at least 64 px a side, waits of at most a minute. */
export const TEST_OPTION_RANGES = {
  tileLimit: { min: 64, max: 16384 },
  decodeDelay: { min: 1, max: 60_000 },
  recipeQuota: { min: 0, max: 1024 * 1024 * 1024 },
  workerTimeout: { min: 500, max: 120_000 },
} as const;

/** Whether `hostname` (a URL's, `location.hostname`) names this machine: where the tests serve the app. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** The option `name` as a whole number within its range (a value outside it is brought to its edge). */
function intOption(params: URLSearchParams, name: keyof typeof TEST_OPTION_RANGES): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) return undefined;
  const { min, max } = TEST_OPTION_RANGES[name];
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** The page's own host name (none outside a page: a worker or Node without `location`). */
function pageHost(): string {
  return typeof location === 'undefined' ? '' : location.hostname;
}

/**
 * The address's test options, or null without `?testHooks=1` or on a host that is not loopback (then the
 * page has no test hooks). `hostname` is the page's unless given (tests).
 */
export function testOptions(search: string, hostname: string = pageHost()): TestOptions | null {
  const params = new URLSearchParams(search);
  if (params.get('testHooks') !== '1' || !isLoopbackHost(hostname)) return null;
  // Tiles this small make the full-resolution save tile images of any size.
  const tileLimit = intOption(params, 'tileLimit');
  const decodeDelay = intOption(params, 'decodeDelay');
  const recipeQuota = intOption(params, 'recipeQuota');
  const workerTimeout = intOption(params, 'workerTimeout');
  return {
    ...(recipeQuota !== undefined ? { recipeQuotaBytes: recipeQuota } : {}),
    ...(decodeDelay !== undefined ? { decodeDelayMs: decodeDelay } : {}),
    ...(tileLimit !== undefined ? { tileLimit } : {}),
    ...(workerTimeout !== undefined ? { workerTimeoutMs: workerTimeout } : {}),
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
