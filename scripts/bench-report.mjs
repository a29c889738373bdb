// Renders bench/results.json as bench/RESULTS.md (scripts/bench.mjs calls this; `node
// scripts/bench-report.mjs` renders an existing results.json again).
import { editLines } from './bench-edit.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { iphoneLines } from './bench-iphone.mjs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { budgetFailures, kb, LANDING_BUDGET_KB } from './size.mjs';

/** "What must hold" in issue 7: effects at 1080 px cost at most this many identity passes. */
export const MAX_IDENTITY_PASSES = 6;
export const MAX_LONG_TASK_MS = 50;
/** Issue 20: every effect at 1080 px on the CPU backend within this (on the benchmark's machine). */
export const MAX_CPU_BACKEND_MS = 2000;
const ENGINES = ['webgpu', 'webgl2'];
const ENGINE_NAMES = { webgpu: 'WebGPU', webgl2: 'WebGL2', cpu: 'CPU' };

const ms = (value) =>
  value === null || value === undefined ? '–' : value < 100 ? value.toFixed(1) : value.toFixed(0);
const size = (row) => `${row.width}x${row.height}`;
const isTwelve = (row) => row.width * row.height >= 10e6;
const sizeLabel = (row) => (isTwelve(row) ? `12 MP (${size(row)})` : `1080 px (${size(row)})`);
const sameSize = (a, b) => a.width === b.width && a.height === b.height;

function identityFor(results, row) {
  return results.identities.find((i) => i.engine === row.engine && sameSize(i, row));
}

/** The row's time in identity passes of its backend at its size. */
function passes(results, row) {
  return row.medianMs / identityFor(results, row).medianMs;
}

function cpuFor(results, row) {
  return results.cpu.find((c) => c.effect === row.name && sameSize(c, row));
}

/** Pass or fail per "What must hold" point, with the numbers behind it. */
export function verdicts(results) {
  const effects = results.rows.filter((r) => r.kind === 'effect');
  const at1080 = effects.filter((r) => !isTwelve(r));
  const points = [];

  const perEngine = ENGINES.map((engine) => {
    const rows = at1080.filter((r) => r.engine === engine);
    const within = rows.filter((r) => passes(results, r) <= MAX_IDENTITY_PASSES);
    const worst = rows.reduce((a, b) => (passes(results, b) > passes(results, a) ? b : a), rows[0]);
    return { engine, rows, within, worst };
  });
  points.push({
    point: `1. Every effect at 1080 px costs at most ${MAX_IDENTITY_PASSES} identity passes on each backend`,
    holds: at1080.length > 0 && perEngine.every((e) => e.within.length === e.rows.length),
    detail: perEngine
      .filter((e) => e.rows.length)
      .map(
        (e) =>
          `${ENGINE_NAMES[e.engine]}: ${e.within.length} of ${e.rows.length} within; worst ${e.worst.name} ` +
          `${passes(results, e.worst).toFixed(1)}`,
      )
      .join('; '),
  });

  const jpegPairs = results.jpeg
    .filter((j) => j.engine === 'webgpu')
    .map((j) => ({ j, browser: results.browserJpeg.find((b) => sameSize(b, j)) }));
  points.push({
    point:
      "2. The jpeg stage is faster than the browser's encode+decode round trip at the same size on WebGPU",
    holds:
      jpegPairs.length > 0 && jpegPairs.every(({ j, browser }) => browser && j.medianMs < browser.medianMs),
    detail: jpegPairs
      .map(({ j, browser }) => `${size(j)}: stage ${ms(j.medianMs)} ms, browser ${ms(browser?.medianMs)} ms`)
      .join('; '),
  });

  const twelve = effects.filter((r) => r.engine === 'webgpu' && isTwelve(r));
  const compared = twelve.map((r) => ({ row: r, cpu: cpuFor(results, r) }));
  const faster = compared.filter(({ row, cpu }) => cpu && row.medianMs < cpu.medianMs);
  const slower = compared.filter((c) => !faster.includes(c));
  points.push({
    point: '3. Every effect on WebGPU is faster than the CPU baseline at 12 MP',
    holds: twelve.length > 0 && slower.length === 0,
    detail: twelve.length
      ? `${faster.length} of ${twelve.length} faster` +
        (slower.length
          ? `; not faster: ${slower
              .map(
                ({ row, cpu }) =>
                  `${row.name} (${ms(row.medianMs)} vs ${cpu ? ms(cpu.medianMs) : 'no CPU'} ms)`,
              )
              .join(', ')}`
          : '')
      : 'no 12 MP rows',
  });

  const drags = results.editor?.drags ?? [];
  points.push({
    point: `4. No main-thread long task over ${MAX_LONG_TASK_MS} ms during the slider drag`,
    holds: drags.length > 0 && drags.every((d) => d.maxLongTaskMs <= MAX_LONG_TASK_MS),
    detail: drags.length
      ? drags
          .map(
            (d) =>
              `${ENGINE_NAMES[d.engine]}: longest ${ms(d.maxLongTaskMs)} ms (${d.longTasks.length} long tasks, ` +
              `${d.frames} frames)`,
          )
          .join('; ')
      : 'not measured',
  });

  const landing = results.bundles?.routes.find((r) => r.path === '/');
  const failures = results.bundles ? budgetFailures(results.bundles) : ['not measured'];
  points.push({
    point: `6. The landing route loads at most ${LANDING_BUDGET_KB} KB of gzipped JavaScript; heavy code on demand`,
    holds: failures.length === 0,
    detail: landing
      ? `landing ${kb(landing.gzipBytes)} KB${failures.length ? `; ${failures.join('; ')}` : '; fabric, collage, HEIC on demand'}`
      : 'not measured',
  });
  return points;
}

