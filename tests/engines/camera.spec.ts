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
// grabbed) shows the frames. The frames are read through the app's test hook instead: CCD's frame with
// the very frame it was made from (`framePair`), which the editor then makes a still of with CCD, and the
// live frame is held to that still; the frame rate is counted over wall-clock time and held to a floor.
import { writeFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import { processingSize } from '../../src/pixels/processing-size.ts';
import type { RgbaImage } from '../reference/image.ts';
import { psnr } from '../reference/metrics.ts';
import { resize } from '../reference/resize.ts';
import { fixturePath } from '../support/images.ts';
import { decodePng, encodePng } from '../support/png.ts';
import { displayFixture, firefoxBrowser, type Display, type EngineBrowser } from './browsers.ts';
import { waitForValue } from './journey.ts';

const APP = '/?engine=webgl2&testHooks=1';

/** The look's frame against its own input is well under this (dB): CCD moved it. */
const LOOK_MOVED_DB = 30;
/**
 * The live look against a still of the same look on the same input, at least (dB): measured identical
 * (Infinity) in Firefox on WebGL2; a little under one level of RMS error is allowed.
 */
const LIVE_VS_STILL_DB = 48;
/**
 * Frames per second the viewfinder keeps up at least, and the wall-clock window they are counted over:
 * measured 3.2 to 5.6 fps (counted) with CCD on a loaded 2-core machine; a viewfinder showing one frame
 * a second fails.
 */
const FPS_FLOOR = 1.5;
const FPS_WINDOW_MS = 5000;
/** The resize reference's smooth mode (area when shrinking, Catmull-Rom when enlarging). */
const RESIZE_SMOOTH = 2;

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

test.describe.configure({ timeout: 180_000 });

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

/** Frames shown per second over `windowMs` of wall-clock time, from the viewfinder's frame count. */
async function countFps(browser: EngineBrowser, windowMs: number): Promise<number> {
  const before = await browser.evaluate<Viewfinder>(VIEWFINDER);
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const after = await browser.evaluate<Viewfinder>(VIEWFINDER);
  if (after.problem) throw new Error(`The camera shows a problem: ${after.problem}`);
  return ((after.frames - before.frames) * 1000) / (Date.now() - started);
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

    // Through CCD: the next frame through the look, read with the very frame it was made from (the fake
    // colour changes frame by frame, so only that frame is the look's input).
    await browser.click('camera-look-ccdEffect');
    await moreFrames(browser, 3);
    const pair = await browser.evaluate<{
      frame: string;
      source: string;
      live: { width: number; height: number };
    } | null>('() => window.__retrocamCamera?.framePair() ?? null');
    if (!pair) throw new Error('no frame pair from the viewfinder');
    const ccd = fromDataUrl(pair.frame, 'viewfinder CCD');
    const source = fromDataUrl(pair.source, 'viewfinder CCD source');
    // The look's input: the frame at the preview's size, as a photo of its own for the still below.
    const input = resize(source, { ...pair.live, mode: RESIZE_SMOOTH });
    const inputFile = test.info().outputPath('ccd input.png');
    writeFileSync(inputFile, encodePng(input));
    // The look moved the frame far from its input (CCD's own size, so the input is resampled to it).
    const moved = psnr(ccd, resize(input, { width: ccd.width, height: ccd.height, mode: RESIZE_SMOOTH }));
    expect(moved, 'CCD against its own input frame (dB)').toBeLessThan(LOOK_MOVED_DB);

    // Frames per second, counted here over a window of wall-clock time, and as the viewfinder says.
    const counted = await countFps(browser, FPS_WINDOW_MS);
    const view = await moreFrames(browser, 3);
    const stats = {
      fps: view.fps,
      countedFps: Number(counted.toFixed(2)),
      latencyMs: view.latency,
      camera: `${camera.width}x${camera.height}`,
      size: `${view.width}x${view.height}`,
      raw: `${raw.width}x${raw.height}`,
      ccd: `${ccd.width}x${ccd.height}`,
      live: `${pair.live.width}x${pair.live.height}`,
      ccdVsInputDb: Number(moved.toFixed(1)),
      rawColour: medianColour(raw),
      firstTenFramesS: firstTen,
    };
    test.info().annotations.push({ type: 'Firefox viewfinder', description: JSON.stringify(stats) });
    console.log('Firefox viewfinder', JSON.stringify(stats));
    expect(counted, 'frames per second, counted').toBeGreaterThan(FPS_FLOOR);
    expect(view.fps, 'frames per second, as the viewfinder says').toBeGreaterThan(FPS_FLOOR);

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

    // The same look as a still, made in the same browser by the editor from the live look's input: the
    // viewfinder's frame is held to it.
    await browser.open(`/editor${APP.slice(1)}`);
    await browser.upload('editor-upload-input', inputFile);
    await waitForValue<Editor>(
      browser,
      'the input in the editor',
      EDITOR,
      (editor) => settled(editor) && editor.saveOption.includes(`(${input.width} × ${input.height})`),
      60_000,
    );
    await browser.click('effect-ccdEffect');
    await waitForValue<boolean>(
      browser,
      'CCD chosen',
      `() => document.querySelector('[data-testid="effect-ccdEffect"]')?.getAttribute('aria-pressed') === 'true'`,
      Boolean,
    );
    // CCD's output has a size of its own: the still is read once the editor, settled, shows that size.
    const stillOfLook = async () => {
      await waitForValue<Editor>(browser, 'CCD on the still', EDITOR, settled);
      return editorImage(browser, 'still CCD');
    };
    let still = await stillOfLook();
    for (let tries = 0; tries < 30 && still.width !== ccd.width; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      still = await stillOfLook();
    }
    expect({ width: still.width, height: still.height }, 'the still at the live size').toEqual({
      width: ccd.width,
      height: ccd.height,
    });
    const same = psnr(ccd, still);
    console.log('Firefox viewfinder CCD against the still (dB)', same.toFixed(2));
    test.info().annotations.push({ type: 'CCD live vs still (dB)', description: same.toFixed(2) });
    expect(same, 'the live CCD frame against the still of its input (dB)').toBeGreaterThan(LIVE_VS_STILL_DB);
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
