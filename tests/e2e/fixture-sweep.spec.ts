// Files of the test fixtures (tests/fixtures) go through the landing upload and the editor upload: about ten,
// one of each kind, here; every file with SWEEP=all (`npm run bench -- --scale=sweep`). Valid images load
// upright (their pixels against the browser's own decode, or a HEIC's source photo) and save; everything
// else gets a message from the spec's error catalogue; none takes more than 10 s, and the page goes on to
// the next file. The intake's whole table (decode, message, orientation) is
// tests/component/intake.test.ts. The outcomes are written to one report (test-results/fixture-sweep.md,
// or $SWEEP_REPORT).
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
/** One file of each kind: PNG, EXIF-turned JPEG, WebP, CMYK, 16-bit, HEIC, a JPEG with XMP and ICC, and refused ones. */
const SOME = [
  'kodak/kodim05.png',
  'exif-orientation/Portrait_6.jpg',
  'libavif-metadata/paris_exif_orientation_5.jpg',
  'generated-edge-cases/kodim23_lossy.webp',
  'generated-edge-cases/kodim23_cmyk.jpg',
  'generated-edge-cases/kodim23_384_16bit.png',
  'heic/kodim23_q60.heic',
  'pngsuite/xs1n0g01.png',
  'generated-edge-cases/bomb_png_header_65535x65535.png',
  'generated-edge-cases/truncated_50pct.jpg',
  'kodak/SOURCE.md',
];
const FILES = process.env.SWEEP === 'all' ? walk(ROOT) : SOME;

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
      "Loaded files were saved from the editor; upright means matching the browser's own decode (48 px wide, dB given) better than it matches that decode turned or mirrored.",
      '',
      '| File | Landing: expected | Landing upload | Editor: expected | Editor upload |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n'),
  );
});

/** An image's upright pixels at a small size: 48 px wide, its height in proportion. */
interface Thumb {
  width: number;
  height: number;
  pixels: number[];
}

/** The browser's own upright decode of these bytes as a Thumb, or null where it cannot decode them. */
function thumbOf(page: Page, bytes: Buffer): Promise<Thumb | null> {
  return page.evaluate(async (base64) => {
    try {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data]), { imageOrientation: 'from-image' });
      const width = 48;
      const height = Math.max(1, Math.round((48 * bitmap.height) / bitmap.width));
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      // Transparency as a JPEG of it shows it: over black.
      context.fillStyle = '#000';
      context.fillRect(0, 0, width, height);
      context.drawImage(bitmap, 0, 0, width, height);
      bitmap.close();
      return { width, height, pixels: Array.from(context.getImageData(0, 0, width, height).data) };
    } catch {
      return null;
    }
  }, bytes.toString('base64'));
}

/** What a HEIC shows, for the files whose source photo is in the fixtures (the browser cannot decode HEIC). */
const HEIC_SOURCES: Record<string, string> = {
  'heic/kodim23_q60.heic': 'kodak/kodim23.png',
  'heic/kodim04_portrait_q60.heic': 'kodak/kodim04.png',
};
/**
 * The upright size of a HEIC with no source photo here, as the landing page's preview shows it: libheif's
 * own example, 1280x854 and not turned, at the 1080 px processing size.
 */
const HEIC_SIZES: Record<string, [number, number]> = { 'heic/libheif_example.heic': [1080, 721] };

/** What a loaded file should show, asked once a file (both flows ask for every file). */
const references = new Map<string, Promise<Thumb | null>>();
function referenceOf(page: Page, file: string): Promise<Thumb | null> {
  let reference = references.get(file);
  if (!reference) {
    reference = thumbOf(page, readFileSync(fixturePath(HEIC_SOURCES[file] ?? file)));
    references.set(file, reference);
  }
  return reference;
}

