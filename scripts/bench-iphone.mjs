// Issue 36, point 3: the iPhone photo's memory. In the production editor, per backend and photo size: a
// fresh browser, the photo chosen, a look chosen, then Save at full resolution; the time of each part and
// the peak memory of every process of the browser (proportional set size from /proc/<pid>/smaps_rollup,
// so pages shared between processes count once), per process type and all together, sampled every
// 200 ms from the photo's choosing to the download.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, ensureChromium } from './chromium.mjs';
import { discardable, memoryInfraDump } from './memory-infra.mjs';
import { makeTwelveMegapixelJpeg, waitSettled } from './bench-editor.mjs';

/** The sizes an iPhone takes (12, 24 and 48 MP) with CCD, and the largest the intake takes with Filters. */
export const IPHONE_RUNS = [
  { label: '12 MP', width: 4032, height: 3024, effectId: 'ccdEffect' },
  { label: '24 MP', width: 5712, height: 4284, effectId: 'ccdEffect' },
  { label: '48 MP', width: 8064, height: 6048, effectId: 'ccdEffect' },
  // The 48 MP photo on an instant square print (a 6,737 x 8,192 print), saved under iOS's canvas limits.
  {
    label: '48 MP framed',
    width: 8064,
    height: 6048,
    effectId: 'ccdEffect',
    query: 'deviceLimits=ios&frame=instant-square',
  },
  { label: '120 MP', width: 10950, height: 10950, effectId: 'pg2016' },
];

/** How long after the photo is ready the editor is first sampled at rest. */
const REST_MS = 15_000;
/**
 * Issue 38 point 4: when the 12 and 120 MP rows are compared at rest, after the photo is ready. A decode's
 * pixels live in discardable memory, and when freed stay on the renderer's free list until Chromium's
 * scheduled purge, which runs once a minute (ClientDiscardableSharedMemoryManager's kScheduledPurgeInterval):
 * 75 s leaves a whole purge interval after the decode's memory was let go.
 */
const SETTLED_MS = 75_000;
/** The rows compared for issue 38 point 4, which alone wait to settle. */
const SETTLED_LABELS = ['12 MP', '120 MP'];
/** Issue 38 point 4: the editor at rest after the 120 MP photo within this much of its rest after the 12 MP one. */
const REST_LIMIT = 150 * 2 ** 20;

/** Issue 36 point 3's limits on the browser's processes together, by photo. */
export const IPHONE_LIMITS = {
  '24 MP': 1.0 * 2 ** 30,
  '48 MP': 1.2 * 2 ** 30,
  '48 MP framed': 1.2 * 2 ** 30,
  '120 MP': 1.5 * 2 ** 30,
};