/** Issue 20's point on the CPU backend. */
export function cpuBackendVerdict(results) {
  const rows = results.rows.filter((r) => r.kind === 'effect' && r.engine === 'cpu' && !isTwelve(r));
  const slowest = rows.reduce((a, b) => (b.medianMs > a.medianMs ? b : a), rows[0]);
  return {
    point: `Issue 20: every effect at 1080 px on the CPU backend in at most ${MAX_CPU_BACKEND_MS / 1000} s`,
    holds: rows.length > 0 && rows.every((r) => r.medianMs <= MAX_CPU_BACKEND_MS),
    detail: rows.length ? `slowest ${slowest.name} ${ms(slowest.medianMs)} ms` : 'not measured',
  };
}

/** Issue 27: seconds per 12 MP photo in a batch, per backend (empty when not measured). */
export function batchLines(results) {
  const batches = results.editor?.batches ?? results.batches ?? [];
  if (batches.length === 0) return [];
  const lines = ['## Batch (issue 27)', '', ...partialRun('--only-batch', results.batchRun)];
  lines.push(
    "The production editor on each backend: copies of a 4000x3000 JPEG chosen together, a look chosen, then 'Apply " +
      "to all'; from the click to the zip's download, divided by the photos. Each photo is checked by the " +
      'intake, decoded at its full size in the worker, run through the look there, encoded as JPEG (0.9) and ' +
      'written into the zip. Two looks: CCD (a camera: it runs at its own low resolution and its pixels are ' +
      'scaled up, so decoding and encoding the photo dominate) and the pg2016 grade (every pixel at the full ' +
      'size). The CPU backend does two photos.',
    '',
  );
  lines.push('| backend | look | seconds per 12 MP photo in a batch | photos | total s | zip MB |');
  lines.push('|---|---|---:|---:|---:|---:|');
  for (const b of batches) {
    lines.push(
      `| ${ENGINE_NAMES[b.engine] ?? b.engine} | ${b.effectId} | ${(b.perPhotoMs / 1000).toFixed(1)} | ${b.count} | ` +
        `${(b.totalMs / 1000).toFixed(1)} | ${(b.zipBytes / 1e6).toFixed(1)} |`,
    );
  }
  lines.push('');
  return lines;
}

/** The middle value of samples (the mean of the two middle ones); NaN for none. */
export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median of the numbers among `values`, or null where there are none. */
function middle(values) {
  const numbers = values.filter((v) => typeof v === 'number');
  return numbers.length ? median(numbers) : null;
}

/** Issue 38: the engine's start with its self-test and without (empty when not measured). */
/** Issue 62: changing the first of three looks against applying the three afresh. */
function editSection(results) {
  const edits = results.editor?.edits ?? [];
  if (edits.length === 0) return [];
  const run = results.editRun
    ? ` (from \`npm run bench -- --only-edit\` on ${results.editRun.date.slice(0, 10)})`
    : '';
  return [
    `## The edit: a change of its first look${run}`,
    '',
    'Three looks (CCD, Filters, Vibrance) applied afresh one after another on a 768x512 photo, the times of ' +
      'the three applies summed, against the Bloom of the first changed afterwards, which makes the first ' +
      'look and the two after it again (the photo is kept). Medians of the runs, in one page.',
    '',
    ...editLines(edits),
    '',
    "'Its Enter to the worker': from the Enter that takes the typed Bloom to the `applyEffect` message " +
      "posted to the worker (the page's own hops, before the worker has the value).",
    '',
  ];
}