/** PSNR over RGB of two thumbs of one size. */
function thumbPsnr(a: number[], b: number[]): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    if (i % 4 === 3) continue;
    const d = a[i]! - b[i]!;
    sum += d * d;
    count++;
  }
  return sum === 0 ? Infinity : 10 * Math.log10((255 * 255 * count) / sum);
}

/** The thumb every wrong way that keeps its shape: turned 180 degrees, mirrored either way (and more for a square). */
function wrongWays({ width, height, pixels }: Thumb): number[][] {
  const at = (x: number, y: number) => pixels.slice((y * width + x) * 4, (y * width + x) * 4 + 4);
  const make = (from: (x: number, y: number) => number[]) =>
    Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => from(x, y))).flat(2);
  const turns = [
    make((x, y) => at(width - 1 - x, height - 1 - y)),
    make((x, y) => at(width - 1 - x, y)),
    make((x, y) => at(x, height - 1 - y)),
  ];
  // A square keeps its shape turned a quarter, or mirrored across a diagonal: those are wrong ways too.
  const quarter = [
    make((x, y) => at(y, width - 1 - x)),
    make((x, y) => at(height - 1 - y, x)),
    make((x, y) => at(y, x)),
    make((x, y) => at(height - 1 - y, width - 1 - x)),
  ];
  return width === height ? [...turns, ...quarter] : turns;
}

/**
 * Upright, by pixels: the image shown or saved, at the reference's small size (a quarter turn changes the
 * shape and fails here), matches the browser's own decode (or the HEIC's source photo) better than that
 * decode turned 180 degrees or mirrored either way does, within half a dB where a picture is symmetric.
 * Colours need not match closely (alpha is flattened, a palette or 16 bits rounded, a colour profile
 * converted): the ten files of `npm test` measured 35.5 to 46.3 dB, and the whole sweep's alpha files
 * under 10 dB, each still best matched the right way up. A file with no reference decode must have its
 * known size.
 */
async function upright(page: Page, file: string, shown: Buffer, size: { width: number; height: number }) {
  const reference = await referenceOf(page, file);
  if (!reference) {
    const known = HEIC_SIZES[file];
    return { ok: known !== undefined && known[0] === size.width && known[1] === size.height, db: NaN };
  }
  const thumb = await thumbOf(page, shown);
  if (!thumb || thumb.height !== reference.height) return { ok: false, db: -Infinity };
  const db = thumbPsnr(thumb.pixels, reference.pixels);
  const wrong = Math.max(...wrongWays(reference).map((turned) => thumbPsnr(thumb.pixels, turned)));
  return { ok: db >= wrong - 0.5, db };
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
      const shown = await preview.evaluate(async (img: HTMLImageElement) => {
        const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000)
          text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return { width: img.naturalWidth, height: img.naturalHeight, base64: btoa(text) };
      });
      const check = await upright(page, file, Buffer.from(shown.base64, 'base64'), shown);
      judge(
        file,
        'landing',
        `preview ${shown.width}x${shown.height}, ${check.db.toFixed(1)} dB${check.ok ? '' : ' (not upright)'}`,
        ms,
        true,
        check.ok,
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
    const check = await upright(page, file, savedBytes, saved);
    judge(
      file,
      'editor',
      `saved ${saved.width}x${saved.height}, ${check.db.toFixed(1)} dB${check.ok ? '' : ' (not upright)'}`,
      ms,
      true,
      check.ok,
    );
  }
  // The editor still edits after everything.
  await editor.upload('kodak/kodim05.png');
  await editor.chooseEffect('vibrance');
  await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady');
}

// One test for both flows, so that the report always holds both.
test(`fixture sweep: ${FILES.length} fixtures through the landing upload and the editor upload`, async ({
  page,
  context,
}) => {
  test.setTimeout(FILES.length * 2 * 10_000 + 60_000);
  await landingSweep(page);
  await editorSweep(await context.newPage());
  expect(outcomes.filter((o) => !o.ok)).toEqual([]);
  expect(outcomes).toHaveLength(FILES.length * 2);
});
