// `npm run bench`: times every effect at its defaults at 1080 px and at 12 MP on WebGPU and WebGL2 (and at
// 1080 px on the CPU backend) beside an identity pass at the same size, the jpeg stage beside the browser's own JPEG round trip, every effect
// beside its CPU references in a worker, and, in the real editor (a production build), main-thread long
// tasks during a slider drag and the time from choosing a 12 MP file to the first frame. Prints a table and
// writes bench/results.json and bench/RESULTS.md. It reports; it does not assert.
//
//   --quick        1080 px only, fewer runs (a smoke test of the benchmark itself)
//   --no-editor    skip the editor measurements (and the production build)
//   --no-build     use the production build already in dist/
//   --no-cpu       skip the CPU baseline
//   --stages       add diagnostic rows: every stage alone at 1080 px (about a minute more; the real-camera
//                  artefact stages are timed alone in every run)
//   --only-camera  only the camera's viewfinder (issue 26) beside the still pipeline at 640x480
//   --only-batch   only the batch (issue 27): seconds per 12 MP photo in 'Apply to all', on every backend
//   --only-iphone  only the iPhone photo (issue 36): 12, 24, 48 MP with CCD and 120 MP with Filters, load,
//                  look and full-resolution save, time and peak memory of every browser process, per backend
//   --only-start   only the engine's start with its self-test and without (issue 38)
//   --only-cold    only the cold first frame of the camera looks (CCD, quarter-inch) on the 12 MP and the
//                  24 MP photo, beside a warm apply, three fresh editors each, on WebGPU and WebGL2
//   --only-edit    only the edit (issue 62): three looks applied afresh against a change of the first of
//                  them (which re-renders the three), at 1080 px on WebGPU and WebGL2, as a ratio in one run
//   --only-thumbnails  only the thumbnail set (issue 38) beside one CCD apply timed before and after it,
//                  at 1080 px on WebGPU and WebGL2
//   --report       measure nothing: RESULTS.md again from results.json and the newer partial runs' files
//   --scale[=soak,batch,sweep,camera]  only the scale checks at full size (scripts/bench-scale.mjs): the
//                  300-cycle soaks, the 30-photo batch's peak, every fixture through both uploads, the
//                  camera stress on both engines; bench/scale-results.json
// BENCH_PORT (default 5175) serves the benchmark page, then the production build.
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { chromium } from '@playwright/test';
import { chromiumArgs, ensureChromium } from './chromium.mjs';
import {
  fixtures,
  makeTwelveMegapixelJpeg,
  measureBatch,
  measureColdStart,
  measureEngineStart,
  measureFirstFrame,
  measureSliderDrag,
} from './bench-editor.mjs';
import { CAMERA_SIZE, measureViewfinder } from './bench-camera.mjs';
import {
  batchLines,
  coldLines,
  cameraLines,
  cameraVerdict,
  median,
  renderMarkdown,
  renderSummary,
  startLines,
} from './bench-report.mjs';
import { iphoneLines, measureIphone } from './bench-iphone.mjs';
import { editLines, measureEdit } from './bench-edit.mjs';
import { measureBuild } from './size.mjs';
import { withPage } from './with-page.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 5175);
const args = process.argv.slice(2);
if (args.some((arg) => arg === '--scale' || arg.startsWith('--scale='))) {
  const { runScale } = await import('./bench-scale.mjs');
  process.exit(runScale(args));
}
const quick = args.includes('--quick');
const onlyCamera = args.includes('--only-camera');
const onlyBatch = args.includes('--only-batch');
const onlyIphone = args.includes('--only-iphone');
const onlyThumbnails = args.includes('--only-thumbnails');
const onlyStart = args.includes('--only-start');
const onlyCold = args.includes('--only-cold');
const onlyEdit = args.includes('--only-edit');
/** The looks whose cold first frame is also timed on the 24 MP photo: the dearest to start. */
const COLD_LARGE = ['ccdEffect', 'laptopEffect'];
// Issue 27: photos per batch, per backend. The CPU backend takes far longer a photo (it runs every pass on
// the CPU, in the worker), so it does two (a batch is two photos at least).
const BATCH_SIZE = [4000, 3000];
// A camera (CCD: it runs at the camera's own resolution, then its pixels are scaled up, so the photo's
// decode and encode dominate) and a grade that runs on every pixel at the full size.
const BATCH_LOOKS = ['ccdEffect', 'pg2016'];
const BATCH_COUNT = { webgpu: quick ? 2 : 3, webgl2: quick ? 2 : 3, cpu: 2 };
const ENGINES = ['webgpu', 'webgl2'];
const SIZES = quick
  ? [[1080, 720]]
  : [
      [1080, 720],
      [4000, 3000],
    ];