export function startLines(starts, run) {
  if (!starts?.length) return [];
  const of = (selfTest) => starts.filter((row) => row.selfTest === selfTest);
  const median = (selfTest, key) => middle(of(selfTest).map((row) => row[key]));
  const added = (key) => {
    const without = median(false, key);
    const withTest = median(true, key);
    return withTest !== null && without !== null ? withTest - without : null;
  };
  const engines = [...new Set(starts.map((row) => row.engine))].join(', ');
  const lines = [
    "## The engine's start and its self-test (issue 38)",
    '',
    ...partialRun('--only-start', run),
  ];
  lines.push(
    'A fresh production editor on Automatic, alternately without the self-test and with it, a 12 MP JPEG ' +
      'chosen while the engine starts (as a photo handed over from the landing page is): from navigation ' +
      "to WorkerReady and to the photo on screen (ImageReady). The self-test runs in the worker's first " +
      "idle moment, behind that photo; its own time is the worker's log line. The editor skips it on a " +
      'software renderer (SwiftShader here), so `?breakEngine=` (spoiling nothing) runs it here, where ' +
      'SwiftShader compiles its programs. It must add at most 50 ms to the start.',
    '',
    `| start (engine: ${engines}) | to WorkerReady, median ms | to the photo on screen, median ms | runs |`,
    '|---|---:|---:|---:|',
    `| without the self-test | ${ms(median(false, 'readyMs'))} | ${ms(median(false, 'photoMs'))} | ${of(false).length} |`,
    `| with the self-test | ${ms(median(true, 'readyMs'))} | ${ms(median(true, 'photoMs'))} | ${of(true).length} |`,
    `| the self-test alone (worker log, after the photo) | | ${ms(median(true, 'selfTestMs'))} | ${of(true).length} |`,
    '',
    `Added to the start: ${ms(added('readyMs'))} ms to WorkerReady, ${ms(added('photoMs'))} ms to the photo on screen.`,
    '',
  );
  return lines;
}

/** Issue 26: how much the live viewfinder adds to the still pipeline's cost per frame, at most. */
export const MAX_LIVE_OVERHEAD = 0.25;

/** Each viewfinder row beside the still pipeline's cost of the same look at the same size. */
export function cameraRows(results) {
  const still = results.camera?.still ?? [];
  return (results.camera?.viewfinder ?? []).map((row) => {
    const match = still.find(
      (s) =>
        s.engine === row.engine &&
        (row.effect ? s.kind === 'effect' && s.name === row.effect : s.kind === 'identity'),
    );
    const stillMs = match?.medianMs ?? null;
    return {
      ...row,
      stillMs,
      overhead: stillMs ? row.frameCostMs / stillMs - 1 : null,
      latencyInCosts: row.frameCostMs ? row.latencyMs / row.frameCostMs : null,
    };
  });
}

/**
 * The cold start: each look's first frame in a fresh editor beside a warm apply of it, on the photo
 * named in its row (the full run times every look on the 12 MP photo and the dearest on the 24 MP one
 * too; `--only-cold` the dearest on both, the median of three fresh editors).
 */
export function coldLines(results) {
  const cold = results.editor?.coldStarts ?? [];
  if (!cold.length) return [];
  const lines = ['## Cold start (issue 24)', ''];
  lines.push(...partialRun('--only-cold', results.coldRun));
  lines.push(
    'Each effect in a fresh editor (a new worker: no pipeline or shader program made yet) opened with it as ' +
      "its look (`?effect=`), the photo chosen: from the file input's change event to the photo shown " +
      'and to the first processed frame. Then, warm (every thumbnail made), the same effect chosen again after ' +
      'another one: from the click to its frame. It must hold: the cold first frame within the photo shown plus ' +
      '1.5 warm applies.',
    '',
    '| backend | photo | effect | photo shown ms | cold first frame ms | warm apply ms | limit ms | holds |',
    '|---|---|---|---:|---:|---:|---:|---|',
  );
  for (const c of cold) {
    const limit =
      c.firstFrameMs != null && c.warmApplyMs != null ? c.firstFrameMs + 1.5 * c.warmApplyMs : null;
    const holds =
      limit != null && c.processedFrameMs != null ? (c.processedFrameMs <= limit ? 'yes' : '**no**') : '?';
    lines.push(
      `| ${ENGINE_NAMES[c.engine]} | ${c.photo ?? '12 MP'} | ${c.effectId} | ${ms(c.firstFrameMs)} | ` +
        `${ms(c.processedFrameMs)} | ${ms(c.warmApplyMs)} | ${ms(limit)} | ${holds} |`,
    );
  }
  lines.push('');
  return lines;
}