/** Chromium's processes on this machine: pid, parent, type and proportional set size. */
function processes() {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const binary = command.split(' ')[0].split('/').pop() ?? '';
      // smaps_rollup costs the kernel a walk of the process's memory: read it for Chromium's only.
      if (!/^(chromium|chrome|headless_shell)$/.test(binary)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      // Field 22 of stat, the start time in clock ticks since boot (fields[0] is field 3).
      const started = Number(fields[19]);
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${name}/smaps_rollup`, 'utf8'));
      out.push({ pid: Number(name), parent, started, command, bytes: pss ? Number(pss[1]) * 1024 : 0 });
    } catch {
      // gone, or not ours to read
    }
  }
  return out;
}

/** The memory of the browser whose main process is `root` (it and its descendants), by process type. */
function browserMemory(root) {
  const all = processes();
  const children = new Map();
  for (const p of all) children.set(p.parent, [...(children.get(p.parent) ?? []), p]);
  const byType = {};
  let total = 0;
  const count = (p) => {
    const type = /--type=([\w-]+)/.exec(p.command)?.[1] ?? 'browser';
    byType[type] = (byType[type] ?? 0) + p.bytes;
    total += p.bytes;
    for (const child of children.get(p.pid) ?? []) count(child);
  };
  const main = all.find((p) => p.pid === root);
  if (main) count(main);
  return { byType, total };
}

/**
 * The main process of the browser launched last: the Chromium without a --type whose parent is not
 * Chromium, started last (by start time: process ids wrap, and a browser left over from elsewhere with a
 * higher id was once measured in place of the benchmark's own).
 */
function newestBrowser() {
  const all = processes();
  const pids = new Set(all.map((p) => p.pid));
  const mains = all.filter((p) => !/--type=/.test(p.command) && !pids.has(p.parent));
  return mains.reduce((newest, p) => (p.started > newest.started ? p : newest)).pid;
}

/** Samples until stopped; `phase(name)` starts a new phase, whose own peak total is kept too. */
function sampler(root) {
  const peak = { byType: {}, total: 0, phases: {} };
  let phase = 'start';
  const sample = () => {
    const now = browserMemory(root);
    peak.total = Math.max(peak.total, now.total);
    peak.phases[phase] = Math.max(peak.phases[phase] ?? 0, now.total);
    for (const [type, bytes] of Object.entries(now.byType))
      peak.byType[type] = Math.max(peak.byType[type] ?? 0, bytes);
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    phase: (name) => {
      sample();
      phase = name;
    },
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

async function measureOne(baseUrl, engine, run, file, executable) {
  const browser = await chromium.launch({ executablePath: executable, args: chromiumArgs() });
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/editor?engine=${engine}${run.query ? `&${run.query}` : ''}`);
    await page.waitForSelector(
      `[data-testid=editor][data-worker-status=WorkerReady][data-engine=${engine}]`,
      {
        timeout: 60_000,
      },
    );
    const root = newestBrowser();
    const atRest = browserMemory(root).total;
    const memory = sampler(root);
    memory.phase('load');
    const t0 = Date.now();
    await page.getByTestId('editor-upload-input').setInputFiles(file);
    await waitSettled(page, 300_000);
    const loadMs = Date.now() - t0;
    // What the editor holds with the photo loaded, 3 s on; at rest, 15 s on (and, for the rows issue 38
    // compares, 75 s on, once the browser's own purge has run); and what of that the
    // browser gives back when the system asks for memory (a critical pressure notification, as a phone's
    // system sends): caches and freed allocations go, what the editor's state holds stays.
    await page.waitForTimeout(3000);
    const loaded = browserMemory(root);
    await page.waitForTimeout(REST_MS - 3000);
    const rested = {
      ...browserMemory(root),
      freedDiscardable: discardable(await memoryInfraDump(browser)).free,
    };
    let settled = null;
    if (SETTLED_LABELS.includes(run.label)) {
      await page.waitForTimeout(SETTLED_MS - REST_MS);
      settled = {
        ...browserMemory(root),
        freedDiscardable: discardable(await memoryInfraDump(browser)).free,
      };
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Memory.simulatePressureNotification', { level: 'critical' });
    await page.waitForTimeout(3000);
    const pressed = browserMemory(root);
    await cdp.detach();
    memory.phase('look');
    const t1 = Date.now();
    await page.getByTestId(`effect-${run.effectId}`).click();
    await waitSettled(page, 300_000);
    const t2 = Date.now();
    memory.phase('save');
    await page.getByTestId('save-full-resolution').check();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 600_000 }),
      page.getByTestId('save-button').click(),
    ]);
    const bytes = statSync(await download.path()).size;
    const t3 = Date.now();
    const peak = memory.stop();
    return {
      engine,
      ...run,
      loadMs,
      effectMs: t2 - t1,
      saveMs: t3 - t2,
      fileBytes: bytes,
      atRest,
      loaded,
      rested,
      settled,
      pressed,
      peak,
    };
  } finally {
    await browser.close();
  }
}

/** Issue 38 point 4: a batch of very large photos, held to the 120 MP save's limit. */
export const LARGE_BATCH = { label: '120 MP', count: 2, effectId: 'pg2016' };

