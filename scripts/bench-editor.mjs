// The benchmark's measurements in the real editor (a production build served by `vite preview`):
// main-thread long tasks while a slider is dragged, the time from choosing a large file to the first
// frame the engine shows, and what the page posts to its workers, when. Used by scripts/bench.mjs.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/** Records long tasks (PerformanceObserver 'longtask') and every worker status change, with times. */
const INSTRUMENT = () => {
  window.__longTasks = [];
  window.__statuses = [];
  window.__chosenAt = null;
  window.__longFrames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // Long animation frames say what a long task was: the scripts that ran in it, and how long it blocked.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longFrames.push({
        start: entry.startTime,
        duration: entry.duration,
        blocking: entry.blockingDuration,
        scripts: entry.scripts.map((script) => ({
          duration: script.duration,
          what: `${script.invoker} ${script.sourceFunctionName || ''}`.trim(),
        })),
      });
  }).observe({ type: 'long-animation-frame', buffered: true });
  // What the page posts to its workers, by type and time, and when a key was last pressed: a setting typed
  // and entered reaches the worker's postMessage some time after its key (the page's share of a change).
  window.__posts = [];
  window.__keyAt = null;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    window.__posts.push({ type: message?.type ?? null, at: performance.now() });
    return post.call(this, message, ...rest);
  };
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') window.__keyAt = performance.now();
    },
    true,
  );
  document.addEventListener(
    'change',
    (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === 'file')
        window.__chosenAt = performance.now();
    },
    true,
  );
  const watch = () => {
    const editor = document.querySelector('[data-testid=editor]');
    if (!editor) return false;
    new MutationObserver(() =>
      window.__statuses.push({ status: editor.getAttribute('data-worker-status'), at: performance.now() }),
    ).observe(editor, { attributes: true, attributeFilter: ['data-worker-status'] });
    return true;
  };
  const poll = () => {
    if (!watch()) requestAnimationFrame(poll);
  };
  document.addEventListener('DOMContentLoaded', poll);
};

export async function openEditor(page, baseUrl, engine, query = '') {
  // testHooks=1 exposes the editor's status history (window.__retrocam.statuses()), which also holds the
  // ImageReady between two back-to-back applies that the data-worker-status attribute may never show.
  await page.goto(`${baseUrl}/editor?engine=${engine}&testHooks=1${query}`);
  await page.waitForSelector(`[data-testid=editor][data-worker-status=WorkerReady][data-engine=${engine}]`, {
    timeout: 60_000,
  });
}

export async function waitSettled(page, timeout = 120_000) {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=processing-overlay]') === null &&
      document.querySelector('[data-testid=editor]')?.getAttribute('data-worker-status') === 'ImageReady',
    undefined,
    { timeout, polling: 50 },
  );
}

export async function newPage(browser) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 900 },
  });
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Loads a Kodak photo, chooses CCD, and drags its Bloom slider back and forth for `durationMs`; returns
 * the main thread's long tasks in that window and how many effect frames arrived.
 */
