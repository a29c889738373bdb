// Issue 26: "The camera journey runs in Chromium and, where its engine gives a fake camera, in Firefox."
// Firefox ESR's fake camera (one colour that changes over time, at the size asked for: the app asks for
// 1920x1080 at best, and gets it) under a display, on WebGL2: the viewfinder gets its frames as VideoFrames
// from a video element (Firefox has no MediaStreamTrackProcessor) and processes them through a look, and
// the shutter opens the shot in the editor at the camera's size with its look as the first step. A second
// Firefox, whose camera is refused, says so and still takes an upload. The Chromium version, with a fake
// camera playing a photo, is tests/e2e/camera.spec.ts.
//
// A screenshot taken through the driver (failure.png) shows the viewfinder black: Firefox reads a worker's
// canvas back for it through a snapshot that comes back empty here, while the screen itself (the X display,
// grabbed) shows the frames. The frames are read through the app's test hook instead.
import { writeFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import { processingSize } from '../../src/pixels/processing-size.ts';
import type { RgbaImage } from '../reference/image.ts';
import { psnr } from '../reference/metrics.ts';
import { fixturePath } from '../support/images.ts';
import { decodePng } from '../support/png.ts';
import { displayFixture, firefoxBrowser, type Display, type EngineBrowser } from './browsers.ts';
import { waitForValue } from './journey.ts';

const APP = '/?engine=webgl2&testHooks=1';

/** A camera that needs no prompt (without `permission.disabled` getUserMedia waits on one forever). */
const FAKE_CAMERA = {
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
};
/** A camera there, but refused: getUserMedia fails with NotAllowedError. */
const REFUSED_CAMERA = {
  'media.navigator.streams.fake': true,
  'permissions.default.camera': 2,
};

const test = base.extend<object, { display: Display }>({
  display: displayFixture,
});

test.describe.configure({ timeout: 120_000 });

interface Viewfinder {
  frames: number;
  fps: number;
  latency: number;
  path: string | null;
  width: number;
  height: number;
  camera: { width: number; height: number };
  problem: string | null;
  message: string;
}

const VIEWFINDER = `() => {
  const view = document.querySelector('[data-testid=camera-view]');
  const problem = document.querySelector('[data-testid=camera-problem]');
  const number = (name) => Number(view?.getAttribute(name) ?? 0);
  return {
    frames: number('data-frames'),
    fps: number('data-fps'),
    latency: number('data-latency'),
    path: view?.getAttribute('data-path') ?? null,
    width: number('data-width'),
    height: number('data-height'),
    camera: { width: number('data-camera-width'), height: number('data-camera-height') },
    problem: problem?.getAttribute('data-problem') ?? null,
    message: problem?.textContent ?? '',
  };
}`;

/** Waits until the viewfinder has shown `count` more frames than now; a camera problem fails at once. */
async function moreFrames(browser: EngineBrowser, count: number): Promise<Viewfinder> {
  const from = (await browser.evaluate<Viewfinder>(VIEWFINDER)).frames;
  return waitForValue<Viewfinder>(browser, `${count} more viewfinder frames`, VIEWFINDER, (view) => {
    if (view.problem) throw new Error(`The camera shows a problem: ${view.problem}`);
    return view.frames >= from + count;
  });
}

/** A PNG data URL from the page, decoded, and kept in the test's output folder as `name`.png. */
function fromDataUrl(url: string | null, name: string): RgbaImage {
  if (!url) throw new Error(`no image for ${name}`);
  const png = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  writeFileSync(test.info().outputPath(`${name}.png`), png);
  return decodePng(png);
}

// Puppeteer's evaluate (WebDriver BiDi) waits for a promise the script returns.
const liveFrame = async (browser: EngineBrowser, name: string) =>
  fromDataUrl(await browser.evaluate<string | null>('() => window.__retrocamCamera?.frame() ?? null'), name);
const editorImage = async (browser: EngineBrowser, name: string) =>
  fromDataUrl(await browser.evaluate<string | null>('() => window.__retrocam?.pixels() ?? null'), name);

/** An image's median colour, channel by channel (RGB). */
function medianColour(image: RgbaImage): number[] {
  const count = image.width * image.height;
  return [0, 1, 2].map((channel) => {
    const values = new Uint8Array(count);
    for (let i = 0; i < count; i++) values[i] = image.data[i * 4 + channel] ?? 0;
    return values.sort()[count >> 1] ?? 0;
  });
}

/** The share of an image's pixels within 4 levels (each channel) of its median colour: 1 for one flat colour. */
function flatShare(image: RgbaImage): number {
  const count = image.width * image.height;
  const median = medianColour(image);
  let flat = 0;
  for (let i = 0; i < count; i++)
    if (median.every((value, channel) => Math.abs((image.data[i * 4 + channel] ?? 0) - value) <= 4)) flat++;
  return flat / count;
}

interface Editor {
  path: string;
  engine: string | null;
  status: string | null;
  busy: boolean;
  undo: string | null;
  redo: string | null;
  saveOption: string;
}

const EDITOR = `() => {
  const editor = document.querySelector('[data-testid=editor]');
  return {
    path: location.pathname,
    engine: editor?.getAttribute('data-engine') ?? null,
    status: editor?.getAttribute('data-worker-status') ?? null,
    busy: document.querySelector('[data-testid=processing-overlay]') !== null,
    undo: document.querySelector('[data-testid=undo-button]')?.getAttribute('aria-label') ?? null,
    redo: document.querySelector('[data-testid=redo-button]')?.getAttribute('aria-label') ?? null,
    saveOption: document.querySelector('.save-option')?.textContent ?? '',
  };
}`;

const settled = (editor: Editor) => editor.status === 'ImageReady' && !editor.busy;

test("Firefox's fake camera: the viewfinder on the video-frame path, a look that shows, and the shutter into the editor with CCD as the first step", async ({
  display,
  baseURL,
}) => {
  const browser = await firefoxBrowser(baseURL ?? '', display, { prefs: FAKE_CAMERA });
  try {
    await browser.open(APP);
    await browser.click('camera-button');
    const started = Date.now();
    const running = await waitForValue<Viewfinder>(browser, 'ten viewfinder frames', VIEWFINDER, (view) => {
      if (view.problem) throw new Error(`The camera shows a problem: ${view.problem}`);
      return view.frames >= 10;
    });
    const firstTen = (Date.now() - started) / 1000;
    // Firefox has no MediaStreamTrackProcessor: VideoFrames made from the playing video element.
    expect(running.path, 'how frames reach the worker').toBe('video-frame');
    const { camera } = running;
    expect(camera.width * camera.height, "the camera's size").toBeGreaterThan(0);

    // The look off: the camera's frame as it is, one flat colour at (at most) the camera's size.
    await browser.click('camera-look-none');
    await moreFrames(browser, 3);
    const raw = await liveFrame(browser, 'viewfinder raw');
    expect(raw.width).toBeLessThanOrEqual(camera.width);
    expect(Math.abs(raw.width / raw.height - camera.width / camera.height), 'the aspect').toBeLessThan(0.02);
    // (Firefox's fake frames carry a small mark in a corner.)
    expect(flatShare(raw), 'the fake camera gives one flat colour').toBeGreaterThan(0.95);
    // Its frames are mid-grey in luma with a changing hue: a black frame would be no picture at all.
    expect(Math.max(...medianColour(raw)), 'a picture, not black').toBeGreaterThan(64);

    // Through CCD: visibly something else. The fake colour changes over time, so the raw frame is not
    // held to a later one; CCD's own size, or its PSNR against the raw frame, shows the look at work.
    await browser.click('camera-look-ccdEffect');
    await moreFrames(browser, 3);
    const ccd = await liveFrame(browser, 'viewfinder CCD');
    const sameSize = ccd.width === raw.width && ccd.height === raw.height;
    const score = sameSize ? psnr(ccd, raw) : null;
    if (sameSize) expect(score, 'CCD against the raw frame (dB)').toBeLessThan(32);

    const view = await moreFrames(browser, 10);
    const stats = {
      fps: view.fps,
      latencyMs: view.latency,
      camera: `${camera.width}x${camera.height}`,
      size: `${view.width}x${view.height}`,
      raw: `${raw.width}x${raw.height}`,
      ccd: `${ccd.width}x${ccd.height}`,
      ccdVsRawDb: score === null ? 'sizes differ' : Number(score.toFixed(1)),
      rawColour: medianColour(raw),
      firstTenFramesS: firstTen,
    };
    test.info().annotations.push({ type: 'Firefox viewfinder', description: JSON.stringify(stats) });
    console.log('Firefox viewfinder', JSON.stringify(stats));
    expect(view.fps, 'frames per second').toBeGreaterThan(0);

    // The shutter: the editor opens with the shot at the camera's own size (not the preview's) and CCD
    // committed as the first step.
    await browser.click('camera-shutter');
    const opened = await waitForValue<Editor>(
      browser,
      'the shot in the editor',
      EDITOR,
      (editor) => editor.path === '/editor' && settled(editor) && editor.undo !== null,
      60_000,
    );
    expect(opened.engine).toBe('webgl2');
    expect(opened.undo).toBe('Undo CCD');
    expect(opened.saveOption).toContain(`(${camera.width} × ${camera.height})`);

    await browser.click('undo-button');
    await waitForValue<Editor>(
      browser,
      'the undo',
      EDITOR,
      (editor) => editor.redo === 'Redo CCD' && settled(editor),
    );
    // The raw shot, at the editor's processing size for a photo of the camera's size.
    const shot = await editorImage(browser, 'shot after undo');
    expect({ width: shot.width, height: shot.height }).toEqual(processingSize(camera.width, camera.height));
  } catch (error) {
    await browser.screenshot(test.info().outputPath('failure.png')).catch(() => undefined);
    throw error;
  } finally {
    await browser.close();
  }
});

test('Firefox with the camera refused: the viewfinder says so, and the upload still works', async ({
  display,
  baseURL,
}) => {
  const browser = await firefoxBrowser(baseURL ?? '', display, { prefs: REFUSED_CAMERA });
  try {
    await browser.open(APP);
    await browser.click('camera-button');
    const problem = await waitForValue<Viewfinder>(
      browser,
      'a camera problem',
      VIEWFINDER,
      (view) => view.problem !== null,
    );
    expect(problem.problem).toBe('refused');
    expect(problem.message).toContain('Camera access was refused.');
    const shutterDisabled = await browser.evaluate<boolean>(
      `() => document.querySelector('[data-testid=camera-shutter]')?.disabled ?? true`,
    );
    expect(shutterDisabled, 'no shutter without a camera').toBe(true);

    // Back on the landing page, a photo is taken as ever.
    await browser.click('camera-close');
    await browser.upload('upload-input', fixturePath('kodak/kodim23.png'));
    await waitForValue<boolean>(
      browser,
      'the landing preview',
      `() => document.querySelector('[data-testid=preview-image]') !== null`,
      Boolean,
    );
  } catch (error) {
    await browser.screenshot(test.info().outputPath('failure.png')).catch(() => undefined);
    throw error;
  } finally {
    await browser.close();
  }
});
