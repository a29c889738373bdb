/**
 * One user's whole journey, the same steps in every browser (browsers.ts): a photo chosen on the landing
 * page, Start Editing, every effect at its defaults saved, one applied and saved, the quad-grid collage
 * with the photo applied and saved, and an EXIF-rotated JPEG loaded upright and saved. Returns what was
 * saved; journey.spec.ts decodes and compares it.
 */
import { EFFECTS } from '../../src/effects/index.ts';
import { findPreset } from '../../src/collage/model/presets.ts';
import { readFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RgbaImage } from '../reference/image.ts';
import { psnr } from '../reference/metrics.ts';
import { resize } from '../reference/resize.ts';
import { decodeScreenshot } from '../support/decode.ts';
import { fixturePath } from '../support/images.ts';
import type { Download, EngineBrowser } from './browsers.ts';

export const PHOTO = 'kodak/kodim05.png';
/** EXIF orientation 6: stored 1200 x 1800, shown upright 1800 x 1200 (Landscape_1 is the same, unrotated). */
export const ROTATED = 'exif-orientation/Landscape_6.jpg';
export const UPRIGHT = 'exif-orientation/Landscape_1.jpg';
/** The effect applied (committed) before the collage. */
export const APPLIED = 'pg2016';
export const WORKER_EFFECTS = EFFECTS.filter((effect) => effect.runsOn === 'worker').map(
  (effect) => effect.id,
);

export interface JourneyResult {
  /** The editor's data-engine once the worker was ready. */
  engine: string;
  /** Each effect at its defaults, saved, by effect id. */
  effects: Record<string, Download>;
  /** After Apply of APPLIED. */
  applied: Download;
  collage: Download;
  /** The EXIF-rotated photo, saved. */
  rotated: Download;
  /** With `large`: that photo with Vibrance, saved at the preview's size and at full resolution. */
  large?: { preview: Download; full: Download };
  /** Seconds each part took. */
  seconds: Record<string, number>;
  /** The main canvas as the page showed it within 1 s of each load and apply, by what it showed. */
  shown: Record<string, RgbaImage>;
}

const STEP_TIMEOUT_MS = 90_000;

/** What the editor shows now, for waits and for failure messages. */
const SNAPSHOT = `() => {
  const editor = document.querySelector('[data-testid=editor]');
  const note = document.querySelector('[data-testid=notification]');
  return {
    path: location.pathname,
    status: editor ? editor.getAttribute('data-worker-status') : null,
    engine: editor ? editor.getAttribute('data-engine') : null,
    photoSerial: editor ? Number(editor.getAttribute('data-photo-serial')) : null,
    busy: document.querySelector('[data-testid=processing-overlay]') !== null,
    notification: note ? note.getAttribute('data-kind') + ': ' + note.textContent : null,
  };
}`;

interface Snapshot {
  path: string;
  status: string | null;
  engine: string | null;
  /** How many newly loaded photos have become ready (data-photo-serial). */
  photoSerial: number | null;
  busy: boolean;
  notification: string | null;
}

/** Polls the page until `done` holds for a snapshot; fails with what the page showed last. */
async function waitFor(
  browser: EngineBrowser,
  what: string,
  done: (snapshot: Snapshot) => boolean,
  timeout = STEP_TIMEOUT_MS,
): Promise<Snapshot> {
  const deadline = Date.now() + timeout;
  let last: Snapshot | null = null;
  while (Date.now() < deadline) {
    last = await browser.evaluate<Snapshot>(SNAPSHOT);
    if (last.notification?.startsWith('error'))
      throw new Error(`${browser.name}: ${what}: ${last.notification}`);
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${browser.name}: ${what} did not happen within ${timeout / 1000} s; last ${JSON.stringify(last)}`,
  );
}

/** Polls a page value (a script, as EngineBrowser.evaluate takes it) until `done` holds. */
export async function waitForValue<T>(
  browser: EngineBrowser,
  what: string,
  script: string,
  done: (value: T) => boolean,
  timeout = STEP_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let value: T | undefined;
  while (Date.now() < deadline) {
    value = await browser.evaluate<T>(script);
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${browser.name}: ${what} within ${timeout / 1000} s; last ${JSON.stringify(value)}`);
}

