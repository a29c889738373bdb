// Page objects: how the end-to-end specs drive the app, written once. The specs get them as fixtures
// (fixtures.ts); a helper that has only the page makes its own (they hold no state of their own).
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { RgbaImage } from '../reference/image.ts';
import { psnr } from '../reference/metrics.ts';
import { decodeInBrowser, decodeScreenshot } from './decode.ts';
import { fixturePath } from './images.ts';
import { decodePng } from './png.ts';

/** What a file input takes: paths, or files made in the test. */
export type Files = Parameters<Locator['setInputFiles']>[0];

/** A path (absolute, or relative to tests/fixtures), or a file made in the test. */
export type FixtureFile = string | { name: string; mimeType: string; buffer: Buffer };

function resolveFile(file: FixtureFile): Files {
  return typeof file === 'string' ? fixturePath(file) : file;
}

/** What every page has: the notification banner. */
class AppPage {
  readonly notification: Locator;

  constructor(readonly page: Page) {
    this.notification = page.getByTestId('notification');
  }

  /** Waits for a notification of this kind, returns its text and how long it took, then closes it. */
  async takeNotification(kind: string, timeout = 5000): Promise<{ text: string; elapsed: number }> {
    const started = Date.now();
    await expect(this.notification).toHaveAttribute('data-kind', kind, { timeout });
    const elapsed = Date.now() - started;
    const text = (await this.notification.locator('.notification-message').textContent()) ?? '';
    await this.closeNotification();
    return { text, elapsed };
  }

  /**
   * Closes the notifications, if they are still there: a notification closes itself after 5 s, which a
   * step before this one (a save decoded in the page) can outlast on a busy machine; an error stays.
   */
  async closeNotification(): Promise<void> {
    // Notices stack (the newest on top): each is closed, the errors too, which stay until closed.
    const close = this.notification.getByRole('button', { name: 'Close notification' });
    for (let i = 0; i < 10 && (await close.isVisible()); i++)
      await close.click({ timeout: 2000 }).catch(() => undefined);
    await expect(this.notification).toHaveCount(0);
  }
}

/** The landing page: the upload box and its preview. */
export class LandingPage extends AppPage {
  readonly input: Locator;

  constructor(page: Page) {
    super(page);
    this.input = page.getByTestId('upload-input');
  }

  async open(query = ''): Promise<void> {
    await this.page.goto(`/${query ? `?${query}` : ''}`);
  }

  /** Chooses a file (a fixture path, or a file made in the test) in the upload box. */
  async choose(file: FixtureFile): Promise<void> {
    await this.input.setInputFiles(resolveFile(file));
  }
}

/** The collage panel inside the editor. */
export class CollagePanel {
  readonly canvas: Locator;

  constructor(readonly page: Page) {
    this.canvas = page.getByTestId('collage-canvas');
  }

  /** Chooses the Collage effect and waits until its canvas holds the processed image. */
  async open(): Promise<void> {
    await this.page.getByTestId('effect-collageEffect').click();
    await expect(this.canvas).toHaveAttribute('aria-busy', 'false');
    await expect(this.page.getByTestId('main-canvas')).toBeHidden();
    // The processed image arrives from the worker as the main asset.
    await expect(this.page.getByTestId('collage-asset-main-processed-image')).toBeVisible();
  }

  async addPhotos(files: Files): Promise<void> {
    await this.page.getByTestId('collage-image-input').setInputFiles(files);
  }

  async setBackground(file: Files): Promise<void> {
    await this.page.getByTestId('collage-background-input').setInputFiles(file);
  }
}

/** The editor: its engine, the photo, effects and settings, the canvas and Save. */
export class EditorPage extends AppPage {
  /** The editor's root, which carries data-worker-status, data-engine and data-photo-serial. */
  readonly root: Locator;
  readonly canvas: Locator;
  readonly uploadInput: Locator;
  readonly collage: CollagePanel;

  constructor(page: Page) {
    super(page);
    this.root = page.getByTestId('editor');
    this.canvas = page.getByTestId('main-canvas');
    this.uploadInput = page.getByTestId('editor-upload-input');
    this.collage = new CollagePanel(page);
  }

  /**
   * Opens /editor on a backend (with extra query options) and waits for the worker. Without thumbnails
   * and without the warm-up (the programs of every effect made ahead) unless asked
   * (`{ thumbnails: true }`): on two cores the set costs as much as a camera apply after every load, and
   * the warm-up some 3.5 s of CPU per page, together a fifth of a flow's time. Only the specs about what
   * the user sees of the panel (thumbnails, layout), the landing-page and engine journeys, and the pages
   * opened by address (a11y, offline, links) need them; they keep them.
   */
  async open(engine: EngineKind, query = '', { thumbnails = false } = {}): Promise<Locator> {
    const options = new URLSearchParams(query);
    if (!thumbnails && !options.has('thumbnails')) {
      options.set('testHooks', '1');
      options.set('thumbnails', '0');
      if (!options.has('warmUp')) options.set('warmUp', '0');
    }
    const rest = options.toString();
    await this.page.goto(`/editor?engine=${engine}${rest ? `&${rest}` : ''}`);
    await this.expectStatus('WorkerReady');
    await expect(this.root).toHaveAttribute('data-engine', engine);
    return this.root;
  }