/**
 * A batch of LARGE_BATCH.count copies of the 120 MP photo in a fresh browser: chosen together, the look
 * chosen, then 'Apply to all' at full size into the zip; the peak memory of every process from the
 * choosing to the zip's end, and the time from the click.
 */
async function measureLargeBatch(baseUrl, engine, file, executable) {
  const browser = await chromium.launch({ executablePath: executable, args: chromiumArgs() });
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/editor?engine=${engine}`);
    await page.waitForSelector(
      `[data-testid=editor][data-worker-status=WorkerReady][data-engine=${engine}]`,
      { timeout: 60_000 },
    );
    const memory = sampler(newestBrowser());
    const files = Array.from({ length: LARGE_BATCH.count }, (_, i) => ({
      ...file,
      name: `large-${i + 1}.jpg`,
    }));
    await page.getByTestId('editor-upload-input').setInputFiles(files);
    await waitSettled(page, 300_000);
    await page.getByTestId(`effect-${LARGE_BATCH.effectId}`).click();
    await waitSettled(page, 300_000);
    const started = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30 * 60_000 }),
      page.getByTestId('batch-apply').click(),
    ]);
    const zipBytes = statSync(await download.path()).size;
    const totalMs = Date.now() - started;
    return { batch: true, engine, ...LARGE_BATCH, totalMs, zipBytes, peak: memory.stop() };
  } finally {
    await browser.close();
  }
}

/** Every run of IPHONE_RUNS on every engine, each in a browser of its own. */
export async function measureIphone(baseUrl, engines, photoPath, log) {
  const executable = ensureChromium();
  const maker = await chromium.launch({ executablePath: executable, args: chromiumArgs() });
  const files = [];
  try {
    for (const run of IPHONE_RUNS) {
      const file = await makeTwelveMegapixelJpeg(maker, photoPath, run.width, run.height);
      files.push({ ...file, name: `IMG_${run.width}x${run.height}.jpg` });
    }
  } finally {
    await maker.close();
  }
  const results = [];
  // IPHONE_RUNS=120 (a label's number) measures only those photos; IPHONE_ENGINES=cpu only those backends.
  const only = process.env.IPHONE_RUNS?.split(',');
  const onlyEngines = process.env.IPHONE_ENGINES?.split(',');
  for (const engine of engines) {
    if (onlyEngines && !onlyEngines.includes(engine)) continue;
    for (const [index, run] of IPHONE_RUNS.entries()) {
      if (only && !only.includes(run.label.split(' ')[0])) continue;
      const result = await measureOne(baseUrl, engine, run, files[index], executable);
      results.push(result);
      log(
        `${engine} ${run.label} ${run.effectId}: load ${result.loadMs} ms, look ${result.effectMs} ms, ` +
          `save ${result.saveMs} ms; peak ${(result.peak.total / 2 ** 20).toFixed(0)} MB`,
      );
    }
    if (process.env.IPHONE_BATCH === '0') continue;
    const large = files[IPHONE_RUNS.findIndex((run) => run.label === LARGE_BATCH.label)];
    const batch = await measureLargeBatch(baseUrl, engine, large, executable);
    results.push(batch);
    log(
      `${engine} batch of ${batch.count} x ${batch.label}: ${batch.totalMs} ms; peak ${MB(batch.peak.total)} MB`,
    );
  }
  return results;
}

const MB = (bytes) => (bytes / 2 ** 20).toFixed(0);

/** A rest's total, with the freed discardable memory still held then, where measured. */
const restCell = (rest) =>
  rest.freedDiscardable === undefined ? MB(rest.total) : `${MB(rest.total)} (${MB(rest.freedDiscardable)})`;

/** The row's peak against its size's limit ('within 1.2 GB'), or '' where it has none. */
function limitVerdict(r) {
  const limit = IPHONE_LIMITS[r.label];
  if (!limit) return '';
  return `${r.peak.total < limit ? 'within' : '**over**'} ${(limit / 2 ** 30).toFixed(1)} GB`;
}

/**
 * The 48 MP photo on an instant square print beside it unframed (`bench/iphone-framed-results.json`, a
 * run of its own): its rows, with the run's date and load.
 */
function framedLines(framed) {
  if (!framed || !framed.iphone?.length) return [];
  const load = framed.machine?.loadAverageBefore?.[0];
  const lines = [
    'The 48 MP photo on an instant square print (`?deviceLimits=ios&frame=instant-square`) beside the same ' +
      'photo unframed, from `IPHONE_RUNS=48 IPHONE_ENGINES=webgpu,webgl2 IPHONE_BATCH=0 npm run bench -- ' +
      `--only-iphone\` on ${framed.date.slice(0, 10)}` +
      (load === undefined ? '' : ` (load average ${load.toFixed(1)} before it)`) +
      '; its results in `bench/iphone-framed-results.json`. The print is drawn a band of 4 MP pieces at a time ' +
      "and handed to the strip encoder, so the framed save's peak stays within the 48 MP limit.",
    '',
    '| backend | photo | look | load s | look s | save s | peak total MB: load / look / save | peak total MB | limit |',
    '|---|---|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of framed.iphone) {
    lines.push(
      `| ${r.engine} | ${r.label} (${r.width}x${r.height}) | ${r.effectId} | ${(r.loadMs / 1000).toFixed(1)} | ` +
        `${(r.effectMs / 1000).toFixed(1)} | ${(r.saveMs / 1000).toFixed(1)} | ` +
        `${['load', 'look', 'save'].map((phase) => MB(r.peak.phases?.[phase] ?? 0)).join(' / ')} | ` +
        `${MB(r.peak.total)} | ${limitVerdict(r)} |`,
    );
  }
  lines.push('');
  return lines;
}

