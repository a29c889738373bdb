/** Spec sections 5 and 9: the size a saved image gets. */
export const EXPORT_LONG_SIDE = 1080;

/**
 * The export scale factor: the larger of target width / canvas width and target height / canvas height,
 * at least 1; 1 when the canvas size is unknown. The target keeps the canvas's aspect ratio with its
 * longest side at 1080 px.
 */
export function exportScaleFactor(width: number | null, height: number | null): number {
  if (!width || !height || width <= 0 || height <= 0) return 1;
  const scale = EXPORT_LONG_SIDE / Math.max(width, height);
  const targetWidth = width * scale;
  const targetHeight = height * scale;
  return Math.max(1, targetWidth / width, targetHeight / height);
}

/** The long side the saved image gets. */
export function exportLongSide(width: number | null, height: number | null): number | undefined {
  if (!width || !height) return undefined;
  return Math.round(Math.max(width, height) * exportScaleFactor(width, height));
}

/** iPhone, iPad and iPod browsers (iPadOS reports itself as a Mac with touch). */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export const IOS_SAVE_MESSAGE = 'Image ready in new tab. Long-press to save to Photos.';
export const IOS_MESSAGE_DURATION_MS = 8000;

export const SAVE_TAB_BLOCKED =
  'Failed to open image: the browser blocked the new tab. Allow pop-ups for this site, then save again.';

/**
 * Where a save goes on iOS, which cannot download a blob: a new tab, opened inside the click. Elsewhere
 * 'download'. 'blocked' when iOS refused the tab (pop-ups blocked).
 */
export function openSaveTab(): Window | 'download' | 'blocked' {
  if (!isIos(navigator.userAgent, navigator.maxTouchPoints)) return 'download';
  return window.open('', '_blank') ?? 'blocked';
}
