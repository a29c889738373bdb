// Every file under the test fixtures (tests/fixtures) goes through the landing upload and the editor upload. Valid
// images load upright and save; everything else gets a message from the spec's error catalogue; none takes
// more than 10 s, and the page goes on to the next file. The outcomes are written to one report
// (test-results/fixture-sweep.md, or $SWEEP_REPORT).
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import type {} from '../../src/editor/editor-test-hooks.ts';
import { fixturePath } from '../support/images.ts';
import { expect, test } from '../support/fixtures.ts';
import { EditorPage, LandingPage } from '../support/pages.ts';

const ROOT = fixturePath('.');
const LIMIT_MS = 10_000;

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [relative(ROOT, path)];
    });
}
const FILES = walk(ROOT);

/** The spec's messages (section 8, and the landing rules of section 5) a file may be refused with. */
const CATALOGUE = [
  /^Unsupported file format\. Supported formats: JPG, PNG, WEBP(, HEIC, HEIF)?\.$/,
  /^File is too large \(\d+\.\d\dMB\)\. Maximum size is 20MB\.$/,
  /^Failed to load image file$/,
  /^Failed to load image: .+$/,
  /^Image is too large \(\d+x\d+ pixels, [\d.]+ megapixels\)\. Maximum is 120 megapixels\.$/,
];

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif']);

/** A HEIF container (HEIC), by its bytes: an ISO-BMFF 'ftyp' box first. */
const isHeif = (file: string) => readFileSync(fixturePath(file)).subarray(4, 8).toString('latin1') === 'ftyp';

/**
 * What a file should do. Not images: refused. PngSuite's x* files are its deliberately corrupt ones; the
 * generated edge cases name their broken files; the truncated HEIC is cut short. The editor's own upload
 * takes jpeg, png and webp only (spec section 5), so a real HEIC is refused there. Everything else loads.
 */
function expectation(file: string, flow: Outcome['flow']): 'loads' | 'refused' {
  const name = file.split('/').at(-1) ?? '';
  if (!IMAGE_EXTENSIONS.has(extname(name).toLowerCase())) return 'refused';
  if (flow === 'editor' && isHeif(file)) return 'refused';
  if (file.startsWith('pngsuite/') && name.startsWith('x')) return 'refused';
  if (/^(empty|random|text_pretending|truncated|missing_eoi|corrupt|bad_crc|bomb)/.test(name))
    return 'refused';
  if (name.includes('truncated')) return 'refused';
  return 'loads';
}

interface Outcome {
  file: string;
  flow: 'landing' | 'editor';
  result: string;
  ms: number;
  ok: boolean;
}

const outcomes: Outcome[] = [];

test.afterAll(() => {
  const report = process.env.SWEEP_REPORT ?? 'test-results/fixture-sweep.md';
  const rows = FILES.map((file) => {
    const landing = outcomes.find((o) => o.file === file && o.flow === 'landing');
    const editor = outcomes.find((o) => o.file === file && o.flow === 'editor');
    const cell = (o?: Outcome) => (o ? `${o.ok ? '' : '**FAIL** '}${o.result} (${o.ms} ms)` : 'not run');
    return `| ${file} | ${expectation(file, 'landing')} | ${cell(landing)} | ${expectation(file, 'editor')} | ${cell(editor)} |`;
  });
  const failures = outcomes.filter((o) => !o.ok).length;
  const slowest = Math.max(0, ...outcomes.map((o) => o.ms));
  mkdirSync(dirname(report), { recursive: true });
  writeFileSync(
    report,
    [
      '# Fixture sweep',
      '',
      `Every file under the test fixtures (${FILES.length} files), through the landing upload and the`,
      `editor upload. ${failures} unexpected outcomes; the slowest took ${slowest} ms (limit ${LIMIT_MS} ms).`,
      'Loaded files were saved from the editor; "upright" means the save has the shape the browser shows.',
      '',
      '| File | Landing: expected | Landing upload | Editor: expected | Editor upload |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
});

/** The upright size the browser itself shows for a file, or null where it cannot decode it (HEIC). */
const browserSizes = new Map<string, Promise<{ width: number; height: number } | null>>();
function browserSize(page: Page, file: string): Promise<{ width: number; height: number } | null> {
  // Both flows ask for every file; the browser's answer is the same, so it is asked once.
  let size = browserSizes.get(file);
  if (!size) {
    size = decodedSize(page, file);
    browserSizes.set(file, size);
  }
  return size;
}

async function decodedSize(page: Page, file: string): Promise<{ width: number; height: number } | null> {
  const bytes = readFileSync(fixturePath(file)).toString('base64');
  return page.evaluate(async (base64) => {
    try {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data]), { imageOrientation: 'from-image' });
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      return null;
    }
  }, bytes);
}