// Runs per size. Shaders compile during the 1080 px warm-up, so one warm-up run (which allocates the
// textures) is enough at 12 MP.
const GPU = quick ? { warmup: 2, iterations: 5 } : { warmup: 3, iterations: 10 };
const GPU_12MP = { warmup: 1, iterations: 10 };
const repeatFor = (width) => (width === 1080 ? GPU : GPU_12MP);
// Each stage alone, a diagnostic: the pipelines are compiled by then.
const STAGE_REPEAT = quick ? { warmup: 1, iterations: 5 } : { warmup: 1, iterations: 10 };
/** Issue 25's real-camera artefact stages, timed alone in every run. */
const ARTEFACT_STAGES = [
  'date-stamp',
  'smear',
  'fringing',
  'halation',
  'light-leak',
  'dust-scratches',
  'tonal-grain',
  'soft-corners',
];
// The CPU references take seconds to over a minute a run at 12 MP (they are written to be read, not to be
// fast): one run each, without warm-up (a run that long is nearly all optimised code), to keep the
// benchmark within about ten minutes.
const CPU = quick ? { warmup: 1, iterations: 3 } : { warmup: 0, iterations: 1 };
const CPU_SIZE = quick ? [1080, 720] : [4000, 3000];
// The CPU backend, at 1080 px only: its runs take up to about half a second there.
const CPU_BACKEND = quick ? { warmup: 1, iterations: 3 } : { warmup: 1, iterations: 5 };
const JPEG_QUALITY = 70;

const started = Date.now();
const loadBefore = loadavg();

function log(message) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);
}