/** The section of RESULTS.md (`framed`: the framed run's results file, if there is one). */
export function iphoneLines(all, partialNote = [], framed = null) {
  if (!all || all.length === 0) return [];
  const runs = all.filter((r) => !r.batch);
  const lines = ['## The iPhone photo: time and memory (issue 36)', '', ...partialNote];
  lines.push(
    'The production editor in a fresh Chromium per row: a JPEG of the size chosen, a look chosen, then Save at ' +
      'full resolution; seconds for each part. Memory is the proportional set size of every process of the ' +
      'browser (pages shared between processes count once), the peak over the photo, the look and the save, ' +
      'sampled every 200 ms; "at rest" is the empty editor before, "photo loaded" the editor 3 s after the photo is ready, ' +
      '"rest with photo" 15 s after it (with, in brackets, the freed discardable memory the browser still holds then), ' +
      `"settled" ${SETTLED_MS / 1000} s after it (the 12 and 120 MP rows: past Chromium's once-a-minute purge of freed discardable memory), ` +
      'and "after pressure" 3 s after a critical memory-pressure notification then (what the browser ' +
      'gives back when the system asks: its caches and freed allocations; what the editor holds stays). Limits (issue 36 point 3): 24 MP under ' +
      '1.0 GB, 48 MP under 1.2 GB, the 120 MP save under 1.5 GB, all processes together.',
    '',
  );
  lines.push(
    '| backend | photo | look | load s | look s | save s | at rest MB | photo loaded MB | rest with photo MB | settled MB | after pressure MB | peak browser MB | peak renderer MB | peak GPU MB | peak other MB | peak total MB: load / look / save | peak total MB | limit |',
  );
  lines.push('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of runs) {
    const { browser = 0, renderer = 0, 'gpu-process': gpu = 0, ...rest } = r.peak.byType;
    const other = Object.values(rest).reduce((sum, bytes) => sum + bytes, 0);
    lines.push(
      `| ${r.engine} | ${r.label} (${r.width}x${r.height}) | ${r.effectId} | ${(r.loadMs / 1000).toFixed(1)} | ` +
        `${(r.effectMs / 1000).toFixed(1)} | ${(r.saveMs / 1000).toFixed(1)} | ${MB(r.atRest)} | ${r.loaded ? MB(r.loaded.total) : ''} | ` +
        `${r.rested ? restCell(r.rested) : ''} | ${r.settled ? restCell(r.settled) : ''} | ` +
        `${r.pressed ? MB(r.pressed.total) : ''} | ${MB(browser)} | ` +
        `${MB(renderer)} | ${MB(gpu)} | ${MB(other)} | ` +
        `${['load', 'look', 'save'].map((phase) => MB(r.peak.phases?.[phase] ?? 0)).join(' / ')} | ` +
        `${MB(r.peak.total)} | ${limitVerdict(r)} |`,
    );
  }
  lines.push(
    '',
    'Peaks per process type are each their own maximum, taken at different moments; the total is the peak of ' +
      'the sum at one moment.',
    '',
    ...framedLines(framed),
    ...restLines(runs),
    ...batchLines(all.filter((r) => r.batch)),
  );
  return lines;
}