  async expectStatus(status: string, options?: { timeout?: number }): Promise<void> {
    await expect(this.root).toHaveAttribute('data-worker-status', status, options);
  }

  /** Chooses files through the editor's upload (a fixture path, or a file made in the test). */
  async upload(file: FixtureFile): Promise<void> {
    await this.uploadInput.setInputFiles(resolveFile(file));
  }

  /**
   * Loads a fixture (or a file made in the test) through the editor's upload and waits until that photo is
   * ready (its photo serial, not only ImageReady: see loadWith).
   */
  async load(file: FixtureFile, options?: { timeout?: number }): Promise<void> {
    await this.loadWith(() => this.upload(file), options);
  }

  /**
   * The photo serial (`data-photo-serial`): how many newly loaded photos have become ready in this editor.
   * It grows by one with each, so a test can wait for its own photo.
   */
  async photoSerial(): Promise<number> {
    const value = await this.root.getAttribute('data-photo-serial');
    if (value === null || !/^\d+$/.test(value)) throw new Error(`No photo serial on the editor: ${value}`);
    return Number(value);
  }

  /**
   * Runs `action` (an upload, a drop, a paste, a camera shot) and waits until the photo it brings is ready:
   * the photo serial grew past its value before the action, and the status is ImageReady. ImageReady alone
   * proves nothing once a photo is loaded: the previous photo had set it, and checks made right after ran
   * on that one.
   */
  async loadWith(action: () => Promise<unknown>, options?: { timeout?: number }): Promise<void> {
    const before = await this.photoSerial();
    await action();
    await this.photoReadyAfter(before, options);
  }

  /** Waits until a photo newer than serial `before` is ready (the serial only grows), and ImageReady. */
  async photoReadyAfter(before: number, options?: { timeout?: number }): Promise<void> {
    await expect(this.root).not.toHaveAttribute('data-photo-serial', String(before), options);
    expect(await this.photoSerial(), 'the photo serial').toBeGreaterThan(before);
    await this.expectStatus('ImageReady', options);
  }

  /**
   * Waits until the worker has settled after a change (no apply pending or running). With an effect id,
   * first until that effect is the one on screen (`data-applied-effect`): a click on an effect starts its
   * apply a moment later, and the status alone does not tell 'not yet started' from 'done'.
   */
  async settled(effectId?: string): Promise<void> {
    if (effectId) await expect(this.root).toHaveAttribute('data-applied-effect', effectId);
    await expect(this.page.getByTestId('processing-overlay')).toHaveCount(0);
    await this.expectStatus('ImageReady');
  }

  /**
   * Waits until the editor has no work pending (the test hooks' `idle`, `?testHooks=1`): no request waits
   * for the worker, nothing is busy or being saved. Where a test checks that nothing more happens.
   */
  async idle(): Promise<{ status: string; requests: number; frames: number }> {
    const report = await this.page.evaluate(() => window.__retrocam?.idle() ?? null);
    if (!report) throw new Error('The editor has no test hooks: open it with ?testHooks=1');
    return report;
  }

  /** Opens the panel's Settings (the effect engine's choice is there). */
  async openSettings(): Promise<void> {
    const settings = this.page.getByTestId('editor-settings');
    if ((await settings.getAttribute('open')) === null) await settings.locator('summary').click();
  }

  effectButton(effectId: string): Locator {
    return this.page.getByTestId(`effect-${effectId}`);
  }

  setting(name: string): Locator {
    return this.page.getByTestId(`setting-${name}`);
  }

  async chooseEffect(effectId: string): Promise<void> {
    await this.effectButton(effectId).click();
  }

  /** Types a value into a setting and presses Enter, as a keyboard user does. */
  async typeSetting(name: string, value: string): Promise<void> {
    const setting = this.setting(name);
    await setting.fill(value);
    await setting.press('Enter');
  }