async function gpuAndCpu() {
  return withPage('/bench/index.html', PORT, async (page, browser) => {
    const { adapter, webglRenderer } = await page.evaluate(async () => {
      const found = await navigator.gpu?.requestAdapter();
      const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
      const debug = gl?.getExtension('WEBGL_debug_renderer_info');
      return {
        adapter: found
          ? `${found.info.vendor} ${found.info.architecture}${found.info.isFallbackAdapter ? ' (fallback adapter)' : ''}`
          : 'none',
        webglRenderer: gl
          ? String(gl.getParameter(debug ? debug.UNMASKED_RENDERER_WEBGL : gl.RENDERER))
          : 'none',
      };
    });
    const identities = [];
    const rows = [];
    const jpeg = [];
    // The still pipeline at the camera's size (issue 26): every effect and the identity, per frame, each
    // shown on the canvas as the editor shows an apply (the viewfinder shows every frame the same way).
    const cameraStill = [];
    for (const engine of ENGINES) {
      const [width, height] = CAMERA_SIZE;
      cameraStill.push(
        ...(await page.evaluate((a) => window.bench.effects(...a), [engine, width, height, GPU, true])),
        {
          engine,
          width,
          height,
          kind: 'identity',
          name: 'none',
          ...(await page.evaluate((a) => window.bench.identity(...a), [engine, width, height, GPU, true])),
        },
      );
      log(`${engine} ${width}x${height}: the still pipeline timed for the viewfinder`);
    }
    for (const engine of onlyCamera ? [] : ENGINES) {
      for (const [width, height] of SIZES) {
        // The identity pass before and after the size's rows, pooled: the machine's load drifts.
        const repeat = repeatFor(width);
        const before = await page.evaluate(
          (a) => window.bench.identity(...a),
          [engine, width, height, repeat],
        );
        rows.push(
          ...(await page.evaluate((a) => window.bench.effects(...a), [engine, width, height, repeat])),
        );
        // What fusing per-pixel stages saves, on the effects that have such a run (1080 px: the ratio is
        // the same at 12 MP).
        if (width === 1080)
          rows.push(
            ...(await page.evaluate((a) => window.bench.unfused(...a), [engine, width, height, repeat])),
          );
        // The editor's thumbnail set of a photo this size, beside one CCD apply (issue 23).
        if (width === 1080)
          rows.push(
            ...(await page.evaluate((a) => window.bench.thumbnails(...a), [engine, width, height, repeat])),
          );
        // Issue 25's artefact stages alone, in every run; --stages adds every other stage.
        if (width === 1080) {
          const only = args.includes('--stages') ? null : ARTEFACT_STAGES;
          rows.push(
            ...(await page.evaluate(
              (a) => window.bench.stages(...a),
              [engine, width, height, STAGE_REPEAT, only],
            )),
          );
        }
        const stage = await page.evaluate(
          (a) => window.bench.jpegStage(...a),
          [engine, width, height, JPEG_QUALITY, repeat],
        );
        jpeg.push({ engine, width, height, quality: JPEG_QUALITY, ...stage });
        const after = await page.evaluate(
          (a) => window.bench.identity(...a),
          [engine, width, height, repeat],
        );
        const samplesMs = [...before.samplesMs, ...after.samplesMs];
        identities.push({ engine, width, height, samplesMs, medianMs: median(samplesMs) });
        log(`${engine} ${width}x${height}: identity ${median(samplesMs).toFixed(1)} ms`);
      }
    }
    // The CPU backend (the last resort when a worker has no GPU API): the effects at 1080 px beside an
    // identity pass of its own.
    if (!onlyCamera) {
      const [width, height] = [1080, 720];
      const before = await page.evaluate(
        (a) => window.bench.identity(...a),
        ['cpu', width, height, CPU_BACKEND],
      );
      rows.push(
        ...(await page.evaluate((a) => window.bench.effects(...a), ['cpu', width, height, CPU_BACKEND])),
      );
      const after = await page.evaluate(
        (a) => window.bench.identity(...a),
        ['cpu', width, height, CPU_BACKEND],
      );
      const samplesMs = [...before.samplesMs, ...after.samplesMs];
      identities.push({ engine: 'cpu', width, height, samplesMs, medianMs: median(samplesMs) });
      log(`cpu ${width}x${height}: identity ${median(samplesMs).toFixed(1)} ms`);
    }
    const browserJpeg = [];
    for (const [width, height] of onlyCamera ? [] : SIZES) {
      const timing = await page.evaluate(
        (a) => window.bench.browserJpeg(...a),
        [width, height, JPEG_QUALITY, repeatFor(width)],
      );
      browserJpeg.push({ width, height, quality: JPEG_QUALITY, ...timing });
      log(`browser JPEG ${width}x${height}: ${timing.medianMs.toFixed(1)} ms`);
    }
    const cpu = [];
    if (!args.includes('--no-cpu') && !onlyCamera) {
      const effects = await page.evaluate(() => window.bench.workerEffects());
      const [width, height] = CPU_SIZE;
      for (const effect of effects) {
        const result = await page.evaluate((a) => window.bench.cpu(...a), [effect.id, width, height, CPU]);
        if (!result.ok) throw new Error(`CPU baseline of ${effect.id}: ${result.error}`);
        cpu.push({ effect: effect.id, width, height, ...result });
        log(`CPU ${effect.id} ${width}x${height}: ${result.medianMs.toFixed(0)} ms`);
      }
    }
    return {
      browser: `Chromium ${browser.version()} (headless)`,
      adapter,
      webglRenderer,
      identities,
      rows,
      jpeg,
      browserJpeg,
      cpu,
      cameraStill,
    };
  });
}

/** Resolves once nothing listens on the port any more (the benchmark page's server has gone). */
async function waitForFreePort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const inUse = await new Promise((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (!inUse) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`port ${port} is still in use`);
}

