// The camera's viewfinder in the benchmark (issue 26): Chromium's fake camera plays a 640x480 .y4m; the
// production build's viewfinder shows it through each look at a fixed 640 px long side, and the page's own
// counters give the frames shown per second, the time from a frame's arrival to its processed frame on the
// canvas, and what the worker spent on a frame (medians over the timed window's frames). The still pipeline's cost at the same size comes from the
// benchmark page (bench/page.ts), so that the two sit side by side.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, ensureChromium } from './chromium.mjs';
import { median } from './bench-report.mjs';
import { y4m } from './camera-feed.mjs';

export const CAMERA_SIZE = [640, 480];
/** The looks timed live: none, every camera effect, and one Filters look (Filters' default, Nashville). */
export const CAMERA_LOOKS = [
  { key: 'none', effect: null },
  { key: 'ccdEffect', effect: 'ccdEffect' },
  { key: 'nokiaEffect', effect: 'nokiaEffect' },
  { key: 'laptopEffect', effect: 'laptopEffect' },
  { key: 'iphone3Effect', effect: 'iphone3Effect' },
  { key: 'jpegSimulation', effect: 'jpegSimulation' },
  { key: 'dualVignetteEffect', effect: 'dualVignetteEffect' },
  { key: 'pg2016:nashville', effect: 'pg2016' },
];
/** Frames shown before a look is timed (its programs are made on the first), and how long it is timed. */
const WARM_FRAMES = 4;
const SAMPLE_MS = 4000;

/** A 640x480 test scene (gradients, edges and a bright spot), as the camera's frame. */
function scene(width, height) {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const checker = ((x >> 5) + (y >> 5)) % 2 === 0 ? 40 : 0;
      const spot = Math.hypot(x - width * 0.7, y - height * 0.3) < 30 ? 255 : 0;
      data[i] = Math.min(255, Math.round((x / width) * 200) + checker + spot);
      data[i + 1] = Math.min(255, Math.round((y / height) * 200) + checker + spot);
      data[i + 2] = Math.min(255, 120 + checker + spot);
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

async function counters(page) {
  return page.getByTestId('camera-view').evaluate((element) => ({
    at: performance.now(),
    frames: Number(element.dataset.frames ?? 0),
    latency: Number(element.dataset.latency ?? NaN),
    cost: Number(element.dataset.cost ?? NaN),
    width: Number(element.dataset.width ?? 0),
    height: Number(element.dataset.height ?? 0),
    path: element.dataset.path ?? null,
    upload: element.dataset.upload ?? null,
  }));
}

async function waitFrames(page, count, timeoutMs = 60_000) {
  const start = (await counters(page)).frames;
  const deadline = Date.now() + timeoutMs;
  while ((await counters(page)).frames < start + count) {
    if (Date.now() > deadline) throw new Error(`the viewfinder showed no ${count} frames in ${timeoutMs} ms`);
    await page.waitForTimeout(50);
  }
}

/**
 * Each engine's viewfinder through each look: frames per second, capture-to-display latency and the
 * worker's cost per frame (averaged over the frames of the timed window), and the frame path used.
 */
export async function measureViewfinder(baseUrl, engines, log) {
  const folder = mkdtempSync(join(tmpdir(), 'retrocam-bench-camera-'));
  const feed = join(folder, 'feed.y4m');
  writeFileSync(feed, y4m(scene(...CAMERA_SIZE)));
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [
      ...chromiumArgs(),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${feed}`,
    ],
  });
  const rows = [];
  try {
    for (const engine of engines) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${baseUrl}/?engine=${engine}&testHooks=1&cameraLongSide=${CAMERA_SIZE[0]}`);
      await page.getByTestId('camera-button').click();
      await waitFrames(page, 2);
      for (const look of CAMERA_LOOKS) {
        await page.getByTestId(`camera-look-${look.key}`).click();
        await waitFrames(page, WARM_FRAMES);
        // The averages over the timed window only (the warm-up's frames made the look's programs).
        await page.evaluate(() => window.__retrocamCamera?.resetStats());
        const before = await counters(page);
        await page.waitForTimeout(SAMPLE_MS);
        const after = await counters(page);
        const timed = await page.evaluate(() => window.__retrocamCamera?.timedFrames() ?? []);
        const frames = after.frames - before.frames;
        const row = {
          engine,
          look: look.key,
          effect: look.effect,
          width: after.width,
          height: after.height,
          path: after.path,
          upload: after.upload,
          frames,
          fps: (frames * 1000) / (after.at - before.at),
          // Medians of the window's frames, as the still rows are medians of their samples: a mean
          // against a median counts every frame the other browser stretched against the live path.
          latencyMs: median(timed.map((frame) => frame.latency)),
          frameCostMs: median(timed.map((frame) => frame.cost)),
          meanFrameCostMs: timed.reduce((sum, frame) => sum + frame.cost, 0) / Math.max(1, timed.length),
        };
        rows.push(row);
        log(
          `${engine} viewfinder ${look.key}: ${row.fps.toFixed(1)} fps, latency ${row.latencyMs.toFixed(0)} ms, ` +
            `cost ${row.frameCostMs.toFixed(0)} ms (${row.path}, ${row.upload})`,
        );
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}
