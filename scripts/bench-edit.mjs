// The edit's cost in the real editor (a production build): three looks applied afresh, one after another,
// against a change of the first of them, which re-renders it and the two after it (the photo's result is
// kept; the steps' results from the first that changed are made again). Both at the preview's size, on
// one backend, in one page, run after run: the ratio is of one run. Used by scripts/bench.mjs.
import { newPage, openEditor, waitSettled } from './bench-editor.mjs';

/** The looks of the edit, in order, each applied with its defaults. */
const LOOKS = ['ccdEffect', 'pg2016', 'vibrance'];

/** The time from `action` to the worker's next ImageReady (the status history keeps its time), waited for. */
async function timed(page, action) {
  const before = await page.evaluate(() => ({ at: performance.now(), seen: window.__statuses.length }));
  await action();
  // The action's own ImageReady: the status seen before it may still be shown when the action returns
  // (the apply is queued), and Apply stays disabled until the look is drawn.
  await page.waitForFunction(
    (seen) => window.__statuses.slice(seen).some((s) => s.status === 'ImageReady'),
    before.seen,
    { timeout: 120_000, polling: 20 },
  );
  await waitSettled(page);
  return page.evaluate((from) => {
    const ready = window.__statuses
      .slice(from.seen)
      .filter((s) => s.status === 'ImageReady')
      .at(-1);
    return ready ? ready.at - from.at : null;
  }, before);
}

async function typeInto(page, testId, value) {
  const control = page.getByTestId(testId);
  await control.fill(String(value));
  await control.press('Enter');
}

/**
 * `runs` times: the photo loaded again (nothing of the last run kept), the three looks applied one after
 * another (each its apply's time, summed), then the first one's Bloom changed (one time). Returns the
 * medians and their ratio.
 */
export async function measureEdit(browser, baseUrl, engine, photoPath, runs = 3) {
  const { context, page } = await newPage(browser);
  const afresh = [];
  const change = [];
  const toWorker = [];
  try {
    await openEditor(page, baseUrl, engine, '&thumbnails=0');
    for (let run = 0; run < runs + 1; run++) {
      // Its own ImageReady waited for (the last run's may still be shown when the upload returns).
      await timed(page, () => page.getByTestId('editor-upload-input').setInputFiles(photoPath));
      let sum = 0;
      for (const look of LOOKS) {
        sum += (await timed(page, () => page.getByTestId(`effect-${look}`).click())) ?? NaN;
        await page.getByTestId('apply-button').click();
        await waitSettled(page);
      }
      await page.locator('[data-testid=edit-step][data-effect-id=ccdEffect] .edit-step-open').click();
      await waitSettled(page);
      // A value no run used: the change is made, never found among the kept results.
      const postsBefore = await page.evaluate(() => window.__posts.length);
      const changed = await timed(page, () => typeInto(page, 'setting-ccd_bloom_amount', 1.2 + run / 10));
      // From its Enter to the apply posted to the worker: the page's own hops (control, controller, rules,
      // loop, session, client), before the worker has the value.
      const posted = await page.evaluate((from) => {
        const apply = window.__posts.slice(from).find((p) => p.type === 'applyEffect');
        return apply && window.__keyAt !== null ? apply.at - window.__keyAt : null;
      }, postsBefore);
      // The first run compiles the programs: it is not counted.
      if (run === 0) continue;
      afresh.push(sum);
      change.push(changed ?? NaN);
      toWorker.push(posted ?? NaN);
    }
  } finally {
    await context.close();
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const result = {
    engine,
    runs,
    afreshMs: median(afresh),
    changeMs: median(change),
    afreshSamplesMs: afresh.map(Math.round),
    changeSamplesMs: change.map(Math.round),
    toWorkerMs: median(toWorker),
    toWorkerSamplesMs: toWorker.map((ms) => Math.round(ms * 10) / 10),
  };
  return { ...result, ratio: result.changeMs / result.afreshMs };
}

/** The edit's rows of the report. */
export function editLines(edits) {
  return [
    '| backend | three looks applied afresh (ms) | the first one changed (ms) | change / afresh | its Enter to the worker (ms) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...edits.map(
      (row) =>
        `| ${row.engine} | ${row.afreshMs.toFixed(0)} | ${row.changeMs.toFixed(0)} | ${row.ratio.toFixed(2)} | ${row.toWorkerMs?.toFixed(1) ?? '-'} |`,
    ),
  ];
}
