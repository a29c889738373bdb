// Issue 25, point 3: the date stamp prints the photo's EXIF date, else today's, read back from the
// canvas segment by segment at the places its layout puts them.
import type { Page } from '@playwright/test';
import { dateGlyphs } from '../../src/effects/date-stamp.ts';
import { dateStampLayout } from '../../src/pipeline/stages/date-stamp/stage.ts';
import { DIGITS } from '../reference/date-stamp.ts';
import type { RgbaImage } from '../reference/image.ts';
import { expect, test } from '../support/fixtures.ts';
import type { EditorPage } from '../support/pages.ts';

// CCD with what would blur or hide the digits turned off: its long side at the processing size, no noise,
// no sharpening, JPEG quality 100, no lens or sensor effects. Size 8 % of the short side.
const CLEAN_CCD = [
  'effect=ccdEffect',
  'ccd_applyGaussianBlur=false',
  'ccd_bloom_amount=0',
  'ccd_lensReflectionStrength=0',
  'ccd_smear=0',
  'ccd_fringing=0',
  'ccd_longSidePixels=1080',
  'ccd_upscale2x=false',
  'ccd_applyNoise=false',
  'ccd_applySharpen=false',
  'ccd_quality=100',
  'ccd_dateSize=8',
].join('&');

function distance(a: RgbaImage, b: RgbaImage, [x, y]: [number, number]): number {
  const i = (Math.floor(y) * a.width + Math.floor(x)) * 4;
  return Math.max(...[0, 1, 2].map((c) => Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0))));
}

/** The text the stamp shows, from the canvas with and without it; '?' where a segment is unclear. */
function readStamp(stamped: RgbaImage, plain: RgbaImage, glyphs: number[]): string {
  const layout = dateStampLayout(glyphs, 0, 0.08, stamped.width, stamped.height);
  // Lit: the ink changed the pixel a lot; unlit: the glow changed it a little.
  const lit = (point: [number, number]) => {
    const d = distance(stamped, plain, point);
    return d > 90 ? true : d < 60 ? false : undefined;
  };
  return layout.glyphs
    .map(({ code, segments, mark }) => {
      if (mark) {
        const on = lit(mark);
        return on === undefined ? '?' : on ? (code === 10 ? "'" : '.') : ' ';
      }
      const on = segments.map(lit);
      if (on.includes(undefined)) return '?';
      const names = [...'abcdefg'].filter((_, i) => on[i]).join('');
      if (names === '') return ' ';
      const digit = DIGITS.indexOf(names);
      return digit < 0 ? '?' : String(digit);
    })
    .join('');
}

/** The text a day prints as in the default format, as readStamp reads it. */
function expected(day: string): string {
  return dateGlyphs(day, 'yy-m-d')
    .map((code) => (code === 10 ? "'" : code === 12 ? ' ' : String(code)))
    .join('');
}

async function stampedAndPlain(page: Page, editor: EditorPage, file: string) {
  await editor.open('webgl2', CLEAN_CCD);
  await editor.load(file);
  // The link's CCD is applied once the photo is ready: wait for it to be on screen, not only for the
  // status (ImageReady before that apply starts too).
  await editor.settled('ccdEffect');
  const plain = await editor.workerPixels();
  await expect(page.getByTestId('setting-ccd_dateStamp')).not.toBeChecked();
  await page.getByTestId('setting-ccd_dateStamp').check();
  await expect(page).toHaveURL(/ccd_dateStamp=true/);
  return { plain };
}

/**
 * What the stamp reads once the worker has drawn it (its image, read from the worker: no screenshot of a
 * frame still on its way to the screen): the apply that adds it starts a moment after the click,
 * and until then the canvas holds still on the photo without it (so one capture could read it blank).
 */
async function expectStamp(editor: EditorPage, plain: RgbaImage, day: string): Promise<void> {
  await expect
    .poll(async () => readStamp(await editor.workerPixels(), plain, dateGlyphs(day, 'yy-m-d')), {
      message: `the stamp of ${day}`,
    })
    .toBe(expected(day));
}

test("a photo with an EXIF date gets that date, and the date control says it is the photo's", async ({
  page,
  editor,
}) => {
  const { plain } = await stampedAndPlain(page, editor, 'libavif-metadata/paris_exif_xmp_icc.jpg');
  await expect(page.getByTestId('setting-ccd_date')).toHaveValue('2022-08-22');
  await expect(page.getByText("The photo's date")).toBeVisible();
  await expectStamp(editor, plain, '2022-08-22');
  // The check can tell: the photo without the stamp reads as blank.
  expect(readStamp(plain, plain, dateGlyphs('2022-08-22', 'yy-m-d')).trim()).toBe('');
});

test("a photo without one gets today's date, and a date typed in replaces it", async ({ page, editor }) => {
  const { plain } = await stampedAndPlain(page, editor, 'kodak/kodim23.png');
  const today = await page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
  await expect(page.getByTestId('setting-ccd_date')).toHaveValue(today);
  await expectStamp(editor, plain, today);
  await page.getByTestId('setting-ccd_date').fill('1998-11-24');
  await editor.settled();
  await expect(page).toHaveURL(/ccd_date=1998-11-24/);
  await expect
    .poll(async () => readStamp(await editor.workerPixels(), plain, dateGlyphs('1998-11-24', 'yy-m-d')))
    .toBe(expected('1998-11-24'));
});