/** Issue 38 point 4: the batch of very large photos against the 120 MP save's limit. */
function batchLines(batches) {
  if (batches.length === 0) return [];
  const limit = IPHONE_LIMITS[LARGE_BATCH.label];
  const lines = [
    `A batch of very large photos (issue 38 point 4): ${LARGE_BATCH.count} copies of the ${LARGE_BATCH.label} JPEG ` +
      `chosen together in a fresh browser, ${LARGE_BATCH.effectId} chosen, then 'Apply to all' at full size into ` +
      'the zip; the peak of all processes together from the choosing to the end of the zip, against the limit of ' +
      `the ${LARGE_BATCH.label} save.`,
    '',
    '| backend | photos | look | seconds from the click | zip MB | peak browser MB | peak renderer MB | peak GPU MB | peak total MB | limit |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const b of batches) {
    const { browser = 0, renderer = 0, 'gpu-process': gpu = 0 } = b.peak.byType;
    const verdict = `${b.peak.total < limit ? 'within' : '**over**'} ${(limit / 2 ** 30).toFixed(1)} GB`;
    lines.push(
      `| ${b.engine} | ${b.count} x ${b.label} | ${b.effectId} | ${(b.totalMs / 1000).toFixed(1)} | ${MB(b.zipBytes)} | ` +
        `${MB(browser)} | ${MB(renderer)} | ${MB(gpu)} | ${MB(b.peak.total)} | ${verdict} |`,
    );
  }
  return [...lines, ''];
}

/** Issue 38 point 4: the rest with the 120 MP photo against the rest with the 12 MP one, per backend. */
function restLines(runs) {
  const lines = [];
  for (const engine of [...new Set(runs.map((r) => r.engine))]) {
    const small = runs.find((r) => r.engine === engine && r.label === '12 MP');
    const large = runs.find((r) => r.engine === engine && r.label === '120 MP');
    if (!small?.rested || !large?.rested || !small.pressed || !large.pressed) continue;
    const verdict = (bytes) => `${bytes <= REST_LIMIT ? 'within' : '**over**'} ${MB(REST_LIMIT)} MB`;
    const early = large.rested.total - small.rested.total;
    const pressed = large.pressed.total - small.pressed.total;
    const settled =
      small.settled && large.settled
        ? `${SETTLED_MS / 1000} s after, settled, **${MB(large.settled.total - small.settled.total)} MB** ` +
          `(${verdict(large.settled.total - small.settled.total)}); `
        : '';
    lines.push(
      `- ${engine}: the 120 MP photo against the 12 MP one, at rest: ${REST_MS / 1000} s after it is ready, ` +
        `${MB(early)} MB more (${verdict(early)}; freed discardable memory not yet purged: ` +
        `${MB(large.rested.freedDiscardable ?? 0)} MB against ${MB(small.rested.freedDiscardable ?? 0)} MB); ` +
        `${settled}after memory pressure, ${MB(pressed)} MB (${verdict(pressed)}).`,
    );
  }
  return lines.length ? [...lines, ''] : [];
}