export async function measureSliderDrag(browser, baseUrl, engine, photoPath, durationMs = 5000) {
  const { context, page } = await newPage(browser);
  try {
    await openEditor(page, baseUrl, engine);
    await page.getByTestId('editor-upload-input').setInputFiles(photoPath);
    await waitSettled(page);
    await page.getByTestId('effect-ccdEffect').click();
    await waitSettled(page);
    const slider = page.getByRole('slider', { name: 'Bloom', exact: true });
    await slider.scrollIntoViewIfNeeded();
    const box = await slider.boundingBox();
    if (!box) throw new Error('The Bloom slider is not visible');
    const y = box.y + box.height / 2;
    const left = box.x + 4;
    const right = box.x + box.width - 4;
    await page.mouse.move(left + (right - left) / 2, y);
    const { start, historyAtStart } = await page.evaluate(() => ({
      start: performance.now(),
      historyAtStart: window.__retrocam.statuses().length,
    }));
    await page.mouse.down();
    // Back and forth across the track, a step every animation frame or so, as a hand drags.
    let x = left + (right - left) / 2;
    let direction = 1;
    const step = (right - left) / 40;
    const until = Date.now() + durationMs;
    let moves = 0;
    while (Date.now() < until) {
      x += direction * step;
      if (x >= right || x <= left) direction = -direction;
      await page.mouse.move(x, y);
      moves++;
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
    const { end, history } = await page.evaluate(() => ({
      end: performance.now(),
      history: window.__retrocam.statuses(),
    }));
    await waitSettled(page);
    const { longTasks, longFrames, value } = await page.evaluate(() => ({
      longTasks: window.__longTasks,
      longFrames: window.__longFrames,
      value: document.querySelector('[data-testid=setting-ccd_bloom_amount]')?.value,
    }));
    const during = longTasks.filter((t) => t.start + t.duration >= start && t.start <= end);
    const framesDuring = longFrames.filter((f) => f.start + f.duration >= start && f.start <= end);
    // Frames shown while the mouse was down: each apply that finished (ApplyingEffect, then ImageReady).
    const frames = history.slice(historyAtStart).filter((status) => status === 'ImageReady').length;
    return {
      engine,
      durationMs: end - start,
      moves,
      frames,
      finalBloom: Number(value),
      longTasks: during.map((t) => Math.round(t.duration)),
      // Frames over 50 ms: how long they blocked input, and the scripts that ran in them.
      longFrames: framesDuring.map((f) => ({
        durationMs: Math.round(f.duration),
        blockingMs: Math.round(f.blocking),
        scriptMs: Math.round(f.scripts.reduce((sum, script) => sum + script.duration, 0)),
        scripts: f.scripts.filter((script) => script.duration >= 5).map((script) => script.what),
      })),
      maxLongTaskMs: during.reduce((max, t) => Math.max(max, t.duration), 0),
    };
  } finally {
    await context.close();
  }
}

/**
 * Opens the editor with CCD as its look (`?effect=ccdEffect`, applied once an image is ready), chooses a
 * file, and times in the page, from the file input's change event: the photo shown (the worker status
 * leaving LoadingImage) and the first processed frame (CCD applied: ImageReady after ApplyingEffect).
 * `andThen(page)`, when given, measures more in the same page; its result joins the returned one.
 */
export async function measureFirstFrame(browser, baseUrl, engine, file, effectId = 'ccdEffect', andThen) {
  const { context, page } = await newPage(browser);
  try {
    await openEditor(page, baseUrl, engine, `&effect=${effectId}`);
    await page.getByTestId('editor-upload-input').setInputFiles(file);
    await page.waitForFunction(
      () => {
        const history = window.__retrocam.statuses();
        const applying = history.lastIndexOf('ApplyingEffect');
        return applying >= 0 && history.indexOf('ImageReady', applying) > applying;
      },
      undefined,
      { timeout: 180_000, polling: 50 },
    );
    await waitSettled(page, 180_000);
    const { chosenAt, statuses, longTasks } = await page.evaluate(() => ({
      chosenAt: window.__chosenAt,
      statuses: window.__statuses,
      longTasks: window.__longTasks,
    }));
    const after = statuses.filter((s) => s.at >= chosenAt);
    const shown = after.find((s) => s.status === 'ImageReady' || s.status === 'ApplyingEffect');
    const applying = after.findIndex((s) => s.status === 'ApplyingEffect');
    const applied = applying >= 0 ? after.slice(applying).find((s) => s.status === 'ImageReady') : undefined;
    return {
      engine,
      firstFrameMs: shown ? shown.at - chosenAt : null,
      processedFrameMs: applied ? applied.at - chosenAt : null,
      maxLongTaskMs: longTasks
        .filter((t) => t.start >= chosenAt)
        .reduce((max, t) => Math.max(max, t.duration), 0),
      ...(andThen ? await andThen(page) : {}),
    };
  } finally {
    await context.close();
  }
}

/**
 * Issue 24: an effect's cold first frame beside a warm apply. A fresh editor (a new worker, nothing
 * compiled) opened with the effect as its look, a file chosen: the photo shown and the first processed
 * frame, timed from the file input's change event. Then, warm (the photo's thumbnails all made), the same
 * effect chosen again after another one: from the click to its frame.
 */
export async function measureColdStart(browser, baseUrl, engine, file, effectId, otherId) {
  const cold = await measureFirstFrame(browser, baseUrl, engine, file, effectId, async (page) => {
    const timeChoice = async (id) => {
      const start = await page.evaluate(() => performance.now());
      await page.getByTestId(`effect-${id}`).click();
      await page.waitForFunction(
        (since) =>
          window.__statuses.some((s) => s.at >= since && s.status === 'ApplyingEffect') &&
          document.querySelector('[data-testid=editor]')?.getAttribute('data-worker-status') ===
            'ImageReady' &&
          document.querySelector('[data-testid=processing-overlay]') === null,
        start,
        { timeout: 120_000, polling: 10 },
      );
      const done = await page.evaluate(
        (since) => window.__statuses.filter((s) => s.at >= since && s.status === 'ImageReady').at(-1)?.at,
        start,
      );
      return done - start;
    };
    // Warm means nothing else queued in the worker: the thumbnails of the photo are all made first.
    await page.waitForFunction(
      () => {
        const count = document.querySelectorAll('[data-testid^=thumb-], [data-testid^=look-thumb-]').length;
        const seen = window.__thumbnailCount ?? { count: -1, since: performance.now() };
        if (seen.count !== count) window.__thumbnailCount = { count, since: performance.now() };
        return count > 0 && seen.count === count && performance.now() - seen.since > 1000;
      },
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    await timeChoice(otherId);
    return { warmApplyMs: await timeChoice(effectId) };
  });
  return { effectId, ...cold };
}

/**
 * A 12 MP JPEG made from a Kodak photo: upscaled in the browser (4243 x 2829, 3:2 as the photo is) and
 * encoded at quality 0.92, as a phone would save it.
 */
export async function makeTwelveMegapixelJpeg(browser, photoPath, width = 4243, height = 2829) {
  const page = await browser.newPage();
  try {
    const bytes = readFileSync(photoPath).toString('base64');
    const base64 = await page.evaluate(
      async ([data, width, height]) => {
        const binary = atob(data);
        const array = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i++) array[i] = binary.charCodeAt(i);
        const bitmap = await createImageBitmap(new Blob([array]));
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        context.imageSmoothingQuality = 'high';
        context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
        const out = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let i = 0; i < out.length; i += 0x8000)
          text += String.fromCharCode(...out.subarray(i, i + 0x8000));
        return btoa(text);
      },
      [bytes, width, height],
    );
    return { name: 'kodim23-12mp.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
  } finally {
    await page.close();
  }
}

/** The test photos in the repository (`tests/fixtures`), or `$FIXTURES_DIR`. */
function fixturesRoot() {
  return process.env.FIXTURES_DIR
    ? resolve(process.env.FIXTURES_DIR)
    : resolve(import.meta.dirname, '..', 'tests', 'fixtures');
}

export function fixtures() {
  const root = fixturesRoot();
  return {
    kodak: resolve(root, 'kodak/kodim23.png'),
    phone24: resolve(root, 'generated-edge-cases/phone_24mp_6000x4000.jpg'),
  };
}

/**
 * Issue 27: seconds per 12 MP photo in a batch. The editor opened on a backend, `count` copies of the
 * 12 MP JPEG chosen together (different names), CCD chosen, then 'Apply to all': from the click to the
 * zip's download, divided by the count. Each photo is checked by the intake, decoded in the worker at its
 * full size, run through the look there, encoded as JPEG and written into the zip.
 */
export async function measureBatch(browser, baseUrl, engine, file, size, count, effectId = 'ccdEffect') {
  const { context, page } = await newPage(browser);
  try {
    await openEditor(page, baseUrl, engine);
    const files = Array.from({ length: count }, (_, i) => ({ ...file, name: `batch-${i + 1}.jpg` }));
    await page.getByTestId('editor-upload-input').setInputFiles(files);
    await waitSettled(page, 180_000);
    await page.getByTestId(`effect-${effectId}`).click();
    await waitSettled(page, 180_000);
    const started = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30 * 60_000 }),
      page.getByTestId('batch-apply').click(),
    ]);
    const totalMs = Date.now() - started;
    const zipBytes = statSync(await download.path()).size;
    return {
      engine,
      effectId,
      count,
      width: size[0],
      height: size[1],
      totalMs,
      perPhotoMs: totalMs / count,
      zipBytes,
    };
  } finally {
    await context.close();
  }
}