  /** Clicks Save and returns the decoded download. */
  async save(): Promise<Awaited<ReturnType<typeof decodeInBrowser>> & { name: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId('save-button').click(),
    ]);
    const decoded = await decodeInBrowser(this.page, readFileSync(await download.path()));
    return { ...decoded, name: download.suggestedFilename() };
  }

  /**
   * One element screenshot of the main canvas, decoded in Node (decodeScreenshot). In headless Chromium
   * the worker's new frame reaches the screen only once the page draws a frame of its own: without one
   * the Compare test saw the photo before CCD for a second and more after the apply. So the capture waits
   * for two animation frames of the page first.
   */
  private async capture(): Promise<RgbaImage> {
    await this.page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    return decodeScreenshot(await this.canvas.screenshot());
  }

  /**
   * What the main canvas shows once it holds still, as pixels. The worker reports ImageReady when it has
   * drawn its frame; the page shows that frame a little later, later still on a busy machine. So captures
   * repeat until two in a row agree.
   */
  async pixels(): Promise<RgbaImage> {
    let last = await this.capture();
    for (let i = 0; i < 20; i++) {
      await this.page.waitForTimeout(100);
      const next = await this.capture();
      if (psnrOrNone(last, next) > 60) return next;
      last = next;
    }
    return last;
  }

  /**
   * What the worker's canvas holds, read from the worker itself (needs `?testHooks=1`): no screenshot, so
   * nothing of the page's own drawing of the frame (a canvas resized a moment before its new frame shows).
   */
  async workerPixels(): Promise<RgbaImage> {
    const url = await this.page.evaluate(() => window.__retrocam?.pixels() ?? null);
    if (!url) throw new Error('The editor has no image, or was not opened with testHooks=1');
    return decodePng(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'));
  }

  /**
   * Expects the main canvas to come to show `expected` (PSNR above `minDb`) within `timeout`: after a
   * worker restart or a context loss the canvas may hold nothing for a moment before the restored frame
   * arrives.
   */
  async expectShowing(expected: RgbaImage, minDb: number, timeout = 15_000): Promise<void> {
    await expect
      .poll(async () => psnrOrNone(expected, await this.capture()), { timeout })
      .toBeGreaterThan(minDb);
  }
}

/** The recipes, in the panel while no effect is chosen. */
export class RecipesPanel {
  readonly saveButton: Locator;
  readonly importInput: Locator;

  constructor(readonly page: Page) {
    this.saveButton = page.getByTestId('recipe-save');
    this.importInput = page.getByTestId('recipe-import-input');
  }

  /** A recipe's tile (a tap applies it). */
  recipe(name: string): Locator {
    return this.page.locator(`[data-testid="recipe"][data-recipe-name="${name.replaceAll('"', '\\"')}"]`);
  }

  /** A recipe's item: its tile and its menu. */
  item(name: string): Locator {
    return this.page.locator('.recipe-item').filter({ has: this.recipe(name) });
  }

  /** Saves the edit on screen as a recipe named `name`. */
  async save(name: string): Promise<void> {
    await this.saveButton.click();
    await this.page.getByTestId('recipe-name').fill(name);
    await this.page.getByTestId('recipe-save-confirm').click();
    await expect(this.recipe(name).first()).toBeVisible();
  }

  async openMenu(name: string): Promise<void> {
    const button = this.item(name).getByTestId('recipe-menu');
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }

  /** Exports a recipe: the downloaded file's name and text. */
  async export(name: string): Promise<{ name: string; text: string }> {
    await this.openMenu(name);
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.item(name).getByTestId('recipe-export').click(),
    ]);
    return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
  }

  async import(files: Files): Promise<void> {
    await this.importInput.setInputFiles(files);
  }
}

/** PSNR of two captures, or -Infinity where their sizes differ (a canvas not yet drawn at its size). */
function psnrOrNone(a: RgbaImage, b: RgbaImage): number {
  return a.width === b.width && a.height === b.height ? psnr(a, b) : -Infinity;
}

/** The crop tool (issue 37), over the editor: opened by the action bar's Crop & Rotate or the `r` key. */
export class CropToolPage {
  readonly root: Locator;
  readonly frame: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Crop and rotate' });
    this.frame = page.getByTestId('crop-frame');
  }

  async open(): Promise<void> {
    await this.page.getByTestId('crop-button').click();
    await expect(this.frame).toBeVisible();
  }

  /** A control by its test id's tail: 'done', 'cancel', 'aspect-4-5', 'rotate-right', 'straighten'. */
  control(name: string): Locator {
    return this.page.getByTestId(`crop-${name}`);
  }

  handle(name: 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w'): Locator {
    return this.frame.locator(`[data-handle="${name}"]`);
  }

  /** The frame in the photo's pixels, as its label speaks it ('Crop frame 1200 by 1500 pixels, at 100, 240'). */
  async frameRect(): Promise<{ x: number; y: number; width: number; height: number }> {
    const label = (await this.frame.getAttribute('aria-label')) ?? '';
    const match = /(\d+) by (\d+) pixels, at (-?\d+), (-?\d+)/.exec(label);
    if (!match) throw new Error(`The crop frame's label says no size: ${label}`);
    const [width, height, x, y] = match.slice(1).map(Number) as [number, number, number, number];
    return { x, y, width, height };
  }
}