/** Where a section comes from a partial run, a line that says which, and how busy the machine was. */
function partialRun(option, run) {
  if (!run) return [];
  const load = run.loadAverageBefore?.map((l) => Number(l).toFixed(2)).join(', ');
  return [
    `From \`npm run bench -- ${option}\` on ${run.date.slice(0, 10)}` +
      (load ? ` (load average before: ${load})` : '') +
      ', not from the run the rest of this page comes from.',
    '',
  ];
}

/** The camera's section of RESULTS.md (empty without viewfinder rows). */
export function cameraLines(results) {
  const rows = cameraRows(results);
  if (rows.length === 0) return [];
  const lines = [
    "## The camera's viewfinder (issue 26)",
    '',
    ...partialRun('--only-camera', results.cameraRun),
  ];
  lines.push(
    "Chromium's fake camera playing a 640x480 test scene (a .y4m, 30 fps) into the production build's " +
      'viewfinder at a fixed 640 px long side, each look timed for 4 s after 4 warm-up frames. Still: the ' +
      'same effect at 640x480 on the benchmark page (`bench.effects`: the chain, the result shown on the ' +
      "worker's canvas as the editor shows an apply, the GPU's finish). Live: " +
      "the median of the worker's time per frame (the frame into the input texture the way the viewfinder's " +
      "trial chose, the chain, the canvas, the GPU's finish; still rows are medians too); latency: the median " +
      "time from a frame's arrival in the page or the worker to its frame on the canvas. The " +
      `live path may add at most ${MAX_LIVE_OVERHEAD * 100} % to the still cost; latency should stay within two frame costs.`,
    '',
  );
  lines.push(
    '| backend | look | still ms | live ms per frame | live / still | fps | latency ms | latency in frame costs | path | to the GPU |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|',
  );
  for (const r of rows) {
    const overhead =
      r.overhead == null ? '–' : `${r.overhead >= 0 ? '+' : ''}${(r.overhead * 100).toFixed(0)} %`;
    lines.push(
      `| ${ENGINE_NAMES[r.engine]} | ${r.look} | ${ms(r.stillMs)} | ${ms(r.frameCostMs)} | ${overhead} | ` +
        `${r.fps.toFixed(1)} | ${ms(r.latencyMs)} | ${r.latencyInCosts == null ? '–' : r.latencyInCosts.toFixed(2)} | ${r.path} | ${r.upload ?? '–'} |`,
    );
  }
  lines.push('');
  return lines;
}

/** The camera's verdict: the live path's overhead on every look with an effect. */
export function cameraVerdict(results) {
  const rows = cameraRows(results).filter((r) => r.effect && r.overhead != null);
  const worst = rows.reduce((a, b) => (b.overhead > a.overhead ? b : a), rows[0]);
  return {
    point: `Issue 26: the live viewfinder adds at most ${MAX_LIVE_OVERHEAD * 100} % to the still pipeline per frame at 640x480`,
    holds: rows.length > 0 && rows.every((r) => r.overhead <= MAX_LIVE_OVERHEAD),
    detail: worst
      ? `worst ${worst.engine} ${worst.look}: ${(worst.overhead * 100).toFixed(0)} % (${ms(worst.frameCostMs)} ms live, ${ms(worst.stillMs)} ms still)`
      : 'no viewfinder rows',
  };
}

export function renderSummary(results) {
  return [
    ...verdicts(results),
    cpuBackendVerdict(results),
    ...(results.camera?.viewfinder?.length ? [cameraVerdict(results)] : []),
  ]
    .map((v) => `${v.holds ? 'HOLDS  ' : 'NOT MET'}  ${v.point}: ${v.detail}`)
    .join('\n');
}

const runs = (repeat) => `${repeat.iterations} runs after ${repeat.warmup} warm-up`;