/**
 * Issue 38: the engine's start with its self-test and without. Fresh editors on Automatic, alternated,
 * `file` chosen as soon as the page can take it (while the engine starts, as a photo handed over from the
 * landing page is): from navigation to WorkerReady, and to the photo on screen (its ImageReady). The
 * self-test runs in the worker's first idle moment, behind a photo that comes at once; its own time is the
 * worker's log line. The editor skips it on a software renderer (SwiftShader here), so `?breakEngine=`
 * (spoiling nothing) runs it.
 */
export async function measureEngineStart(browser, baseUrl, file, runs = 5) {
  const rows = [];
  for (let run = 0; run < runs; run++)
    for (const selfTest of [false, true]) {
      const { context, page } = await newPage(browser);
      try {
        let selfTestMs = null;
        const tested = new Promise((resolve) =>
          page.on('console', (message) => {
            const hit = /self-test (?:passed|failed) in (\d+) ms/.exec(message.text());
            if (hit) {
              selfTestMs = Number(hit[1]);
              resolve();
            }
          }),
        );
        await page.goto(`${baseUrl}/editor?testHooks=1&thumbnails=0${selfTest ? '&breakEngine=' : ''}`);
        await page.getByTestId('editor-upload-input').setInputFiles(file);
        await page.waitForSelector('[data-testid=editor][data-worker-status=ImageReady]', {
          timeout: 120_000,
        });
        const { readyMs, photoMs, engine } = await page.evaluate(() => ({
          readyMs: window.__statuses.find((s) => s.status === 'WorkerReady')?.at ?? null,
          photoMs: window.__statuses.find((s) => s.status === 'ImageReady')?.at ?? null,
          engine: document.querySelector('[data-testid=editor]')?.getAttribute('data-engine') ?? null,
        }));
        // The self-test comes after the photo: waited for, to be timed.
        if (selfTest) await Promise.race([tested, new Promise((resolve) => setTimeout(resolve, 30_000))]);
        else await new Promise((resolve) => setTimeout(resolve, 2000));
        if (selfTest && selfTestMs === null) throw new Error('The self-test did not run with ?breakEngine=');
        if (!selfTest && selfTestMs !== null) throw new Error('The self-test ran on a software renderer');
        rows.push({ selfTest, engine, readyMs, photoMs, selfTestMs });
      } finally {
        await context.close();
      }
    }
  return rows;
}