async function waitForServer(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** The worker's effects, as the GPU rows name them (the page imports the effect list; this script cannot). */
async function editor(workerEffectIds) {
  if (!args.includes('--no-build')) {
    log('building for production');
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const bundles = measureBuild();
  // The build is served on the benchmark's own port, once the benchmark page's server has let it go.
  await waitForFreePort(PORT, 30_000);
  const server = spawn(
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'],
    { stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  const baseUrl = `http://127.0.0.1:${PORT}`;
  let browser;
  try {
    await waitForServer(baseUrl, 60_000);
    browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs() });
    const { kodak, phone24 } = fixtures();
    const drags = [];
    const firstFrames = [];
    const coldStarts = [];
    const batches = [];
    // Issue 38: the engine's start with its self-test and without (in the full run and --only-start).
    if (onlyEdit) return { edits: await measureEdits(browser, baseUrl, kodak) };
    const starts =
      onlyIphone || onlyBatch || onlyCamera || onlyCold
        ? []
        : await measureEngineStart(
            browser,
            baseUrl,
            await makeTwelveMegapixelJpeg(browser, kodak),
            quick ? 2 : 5,
          );
    if (starts.length) log(startLines(starts).slice(-8).join(' '));
    if (onlyStart) return { starts };
    if (onlyCold) {
      const twelve = await makeTwelveMegapixelJpeg(browser, kodak);
      for (const engine of ENGINES) {
        for (const [photo, file] of [
          ['12 MP', twelve],
          ['24 MP', phone24],
        ]) {
          for (const effectId of COLD_LARGE) {
            // Three fresh editors: the median of each time (the machine's load drifts between them).
            const runs = [];
            for (let i = 0; i < 3; i++)
              runs.push(await measureColdStart(browser, baseUrl, engine, file, effectId, 'vibrance'));
            const mid = (pick) => median(runs.map(pick).filter((v) => v != null));
            const result = {
              engine,
              effectId,
              photo,
              firstFrameMs: mid((r) => r.firstFrameMs),
              processedFrameMs: mid((r) => r.processedFrameMs),
              warmApplyMs: mid((r) => r.warmApplyMs),
            };
            coldStarts.push(result);
            log(
              `${engine} ${effectId} ${photo}: photo ${result.firstFrameMs.toFixed(0)} ms, cold frame ` +
                `${result.processedFrameMs.toFixed(0)} ms, warm apply ${result.warmApplyMs.toFixed(0)} ms`,
            );
          }
        }
      }
      return { coldStarts };
    }
    if (onlyIphone) {
      const iphone = await measureIphone(baseUrl, [...ENGINES, 'cpu'], kodak, log);
      return { bundles, drags, firstFrames, coldStarts, batches, viewfinder: [], iphone, starts };
    }
    if (!onlyCamera) {
      const photo = await makeTwelveMegapixelJpeg(browser, kodak, ...BATCH_SIZE);
      for (const engine of [...ENGINES, 'cpu']) {
        for (const effectId of BATCH_LOOKS) {
          const count = BATCH_COUNT[engine];
          const result = await measureBatch(browser, baseUrl, engine, photo, BATCH_SIZE, count, effectId);
          batches.push(result);
          log(
            `${engine} ${effectId} batch: ${(result.perPhotoMs / 1000).toFixed(1)} s per 12 MP photo (${count})`,
          );
        }
      }
    }
    if (onlyBatch) return { bundles, drags, firstFrames, coldStarts, batches, viewfinder: [], starts };
    const iphone = quick ? [] : await measureIphone(baseUrl, [...ENGINES, 'cpu'], kodak, log);
    const viewfinder = await measureViewfinder(baseUrl, ENGINES, log);
    if (onlyCamera)
      return { bundles, drags, firstFrames, coldStarts, batches, viewfinder, iphone: [], starts };
    const twelve = await makeTwelveMegapixelJpeg(browser, kodak);
    for (const engine of ENGINES) {
      const drag = await measureSliderDrag(browser, baseUrl, engine, kodak);
      drags.push(drag);
      log(`${engine} slider drag: ${drag.frames} frames, longest task ${drag.maxLongTaskMs.toFixed(0)} ms`);
      for (const [label, file] of [
        ['12 MP JPEG (kodim23 upscaled to 4243x2829)', twelve],
        ['24 MP JPEG (phone_24mp_6000x4000.jpg)', phone24],
      ]) {
        const result = await measureFirstFrame(browser, baseUrl, engine, file);
        firstFrames.push({ file: label, ...result });
        log(`${engine} ${label}: first frame ${result.firstFrameMs?.toFixed(0)} ms`);
      }
      // The dearest looks' cold first frame on the 24 MP photo too.
      for (const effectId of COLD_LARGE) {
        const result = await measureColdStart(browser, baseUrl, engine, phone24, effectId, 'vibrance');
        coldStarts.push({ ...result, photo: '24 MP' });
      }
      // Issue 24: every effect's cold first frame on the 12 MP photo, beside a warm apply.
      for (const effectId of workerEffectIds) {
        const other = effectId === 'vibrance' ? 'jpegSimulation' : 'vibrance';
        const result = await measureColdStart(browser, baseUrl, engine, twelve, effectId, other);
        coldStarts.push({ ...result, photo: '12 MP' });
        log(
          `${engine} ${effectId}: photo ${result.firstFrameMs?.toFixed(0)} ms, cold frame ` +
            `${result.processedFrameMs?.toFixed(0)} ms, warm apply ${result.warmApplyMs?.toFixed(0)} ms`,
        );
      }
    }
    const edits = await measureEdits(browser, baseUrl, kodak);
    return { bundles, drags, firstFrames, coldStarts, batches, viewfinder, iphone, starts, edits };
  } finally {
    await browser?.close();
    try {
      process.kill(-server.pid);
    } catch {
      server.kill();
    }
  }
}

/** Issue 62: the edit's change against its looks applied afresh, on each GPU backend. */
async function measureEdits(browser, baseUrl, photo) {
  const edits = [];
  for (const engine of ENGINES) {
    const row = await measureEdit(browser, baseUrl, engine, photo, quick ? 2 : 5);
    edits.push(row);
    log(
      `${engine} edit: afresh ${row.afreshMs.toFixed(0)} ms, first look changed ${row.changeMs.toFixed(0)} ms`,
    );
  }
  return edits;
}

/**
 * After a partial run: RESULTS.md again from the last full run's results.json, with the sections of the
 * partial runs made since (camera-results.json, batch-results.json) in place of their own; each such
 * section says which run it comes from. results.json keeps the full run.
 */
async function rewriteMarkdown() {
  const read = (name) => {
    const file = new URL(`../bench/${name}`, import.meta.url);
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  };
  const full = read('results.json');
  if (!full) return;
  const newer = (part) => part && Date.parse(part.date) > Date.parse(full.date);
  const merged = { ...full };
  const camera = read('camera-results.json');
  if (newer(camera)) {
    merged.camera = camera.camera;
    merged.cameraRun = { date: camera.date, loadAverageBefore: camera.machine?.loadAverageBefore ?? [] };
  }
  const iphone = read('iphone-results.json');
  if (newer(iphone)) {
    merged.iphone = iphone.iphone;
    merged.iphoneRun = { date: iphone.date, loadAverageBefore: iphone.machine?.loadAverageBefore ?? [] };
  }
  // The framed 48 MP run is a run of its own, with no section of the full run's to replace.
  const framed = read('iphone-framed-results.json');
  if (framed) merged.iphoneFramed = framed;
  const thumbnails = read('thumbnail-results.json');
  if (newer(thumbnails)) {
    merged.rows = [...full.rows.filter((row) => row.kind !== 'thumbnails'), ...thumbnails.rows];
    merged.thumbnailRun = {
      date: thumbnails.date,
      loadAverageBefore: thumbnails.machine?.loadAverageBefore ?? [],
    };
  }
  const start = read('start-results.json');
  if (newer(start)) {
    merged.editor = { ...(merged.editor ?? {}), starts: start.starts };
    merged.startRun = { date: start.date, loadAverageBefore: start.machine?.loadAverageBefore ?? [] };
  }
  const cold = read('cold-results.json');
  if (newer(cold)) {
    merged.editor = { ...(merged.editor ?? {}), coldStarts: cold.coldStarts };
    merged.coldRun = { date: cold.date, loadAverageBefore: cold.machine?.loadAverageBefore ?? [] };
  }
  const edit = read('edit-results.json');
  if (newer(edit)) {
    merged.editor = { ...(merged.editor ?? {}), edits: edit.edits };
    merged.editRun = { date: edit.date, loadAverageBefore: edit.machine?.loadAverageBefore ?? [] };
  }
  const batch = read('batch-results.json');
  if (newer(batch)) {
    merged.editor = { ...(merged.editor ?? {}), batches: batch.batches };
    merged.batchRun = { date: batch.date, loadAverageBefore: batch.machine?.loadAverageBefore ?? [] };
  }
  writeFileSync(new URL('../bench/RESULTS.md', import.meta.url), await renderMarkdown(merged));
  console.log('Wrote its section into bench/RESULTS.md (the rest from the last full run)');
}

if (args.includes('--report')) {
  // RESULTS.md again from the stored results, nothing measured.
  await rewriteMarkdown();
  process.exit(0);
}

/** A partial run: its own results file (`bench/<file>`), its lines printed, and its section of RESULTS.md. */
async function writePartial(file, results, lines) {
  const partial = {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
    },
    ...results,
  };
  writeFileSync(new URL(`../bench/${file}`, import.meta.url), `${JSON.stringify(partial, null, 2)}\n`);
  console.log(`\n${lines(partial).join('\n')}`);
  await rewriteMarkdown();
  process.exit(0);
}

if (onlyIphone) {
  const { iphone } = await editor([]);
  await writePartial('iphone-results.json', { iphone }, (partial) => iphoneLines(partial.iphone));
}
if (onlyThumbnails) {
  // The set and one CCD apply in the same page, CCD timed before and after the set and pooled (the
  // machine's load drifts); each row carries its own CCD, so the ratio is of one run.
  const rows = await withPage('/bench/index.html', PORT, async (page) => {
    const made = [];
    for (const engine of ENGINES) {
      const ccd = () =>
        page.evaluate(
          (a) => window.harness.benchEffect(a[0], 1080, 720, 'ccdEffect', {}, a[1], a[2]),
          [engine, GPU.warmup, GPU.iterations],
        );
      const before = await ccd();
      const [set] = await page.evaluate((a) => window.bench.thumbnails(...a), [engine, 1080, 720, GPU]);
      const after = await ccd();
      const samplesMs = [...before.samplesMs, ...after.samplesMs];
      made.push({ ...set, ccd: { medianMs: median(samplesMs), passes: before.passes } });
      log(`${engine} thumbnail set ${set.medianMs.toFixed(0)} ms, CCD ${median(samplesMs).toFixed(0)} ms`);
    }
    return made;
  });
  await writePartial('thumbnail-results.json', { rows }, (partial) =>
    partial.rows.map((row) => `${row.engine}: set / CCD ${(row.medianMs / row.ccd.medianMs).toFixed(2)}`),
  );
}
if (onlyStart) {
  const { starts } = await editor([]);
  await writePartial('start-results.json', { starts }, (partial) => startLines(partial.starts));
}
if (onlyCold) {
  const { coldStarts } = await editor([]);
  await writePartial('cold-results.json', { coldStarts }, (partial) =>
    coldLines({ editor: { coldStarts: partial.coldStarts } }),
  );
}
if (onlyEdit) {
  const { edits } = await editor([]);
  await writePartial('edit-results.json', { edits }, (partial) => editLines(partial.edits));
}
if (onlyBatch) {
  const { batches } = await editor([]);
  await writePartial('batch-results.json', { batches }, batchLines);
}
const gpu = await gpuAndCpu();
const editorResults = args.includes('--no-editor')
  ? null
  : await editor([
      ...new Set(
        gpu.rows.filter((row) => row.kind === 'effect' && row.engine === 'webgpu').map((row) => row.name),
      ),
    ]);
const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  os: `${platform()} ${release()}`,
  browser: gpu.browser,
  webgpuAdapter: gpu.adapter,
  webglRenderer: gpu.webglRenderer,
  loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
  loadAverageAfter: loadavg().map((l) => Number(l.toFixed(2))),
};
const results = {
  date: new Date().toISOString(),
  durationS: Math.round((Date.now() - started) / 1000),
  machine,
  options: {
    sizes: SIZES,
    gpu: GPU,
    gpu12mp: GPU_12MP,
    stages: STAGE_REPEAT,
    cpu: { ...CPU, size: CPU_SIZE },
    cpuBackend: CPU_BACKEND,
    jpegQuality: JPEG_QUALITY,
    quick,
  },
  identities: gpu.identities,
  rows: gpu.rows,
  jpeg: gpu.jpeg,
  browserJpeg: gpu.browserJpeg,
  cpu: gpu.cpu,
  camera: { still: gpu.cameraStill, viewfinder: editorResults?.viewfinder ?? [] },
  iphone: editorResults?.iphone ?? [],
  bundles: editorResults?.bundles ?? null,
  editor: editorResults && {
    drags: editorResults.drags,
    firstFrames: editorResults.firstFrames,
    coldStarts: editorResults.coldStarts,
    starts: editorResults.starts,
    batches: editorResults.batches,
  },
};
if (onlyCamera) {
  // A partial run: its own file, and its section of RESULTS.md.
  writeFileSync(
    new URL('../bench/camera-results.json', import.meta.url),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  const verdict = cameraVerdict(results);
  console.log(
    `\n${cameraLines(results).join('\n')}\n${verdict.holds ? 'HOLDS  ' : 'NOT MET'}  ${verdict.point}: ${verdict.detail}`,
  );
  await rewriteMarkdown();
  process.exit(0);
}
writeFileSync(new URL('../bench/results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
const markdown = await renderMarkdown(results);
writeFileSync(new URL('../bench/RESULTS.md', import.meta.url), markdown);
console.log(`\n${markdown}\n${renderSummary(results)}`);
console.log('Wrote bench/results.json and bench/RESULTS.md');