function effectTable(results, width, height, lines) {
  const rows = results.rows.filter((r) => r.kind === 'effect' && r.width === width && r.height === height);
  if (rows.length === 0) return;
  const withCpu = results.cpu.some((c) => c.width === width && c.height === height);
  const header = [
    'effect',
    'GPU passes (WebGPU / WebGL2)',
    'WebGPU ms',
    'WebGPU identity passes',
    'WebGL2 ms',
    'WebGL2 identity passes',
  ];
  if (withCpu) header.push('CPU ms', 'CPU / WebGPU');
  lines.push(
    `| ${header.join(' | ')} |`,
    `|---|${header
      .slice(1)
      .map(() => '---:')
      .join('|')}|`,
  );
  const identity = ENGINES.map((engine) => identityFor(results, { engine, width, height }));
  const identityCells = identity.flatMap((i) => [ms(i?.medianMs), '1']);
  lines.push(`| identity (copy) | 1 | ${identityCells.join(' | ')} |${withCpu ? ' | |' : ''}`);
  const names = [...new Set(rows.map((r) => r.name))];
  for (const name of names) {
    const byEngine = ENGINES.map((engine) => rows.find((r) => r.engine === engine && r.name === name));
    const label = byEngine.find(Boolean).label;
    const cells = byEngine.flatMap((row) => {
      if (!row) return ['–', '–'];
      const p = passes(results, row);
      return [ms(row.medianMs), p > MAX_IDENTITY_PASSES ? `**${p.toFixed(1)}**` : p.toFixed(1)];
    });
    if (withCpu) {
      const gpu = byEngine[0];
      const cpu = gpu && cpuFor(results, gpu);
      cells.push(
        cpu ? ms(cpu.medianMs) : '–',
        cpu && gpu ? `${(cpu.medianMs / gpu.medianMs).toFixed(1)}x` : '–',
      );
    }
    // WebGPU / WebGL2 where they differ (a stage may use workgroup memory on WebGPU).
    const counts = [...new Set(byEngine.map((row) => row?.passes).filter((p) => p !== undefined))];
    const passCount = counts.length > 0 ? counts.join(' / ') : '–';
    lines.push(`| ${label} (\`${name}\`) | ${passCount} | ${cells.join(' | ')} |`);
  }
  lines.push('');
}