const settled = (s: Snapshot) => s.status === 'ImageReady' && !s.busy;

/** How soon after the status says so the page must show the photo (issue 38). */
const SHOWN_WITHIN_MS = 1000;
/** What the page shows against what Chromium shows at the same step (issue 38). */
export const SHOWN_PSNR = 25;

/**
 * The main canvas shows a picture within SHOWN_WITHIN_MS of the status saying it is ready: screenshots of
 * the page (the composited frame, as the user sees it) until the canvas's part varies as a photo does and,
 * given Chromium's picture of the same step, is within SHOWN_PSNR of it. Firefox on llvmpipe once kept the
 * page from drawing for 20 s while thumbnails ran (and each screenshot waited 10 s for a frame): that fails
 * here. A frame the page had not yet replaced when the first screenshot was taken (WebKit under load showed
 * the last one, with 'Processing' over it, though the page had taken the overlay away) is not a failure if
 * the right picture follows within the time.
 */
async function expectShown(
  browser: EngineBrowser,
  what: string,
  shown: Record<string, RgbaImage>,
  references?: Record<string, RgbaImage>,
): Promise<void> {
  const reference = references?.[what];
  // What is measured is the photo: the notices the steps before left over its top edge are closed first
  // (a slower engine's steps come closer together, so more of them are still up).
  await browser.evaluate(`() => {
    for (const close of document.querySelectorAll('.notification-close')) close.click();
  }`);
  const started = Date.now();
  const rect = await browser.evaluate<{ x: number; y: number; width: number; height: number }>(`() => {
    const r = document.querySelector('[data-testid=main-canvas]').getBoundingClientRect();
    const s = devicePixelRatio;
    return { x: Math.round(r.x * s), y: Math.round(r.y * s), width: Math.round(r.width * s), height: Math.round(r.height * s) };
  }`);
  const seen: string[] = [];
  for (;;) {
    // A screenshot taken (begun) within the time must show it: a page that does not draw holds the
    // screenshot back (10 s in Firefox), and the next one begins too late.
    const taken = Date.now() - started;
    const path = join(tmpdir(), `retrocam-shown-${process.pid}-${Date.now()}.png`);
    await browser.screenshot(path);
    const shot = decodeScreenshot(readFileSync(path));
    unlinkSync(path);
    const spread = greenSpread(shot, rect);
    const picture = cropImage(shot, rect);
    const score = reference ? shownScore(picture, reference) : Infinity;
    seen.push(`${(taken / 1000).toFixed(1)} s: spread ${spread.toFixed(1)}, ${score.toFixed(1)} dB`);
    // Kept for the comparison with Chromium's picture (issue 38): what the page shows, not only saves.
    if (spread > 6) shown[what] = picture;
    if (spread > 6 && score >= SHOWN_PSNR) return;
    if (taken > SHOWN_WITHIN_MS) {
      // The last picture begun within the time stays in `shown`, for the test to say how far off it was.
      if (spread > 6) return;
      throw new Error(
        `${browser.name}: ${what} not on screen within ${SHOWN_WITHIN_MS} ms of ready (${seen.join('; ')})`,
      );
    }
  }
}

/** What the page shows against what Chromium shows at the same step: both at one size (the browsers' layouts differ by a few pixels). */
export function shownScore(mine: RgbaImage, reference: RgbaImage): number {
  const size = { width: 320, height: Math.round((320 * reference.height) / reference.width), mode: 0 };
  return psnr(resize(mine, size), resize(reference, size));
}

/** The part of `image` inside `rect` (clipped to the image). */
function cropImage(
  image: { width: number; height: number; data: ArrayLike<number> },
  rect: { x: number; y: number; width: number; height: number },
): RgbaImage {
  const x0 = Math.max(0, rect.x);
  const y0 = Math.max(0, rect.y);
  const width = Math.max(1, Math.min(image.width, rect.x + rect.width) - x0);
  const height = Math.max(1, Math.min(image.height, rect.y + rect.height) - y0);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let i = 0; i < width * 4; i++)
      data[y * width * 4 + i] = image.data[((y0 + y) * image.width + x0) * 4 + i] ?? 0;
  return { width, height, data };
}

