import { msg } from '../i18n/msg.ts';

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

/**
 * A phone (or tablet): a mobile browser by its user agent (iOS, Android, 'Mobi'), or a touch screen as the
 * main pointer. There saving offers the share sheet; a desktop downloads.
 */
export function isPhone(userAgent: string, maxTouchPoints: number, coarsePointer: boolean): boolean {
  return isIos(userAgent, maxTouchPoints) || /\bAndroid\b|Mobi/i.test(userAgent) || coarsePointer;
}

function coarsePointer(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

/** A phone that can share files: its saves (and a batch's photos) go to the share sheet. */
export function savesThroughShareSheet(): boolean {
  return isPhone(navigator.userAgent, navigator.maxTouchPoints, coarsePointer()) && canShareFiles();
}

/** Whether this browser can share a JPEG file through the system's share sheet. */
export function canShareFiles(): boolean {
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([], 'photo.jpg', { type: 'image/jpeg' })] });
  } catch {
    return false;
  }
}

export const IOS_SAVE_MESSAGE = msg('Image ready in new tab. Long-press to save to Photos.');
export const IOS_MESSAGE_DURATION_MS = 8000;

export const SAVE_TAB_BLOCKED = msg(
  'Failed to open image: the browser blocked the new tab. Allow pop-ups for this site, then save again.',
);

/**
 * Where a save goes: the share sheet on a phone that can share files; else, on iOS, which cannot
 * download a blob, a new tab, opened inside the click; else 'download'. 'blocked' when iOS refused the tab
 * (pop-ups blocked).
 */
export function openSaveTarget(): Window | 'share' | 'download' | 'blocked' {
  const { userAgent, maxTouchPoints } = navigator;
  if (savesThroughShareSheet()) return 'share';
  if (!isIos(userAgent, maxTouchPoints)) return 'download';
  return window.open('', '_blank') ?? 'blocked';
}