export async function renderMarkdown(results) {
  const m = results.machine;
  const o = results.options;
  const lines = [];
  lines.push('# Benchmark results', '');
  const twelve = o.sizes.some(([width, height]) => isTwelve({ width, height }));
  lines.push(
    `Made by \`npm run bench\` on ${results.date.slice(0, 10)}, in ${Math.round(results.durationS / 60)} min. ` +
      `Every time is a median: at 1080 px of ${runs(o.gpu)} runs; ` +
      (twelve ? `at 12 MP of ${runs(o.gpu12mp)} run (the shaders are compiled by then); ` : '') +
      (results.rows.some((r) => r.kind === 'stage') ? `stages alone of ${runs(o.stages)} run; ` : '') +
      'the CPU baseline (a run takes seconds to a minute there) of ' +
      `${o.cpu.iterations === 1 ? 'a single run per effect' : `${o.cpu.iterations} runs`}` +
      `${o.cpu.warmup ? ` after ${o.cpu.warmup} warm-up` : ', without warm-up'}, at ${o.cpu.size.join('x')}. ` +
      'Every sample is in `bench/results.json`.',
    '',
  );
  lines.push('## Machine', '');
  lines.push(`- CPU: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory; ${m.os}`);
  lines.push(`- Browser: ${m.browser}`);
  lines.push(`- WebGPU adapter: ${m.webgpuAdapter}; WebGL2 renderer: ${m.webglRenderer ?? 'not recorded'}`);
  lines.push(
    '- No real GPU: WebGPU and WebGL2 both run on SwiftShader, which emulates a GPU on the CPU, so every ' +
      '"GPU" time here is CPU time, on the same two cores as the CPU baseline.',
  );
  lines.push(
    `- Load average (1, 5, 15 min) before: ${m.loadAverageBefore.join(', ')}; after: ${m.loadAverageAfter.join(', ')}. ` +
      'The machine is shared with other work, so times are noisy: compare the ratios within this run (the ' +
      "identity pass is measured before and after each size's rows, and pooled).",
    '',
  );

  lines.push('## What must hold (issue 7)', '');
  lines.push('| point | holds | numbers |', '|---|---|---|');
  for (const v of verdicts(results))
    lines.push(`| ${v.point} | ${v.holds ? 'yes' : '**no**'} | ${v.detail} |`);
  lines.push('', 'Point 5 (the full-resolution export) is measured with the export, not here.', '');
  lines.push('### Reading these numbers', '');
  lines.push(
    '- SwiftShader runs shaders on the CPU, a few lanes wide. An identity pass is then a memory-bound copy, ' +
      'and arithmetic that a GPU would hide behind its memory traffic (the JPEG DCTs, hashes for noise and ' +
      'grain, tetrahedral LUT lookups) costs many identity passes here. Point 1 is a statement about GPUs ' +
      'and cannot be settled on this machine; the table shows where the passes go.',
    "- The browser's JPEG round trip is libjpeg-turbo: SIMD integer transforms on the CPU, plus a decode. " +
      'The jpeg stage is the same maths in float shaders, emulated on the same CPU, so point 2 fails here by ' +
      'a wide margin; on a GPU the stage is two passes on WebGPU (a workgroup per 8x8-block MCU, then the ' +
      'chroma upsampling) and five on WebGL2.',
    "- The CPU baseline is the tests' reference code, written to be read (float images, small arrays per " +
      'pixel), not tuned: a tuned CPU implementation would be several times faster, so point 3 compares with ' +
      "a slow baseline. Both run on the same two cores; the GPU's passes are multi-threaded by SwiftShader, " +
      'the references are single-threaded.',
    '- Long tasks are measured on the main thread only: the worker does the image work, so point 4 is about ' +
      'the page staying responsive, not about the apply being fast. The long animation frames column says ' +
      'what ran in them: frames with no script and no blocking time waited on rendering, not on the main ' +
      "thread; scripts named there are the page's own input and worker-message handlers (state updates and " +
      "React renders), which SwiftShader's threads slow down by sharing the two cores.",
    '- Run to run on this shared machine, a ratio moves by 10 to 30 % and a long task near 50 ms may or may ' +
      'not cross the line: the verdicts on points 3 and 4 are from this one run.',
    '',
  );

  lines.push('## Effects at their defaults', '');
  lines.push(
    'Identity passes: the time over one identity copy pass (one read and one write of every pixel) on the ' +
      "same backend at the same input size; bold above 6. CPU: the same stage list run by the tests' CPU " +
      'references (`tests/reference`, plain TypeScript written to be read, not tuned) in a worker, on the ' +
      'same synthetic image.',
    '',
  );
  for (const [width, height] of o.sizes) {
    lines.push(`### ${sizeLabel({ width, height })}`, '');
    effectTable(results, width, height, lines);
  }

  const cpuRows = results.rows.filter((r) => r.kind === 'effect' && r.engine === 'cpu');
  if (cpuRows.length) {
    const verdict = cpuBackendVerdict(results);
    lines.push('## The CPU backend', '');
    lines.push(
      'The last resort, for a worker that gets neither WebGPU nor WebGL2 (Firefox without WebGL, Safari ' +
        "before 17, a blocklisted GPU): each stage's GLSL passes as kernels on typed arrays, one thread, " +
        `${runs(o.cpuBackend)} each. ${verdict.point}: ${verdict.holds ? 'holds' : '**not met**'} (${verdict.detail}).`,
      '',
    );
    // No identity-pass column: the CPU's copy is one memcpy, far cheaper than any pass that computes.
    lines.push('| effect | passes | CPU backend ms | WebGL2 ms | CPU backend / WebGL2 |');
    lines.push('|---|---:|---:|---:|---:|');
    const identity = identityFor(results, cpuRows[0]);
    lines.push(`| identity (copy) | 1 | ${ms(identity?.medianMs)} | | |`);
    for (const row of cpuRows) {
      const gl = results.rows.find(
        (r) => r.kind === 'effect' && r.engine === 'webgl2' && r.name === row.name && sameSize(r, row),
      );
      const slow = row.medianMs > MAX_CPU_BACKEND_MS;
      lines.push(
        `| ${row.label} (\`${row.name}\`) | ${row.passes ?? '–'} | ${slow ? `**${ms(row.medianMs)}**` : ms(row.medianMs)} | ` +
          `${ms(gl?.medianMs)} | ${gl ? (row.medianMs / gl.medianMs).toFixed(1) : '–'} |`,
      );
    }
    lines.push('');
  }

  const thumbnailRows = results.rows.filter((r) => r.kind === 'thumbnails');
  if (thumbnailRows.length) {
    lines.push('## Thumbnails (issues 23 and 38)', '');
    lines.push(
      "The editor's thumbnails of the photo: every effect at its defaults and every Filters look, each run " +
        "on the photo reduced to 160 px (CCD on 360 px; a camera's resolution scaled as if the photo were 360 px), " +
        'reduced to 160 px where it changed size and copied into an atlas, one call after another in the worker, ' +
        'each call ending with its GPU work done; the atlas read back once for the effects and once for the looks. ' +
        'The whole set beside one CCD apply at the same size; it must cost no more (at most 1x on WebGPU and WebGL2):',
      '',
    );
    lines.push(...partialRun('--only-thumbnails', results.thumbnailRun));
    lines.push('| backend | photo | whole set ms (passes) | one CCD apply ms (passes) | set / CCD |');
    lines.push('|---|---|---:|---:|---:|');
    for (const row of thumbnailRows) {
      // A partial run (--only-thumbnails) timed its own CCD apply beside the set.
      const ccd =
        row.ccd ??
        results.rows.find(
          (r) => r.kind === 'effect' && r.engine === row.engine && r.name === 'ccdEffect' && sameSize(r, row),
        );
      if (!ccd) continue;
      lines.push(
        `| ${ENGINE_NAMES[row.engine]} | ${size(row)} | ${ms(row.medianMs)} (${row.passes ?? '?'}) | ` +
          `${ms(ccd.medianMs)} (${ccd.passes ?? '?'}) | ${(row.medianMs / ccd.medianMs).toFixed(2)} |`,
      );
    }
    lines.push('');
  }

  const unfused = results.rows.filter((r) => r.kind === 'unfused');
  if (unfused.length) {
    lines.push('## Fused per-pixel stages', '');
    lines.push(
      'Adjacent per-pixel stages (LUT, vignette, grain, noise, vibrance, dual vignette) run as one generated ' +
        'pass that reads and writes each texel once. Each effect that has such a run, timed with those stages ' +
        'one by one between two fused measurements (pooled):',
      '',
    );
    lines.push(
      '| backend | effect | size | fused ms (passes) | one by one ms (passes) | fused / one by one |',
    );
    lines.push('|---|---|---|---:|---:|---:|');
    for (const row of unfused) {
      const fused = results.rows.find(
        (r) => r.kind === 'fused' && r.engine === row.engine && r.name === row.name && sameSize(r, row),
      );
      if (!fused) continue;
      lines.push(
        `| ${ENGINE_NAMES[row.engine]} | ${row.label} (\`${row.name}\`) | ${size(row)} | ` +
          `${ms(fused.medianMs)} (${fused.passes ?? '?'}) | ${ms(row.medianMs)} (${row.passes ?? '?'}) | ` +
          `${(fused.medianMs / row.medianMs).toFixed(2)} |`,
      );
    }
    lines.push('');
  }

  lines.push("## The jpeg stage against the browser's JPEG round trip", '');
  lines.push(
    `Quality ${o.jpegQuality}. Browser: the pixels in a 2D OffscreenCanvas, \`convertToBlob\` (image/jpeg) and ` +
      "`createImageBitmap` of the file, in a worker. Stage: the engine's jpeg stage alone (colour conversion, " +
      '4:2:0, DCT, quantisation and back), input and output on the GPU.',
    '',
  );
  lines.push(
    '| size | browser ms | WebGPU stage ms | WebGPU / browser | WebGL2 stage ms | WebGL2 / browser |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|');
  for (const browser of results.browserJpeg) {
    const cells = ENGINES.flatMap((engine) => {
      const stage = results.jpeg.find((j) => j.engine === engine && sameSize(j, browser));
      return stage ? [ms(stage.medianMs), (stage.medianMs / browser.medianMs).toFixed(1)] : ['–', '–'];
    });
    lines.push(`| ${size(browser)} | ${ms(browser.medianMs)} | ${cells.join(' | ')} |`);
  }
  lines.push('');

  if (results.editor) {
    lines.push('## In the editor (production build)', '');
    lines.push(
      'Slider drag: CCD on kodim23 (processed at 1080x720), its Bloom slider dragged back and forth with the ' +
        'mouse held down for 5 s; long tasks from a PerformanceObserver on the main thread; frames: applies ' +
        "that finished while the mouse was down (later settings replace a running apply's, the latest wins).",
      '',
    );
    lines.push(
      '| backend | drag ms | mouse moves | frames | long tasks over 50 ms (ms each) | longest ms | ' +
        'long animation frames: ms (blocking ms, script ms) |',
    );
    lines.push('|---|---:|---:|---:|---|---:|---|');
    for (const d of results.editor.drags) {
      const longFrames = (d.longFrames ?? [])
        .map(
          (f) =>
            `${f.durationMs} (${f.blockingMs}, ${f.scriptMs}${f.scripts.length ? `: ${f.scripts.join('; ')}` : ''})`,
        )
        .join(', ');
      lines.push(
        `| ${ENGINE_NAMES[d.engine]} | ${ms(d.durationMs)} | ${d.moves} | ${d.frames} | ` +
          `${d.longTasks.join(', ') || 'none'} | ${ms(d.maxLongTaskMs)} | ${longFrames || 'none'} |`,
      );
    }
    lines.push('');
    lines.push(
      'First frames: the editor opened with CCD as its look (`?effect=ccdEffect`), then a file chosen; from ' +
        "the file input's change event to the photo shown (checked, decoded upright at the 1080 px processing " +
        'size, uploaded and drawn by the worker) and to the first processed frame (CCD applied to it).',
      '',
    );
    lines.push(
      '| backend | file | photo shown ms | first processed frame ms | longest main-thread task ms |',
    );
    lines.push('|---|---|---:|---:|---:|');
    for (const f of results.editor.firstFrames) {
      lines.push(
        `| ${ENGINE_NAMES[f.engine]} | ${f.file} | ${ms(f.firstFrameMs)} | ${ms(f.processedFrameMs)} | ${ms(f.maxLongTaskMs)} |`,
      );
    }
    lines.push('');
  }

  lines.push(...cameraLines(results));
  lines.push(...batchLines(results));
  lines.push(...startLines(results.editor?.starts, results.startRun));
  lines.push(
    ...iphoneLines(results.iphone, partialRun('--only-iphone', results.iphoneRun), results.iphoneFramed),
  );

  lines.push(...coldLines(results));
  lines.push(...editSection(results));

  if (results.bundles) {
    lines.push('## Bundles (gzipped JavaScript, `npm run size`)', '');
    lines.push(
      "A route counts index.html's module script and modulepreload links with their static imports, and the " +
        'dynamic chunks and workers that route starts (the editor: the engine worker and the one backend it loads).',
      '',
    );
    lines.push('| loads | KB | chunks |', '|---|---:|---|');
    for (const r of results.bundles.routes)
      lines.push(
        `| route \`${r.path}\`${r.label ? ` ${r.label}` : ''} | ${kb(r.gzipBytes)} | ${r.chunks.map((c) => c.file).join(', ')} |`,
      );
    for (const g of results.bundles.onDemand)
      lines.push(
        `| ${g.label}, on top of the editor | ${kb(g.gzipBytes)} | ${g.chunks.map((c) => c.file).join(', ')} |`,
      );
    lines.push('');
  }

  const stages = results.rows.filter((r) => r.kind === 'stage');
  if (stages.length) {
    lines.push("## Stages alone at 1080 px (diagnostic: each stage's first test case)", '');
    lines.push('| stage (case) | WebGPU ms | WebGPU identity passes | WebGL2 ms | WebGL2 identity passes |');
    lines.push('|---|---:|---:|---:|---:|');
    for (const name of [...new Set(stages.map((r) => r.name))]) {
      const byEngine = ENGINES.map((engine) => stages.find((r) => r.engine === engine && r.name === name));
      const cells = byEngine.flatMap((row) =>
        row ? [ms(row.medianMs), passes(results, row).toFixed(1)] : ['–', '–'],
      );
      lines.push(`| ${name} (${byEngine.find(Boolean).label}) | ${cells.join(' | ')} |`);
    }
    lines.push('');
  }

  const text = `${lines.join('\n')}\n`;
  const file = fileURLToPath(new URL('../bench/RESULTS.md', import.meta.url));
  const config = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...config, filepath: file });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = JSON.parse(readFileSync(new URL('../bench/results.json', import.meta.url), 'utf8'));
  writeFileSync(new URL('../bench/RESULTS.md', import.meta.url), await renderMarkdown(results));
  console.log(renderSummary(results));
}