/** Mean absolute deviation of the green channel inside `rect` of `image`: a photo's varies, black does not. */
function greenSpread(
  image: { width: number; height: number; data: ArrayLike<number> },
  rect: { x: number; y: number; width: number; height: number },
): number {
  const values: number[] = [];
  const x1 = Math.min(image.width, rect.x + rect.width);
  const y1 = Math.min(image.height, rect.y + rect.height);
  for (let y = Math.max(0, rect.y); y < y1; y += 5)
    for (let x = Math.max(0, rect.x); x < x1; x += 5)
      values.push(image.data[(y * image.width + x) * 4 + 1] ?? 0);
  if (values.length === 0) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((a, b) => a + Math.abs(b - mean), 0) / values.length;
}

/** Whether the effect button is the selected one. */
const pressed = (effectId: string) =>
  `() => document.querySelector('[data-testid="effect-${effectId}"]')?.getAttribute('aria-pressed') === 'true'`;

/** Mean absolute deviation of the collage canvas's pixels in the middle of a slot: a photo there varies. */
const slotSpread = (x: number, y: number, w: number, h: number) => `() => {
  const canvas = document.querySelector('[data-testid=collage-canvas] canvas');
  const context = canvas && canvas.getContext('2d');
  if (!context) return 0;
  const x0 = Math.round(${x} * canvas.width), y0 = Math.round(${y} * canvas.height);
  const data = context.getImageData(x0, y0, Math.max(1, Math.round(${w} * canvas.width)), Math.max(1, Math.round(${h} * canvas.height))).data;
  let mean = 0;
  for (let i = 0; i < data.length; i += 4) mean += data[i + 1];
  mean /= data.length / 4;
  let spread = 0;
  for (let i = 0; i < data.length; i += 4) spread += Math.abs(data[i + 1] - mean);
  return spread / (data.length / 4);
}`;

/**
 * The journey; with `large` (a path), it ends with that photo (an iPhone's 24 MP, issue 36) loaded, Vibrance
 * chosen, and saved at the preview's size and at full resolution.
 */