/** Same shape: the same aspect ratio within rounding of the smaller side (a turned picture is far off). */
function sameShape(a: { width: number; height: number }, b: { width: number; height: number }): boolean {
  const ratioA = a.width / a.height;
  const ratioB = b.width / b.height;
  const tolerance = 2 / Math.min(a.width, a.height, b.width, b.height) + 0.01;
  return Math.abs(Math.log(ratioA / ratioB)) <= tolerance;
}

/** Reads the notification's message and closes it. */
async function closeNotification(page: Page): Promise<string> {
  const notification = page.getByTestId('notification');
  const text = (await notification.locator('.notification-message').textContent()) ?? '';
  await notification.getByRole('button', { name: 'Close notification' }).click();
  await expect(notification).toHaveCount(0);
  return text;
}

function judge(
  file: string,
  flow: Outcome['flow'],
  result: string,
  ms: number,
  loaded: boolean,
  upright = true,
) {
  const message = result.replace(/^refused: /, '');
  const refusedWell = !loaded && CATALOGUE.some((pattern) => pattern.test(message));
  const ok = ms <= LIMIT_MS && (expectation(file, flow) === 'loads' ? loaded && upright : refusedWell);
  outcomes.push({ file, flow, result, ms, ok });
  return ok;
}

async function landingSweep(page: Page) {
  const landing = new LandingPage(page);
  await page.goto('/');
  const preview = page.getByTestId('preview-image');
  const error = page.locator('[data-testid=notification][data-kind=error]');
  for (const file of FILES) {
    const started = Date.now();
    await landing.choose(file);
    await expect(preview.or(error)).toBeVisible({ timeout: LIMIT_MS + 5_000 });
    const ms = Date.now() - started;
    if (await preview.isVisible()) {
      const expected = await browserSize(page, file);
      const shown = await preview.evaluate((img: HTMLImageElement) => ({
        width: img.naturalWidth,
        height: img.naturalHeight,
      }));
      const upright = !expected || sameShape(shown, expected);
      judge(
        file,
        'landing',
        `preview ${shown.width}x${shown.height}${upright ? '' : ' (not upright)'}`,
        ms,
        true,
        upright,
      );
      await page.getByTestId('cancel-upload').click();
      await expect(preview).toHaveCount(0);
    } else {
      judge(file, 'landing', `refused: ${await closeNotification(page)}`, ms, false);
    }
  }
  // The page still takes a photo after everything.
  await landing.choose('kodak/kodim05.png');
  await expect(preview).toBeVisible();
}

async function editorSweep(page: Page) {
  const editor = new EditorPage(page);
  // No thumbnails: each of some 200 loads would start a set (as much work as a camera apply) that the
  // next load drops; the sweep is about the intake, and the other flows keep them.
  await editor.open('webgl2', 'testHooks=1');
  const error = page.locator('[data-testid=notification][data-kind=error]');
  const statuses = () => page.evaluate(() => window.__retrocam?.statuses() ?? []);
  for (const file of FILES) {
    const from = (await statuses()).length;
    const started = Date.now();
    await editor.upload(file);
    // Loaded: the status went through loading and back to ImageReady. Refused: an error notification.
    await expect
      .poll(
        async () => {
          if (await error.isVisible()) return 'refused';
          const seen = (await statuses()).slice(from);
          return seen.length > 0 && seen.at(-1) === 'ImageReady' ? 'loaded' : 'waiting';
        },
        { timeout: LIMIT_MS + 5_000, intervals: [20] },
      )
      .not.toBe('waiting');
    const ms = Date.now() - started;
    if (await error.isVisible()) {
      judge(file, 'editor', `refused: ${await closeNotification(page)}`, ms, false);
      continue;
    }
    await expect(page.getByTestId('processing-overlay')).toHaveCount(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('save-button').click(),
    ]);
    const savedBytes = readFileSync(await download.path());
    const saved = await page.evaluate(async (base64) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data]));
      return { width: bitmap.width, height: bitmap.height };
    }, savedBytes.toString('base64'));
    const expected = await browserSize(page, file);
    const upright = !expected || sameShape(saved, expected);
    judge(
      file,
      'editor',
      `saved ${saved.width}x${saved.height}${upright ? '' : ' (not upright)'}`,
      ms,
      true,
      upright,
    );
  }
  // The editor still edits after everything.
  await editor.upload('kodak/kodim05.png');
  await editor.chooseEffect('vibrance');
  await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady');
}

// One test for both flows, so that the report always holds both.
test('fixture sweep: every fixture through the landing upload and the editor upload', async ({
  page,
  context,
}) => {
  test.setTimeout(15 * 60_000);
  await landingSweep(page);
  await editorSweep(await context.newPage());
  expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  expect(outcomes).toHaveLength(FILES.length * 2);
});
