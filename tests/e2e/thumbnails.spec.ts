// Issue 23, point 2: thumbnails of the user's own photo with every effect and every Filters look, made by
// the engine in the worker. Each matches the full apply of that look scaled down, within 30 dB once both
// are blurred by a 1-pixel Gaussian (grain and noise differ by design); they are made again for the new
// image after an apply; and an apply is never held up behind the whole set.
import type { Locator } from '@playwright/test';
import { EFFECTS } from '../../src/effects/index.ts';
import { LOOKS } from '../../src/grading/looks/index.ts';
import { gaussian2D, toBytes, toFloat } from '../reference/gaussian.ts';
import type { RgbaImage } from '../reference/image.ts';
import { psnr } from '../reference/metrics.ts';
import { resize } from '../reference/resize.ts';
import { expect, test } from '../support/fixtures.ts';

const WORKER_EFFECTS = EFFECTS.filter((effect) => effect.runsOn === 'worker');

/** A thumbnail's pixels as drawn on its canvas. */
async function thumbnail(image: Locator): Promise<RgbaImage> {
  const { width, height, data } = await image.evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    return { width: pixels.width, height: pixels.height, data: [...pixels.data] };
  });
  return { width, height, data: new Uint8Array(data) };
}

/** The full apply as shown, scaled to the thumbnail's size, and both blurred by a 1-pixel Gaussian. */
function compare(full: RgbaImage, thumb: RgbaImage): number {
  const scaled = resize(full, { width: thumb.width, height: thumb.height, mode: 0 });
  const blur = (image: RgbaImage) => toBytes(gaussian2D(toFloat(image), 1));
  return psnr(blur(scaled), blur(thumb));
}

test('every effect and every look has a thumbnail of the photo that matches its full apply', async ({
  page,
  editor,
}) => {
  test.setTimeout(400_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await editor.open('webgl2', 'testHooks=1', { thumbnails: true });
  await editor.load('kodak/kodim23.png');
  for (const effect of WORKER_EFFECTS) {
    await expect(page.getByTestId(`thumb-${effect.id}`)).toBeVisible({ timeout: 60_000 });
  }
  const scores: string[] = [];
  for (const effect of WORKER_EFFECTS) {
    await editor.chooseEffect(effect.id);
    await editor.settled();
    await expect(editor.effectButton(effect.id)).toHaveAttribute('aria-pressed', 'true');
    const db = compare(await editor.workerPixels(), await thumbnail(page.getByTestId(`thumb-${effect.id}`)));
    scores.push(`${effect.id} ${db.toFixed(1)} dB`);
    expect.soft(db, effect.id).toBeGreaterThan(30);
  }
  await editor.chooseEffect('pg2016');
  await editor.settled();
  for (const look of LOOKS) {
    const image = page.getByTestId(`look-thumb-${look.name}`);
    await expect(image).toBeVisible({ timeout: 60_000 });
    await page.getByRole('radio', { name: look.label, exact: true }).click();
    await editor.settled();
    await expect(editor.setting('filterName')).toHaveValue(look.name);
    const db = compare(await editor.workerPixels(), await thumbnail(image));
    scores.push(`look ${look.name} ${db.toFixed(1)} dB`);
    expect.soft(db, look.name).toBeGreaterThan(30);
  }
  console.info(scores.join('\n'));
});

test('after an apply the thumbnails are made again from the new image', async ({ page, editor }) => {
  await editor.open('webgl2', '', { thumbnails: true });
  await editor.load('kodak/kodim23.png');
  const vibrance = page.getByTestId('thumb-vibrance');
  await expect(vibrance).toBeVisible({ timeout: 60_000 });
  const before = await thumbnail(vibrance);
  await editor.chooseEffect('nokiaEffect');
  await editor.settled();
  await page.getByTestId('apply-button').click();
  await editor.settled();
  // The vibrance thumbnail now shows Nokia's image with vibrance on it.
  await expect
    .poll(async () => psnr(before, await thumbnail(vibrance)), { timeout: 60_000 })
    .toBeLessThan(30);
});

test('an apply chosen while the thumbnails render is not held up behind them', async ({ page, editor }) => {
  await editor.open('webgl2', 'testHooks=1', { thumbnails: true });
  await editor.load('kodak/kodim23.png');
  // The set has just been asked for: choose an effect at once, and time it against the whole set.
  const started = Date.now();
  await editor.chooseEffect('vibrance');
  await editor.settled();
  const apply = Date.now() - started;
  const last = page.getByTestId(`look-thumb-${LOOKS.at(-1)!.name}`);
  await editor.chooseEffect('pg2016');
  await expect(last).toBeVisible({ timeout: 120_000 });
  const all = Date.now() - started;
  console.info(`apply ${apply} ms; the whole set ${all} ms`);
  expect(apply).toBeLessThan(all / 2);
});