export async function runJourney(
  browser: EngineBrowser,
  options: { large?: string; reference?: Record<string, RgbaImage> } = {},
): Promise<JourneyResult> {
  const seconds: Record<string, number> = {};
  const shown: Record<string, RgbaImage> = {};
  let started = Date.now();
  const lap = (name: string) => {
    seconds[name] = (Date.now() - started) / 1000;
    started = Date.now();
  };

  // The landing page: choose the photo, see its preview, start editing.
  await browser.open('/');
  await browser.upload('upload-input', fixturePath(PHOTO));
  await waitForValue<boolean>(
    browser,
    'the landing preview',
    `() => document.querySelector('[data-testid=preview-image]') !== null`,
    Boolean,
  );
  await browser.click('start-editing');
  const ready = await waitFor(browser, 'the photo in the editor', (s) => s.path === '/editor' && settled(s));
  const engine = ready.engine ?? 'none';
  await expectShown(browser, 'the photo', shown, options.reference);
  lap('open');

  // Every effect at its defaults, each saved.
  const effects: Record<string, Download> = {};
  for (const effectId of WORKER_EFFECTS) {
    await browser.click(`effect-${effectId}`);
    await waitForValue<boolean>(browser, `${effectId} selected`, pressed(effectId), Boolean);
    await waitFor(browser, `${effectId} applied`, settled);
    if (effectId === WORKER_EFFECTS[0])
      await expectShown(browser, `the photo with ${effectId}`, shown, options.reference);
    effects[effectId] = await browser.download('save-button');
    await waitFor(browser, `${effectId} saved`, settled);
  }
  lap('effects');

  // One effect applied (committed), then saved.
  await browser.click(`effect-${APPLIED}`);
  await waitForValue<boolean>(browser, `${APPLIED} selected`, pressed(APPLIED), Boolean);
  await waitFor(browser, `${APPLIED} applied`, settled);
  await browser.click('apply-button');
  await waitForValue<boolean>(browser, 'the apply', `() => !(${pressed(APPLIED)})()`, Boolean);
  await waitFor(browser, 'the commit', settled);
  await expectShown(browser, `the photo with ${APPLIED} applied`, shown, options.reference);
  const applied = await browser.download('save-button');
  await waitFor(browser, 'the applied image saved', settled);
  lap('apply');

  // The quad-grid collage with the photo in its first slot, applied as the image, then saved.
  await browser.click('effect-collageEffect');
  await browser.click('collage-preset-quad-grid');
  await waitForValue<string | null>(
    browser,
    'the quad grid',
    `() => document.querySelector('[data-testid=collage-canvas]')?.getAttribute('data-preset') ?? null`,
    (preset) => preset === 'quad-grid',
  );
  const slot = findPreset('quad-grid')?.slots[0];
  if (!slot) throw new Error('quad-grid has no slots');
  await waitForValue<number>(
    browser,
    'the photo in the first slot',
    slotSpread(slot.x + slot.width / 4, slot.y + slot.height / 4, slot.width / 2, slot.height / 2),
    (spread) => spread > 8,
  );
  await browser.click('apply-button');
  await waitForValue<boolean>(
    browser,
    'the collage applied',
    `() => document.querySelector('[data-testid=collage-canvas]') === null`,
    Boolean,
  );
  await waitFor(browser, 'the collage as the image', settled);
  const collage = await browser.download('save-button');
  await waitFor(browser, 'the collage saved', settled);
  lap('collage');

  // An EXIF-rotated JPEG through the editor's own upload: shown and saved upright. Ready means its own
  // photo serial (ImageReady was already set by the collage).
  const serial = (await browser.evaluate<Snapshot>(SNAPSHOT)).photoSerial ?? 0;
  await browser.upload('editor-upload-input', fixturePath(ROTATED));
  await waitForValue<string>(
    browser,
    'the rotated photo loaded at its upright size',
    `() => document.querySelector('[data-testid=save-full-resolution]')?.parentElement?.textContent ?? ''`,
    (text) => text.includes('1800 × 1200'),
  );
  await waitFor(browser, 'the rotated photo ready', (s) => (s.photoSerial ?? 0) > serial && settled(s));
  await expectShown(browser, 'the rotated photo', shown, options.reference);
  const rotated = await browser.download('save-button');
  lap('rotated');

  // The editor opened by its address, a photo through its own upload at once, in a fresh page (issue 38: in Firefox the
  // thumbnails' work kept this one black for 10 to 40 s; the landing page's way hid it).
  await browser.open('/editor');
  await waitFor(browser, 'the editor ready', (s) => s.status === 'WorkerReady');
  await browser.upload('editor-upload-input', fixturePath(PHOTO));
  await waitFor(browser, 'the photo through the upload', settled);
  await expectShown(browser, 'the photo through the upload', shown, options.reference);
  lap('upload');

  if (!options.large) return { engine, effects, applied, collage, rotated, seconds, shown };
  const before = (await browser.evaluate<Snapshot>(SNAPSHOT)).photoSerial ?? 0;
  await browser.upload('editor-upload-input', options.large);
  await waitFor(
    browser,
    'the large photo ready',
    (s) => (s.photoSerial ?? 0) > before && settled(s),
    180_000,
  );
  await browser.click('effect-vibrance');
  await waitForValue<boolean>(browser, 'vibrance selected', pressed('vibrance'), Boolean);
  await waitFor(browser, 'vibrance applied', settled);
  const preview = await browser.download('save-button');
  await waitFor(browser, 'the large photo saved', settled);
  await browser.click('save-full-resolution');
  await waitForValue<boolean>(
    browser,
    'Full resolution checked',
    `() => document.querySelector('[data-testid=save-full-resolution]')?.checked === true`,
    Boolean,
  );
  const full = await browser.download('save-button');
  await waitFor(browser, 'the large photo saved at full resolution', settled, 180_000);
  lap('large');
  return { engine, effects, applied, collage, rotated, large: { preview, full }, seconds, shown };
}
