import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import JSZip from 'jszip';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { jpegSize } from '../support/jpeg.ts';
import { compareInPage, saveBytes } from '../support/large-images.ts';
import { expect, test } from '../support/fixtures.ts';
import { CropToolPage, EditorPage } from '../support/pages.ts';
import { psnr } from '../reference/metrics.ts';
import { createImage, type RgbaImage } from '../reference/image.ts';

// Issue 37: the crop is made from the original, is a step of the history, and the full-resolution save
// has the crop's size in original pixels.

const ENGINES: EngineKind[] = ['webgpu', 'webgl2', 'cpu'];

type Painting = 'photo' | 'bordered' | 'fine';

/**
 * A JPEG painted in the page: 'photo', smooth gradients and rings (a JPEG at 0.95 keeps it well);
 * 'bordered', mid-tone gradients inside a 3 px magenta border, a colour found nowhere else and far from
 * black and white; 'fine', one-pixel detail everywhere (a hash of the position), so that sharpness shows.
 * `flipped` paints the mirror image.
 */
async function paintedJpeg(page: Page, width: number, height: number, painting: Painting, flipped = false) {
  const base64 = await page.evaluate(
    async ([width, height, painting, flipped]) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const image = context.createImageData(width, Math.min(height, 512));
      for (let top = 0; top < height; top += image.height) {
        const rows = Math.min(image.height, height - top);
        for (let r = 0; r < rows; r++)
          for (let column = 0; column < width; column++) {
            const x = flipped ? width - 1 - column : column;
            const y = top + r;
            const i = (r * width + column) * 4;
            const d = image.data;
            if (painting === 'fine') {
              const hash = ((x * 73856093) ^ (y * 19349663)) & 255;
              d[i] = hash;
              d[i + 1] = (hash * 7) & 255;
              d[i + 2] = (x + y) & 255;
            } else if (painting === 'bordered') {
              const border = x < 3 || y < 3 || x >= width - 3 || y >= height - 3;
              d[i] = border ? 255 : (70 + (x * 100) / width) | 0;
              d[i + 1] = border ? 0 : (90 + (y * 80) / height) | 0;
              d[i + 2] = border ? 255 : 110;
            } else {
              const ring = Math.hypot(x - width / 3, y - height / 2) % (width / 8) < width / 16 ? 50 : 0;
              d[i] = (40 + (x * 150) / width) | 0;
              d[i + 1] = (30 + ring + (y * 120) / height) | 0;
              d[i + 2] = (200 - ring - (x * 60) / width) | 0;
            }
            d[i + 3] = 255;
          }
        context.putImageData(image, 0, top, 0, 0, width, rows);
      }
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
      const out = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < out.length; i += 0x8000)
        text += String.fromCharCode(...out.subarray(i, i + 0x8000));
      return btoa(text);
    },
    [width, height, painting, flipped] as const,
  );
  return Buffer.from(base64, 'base64');
}

async function loadPainted(
  editor: EditorPage,
  page: Page,
  width: number,
  height: number,
  painting: Painting,
) {
  const buffer = await paintedJpeg(page, width, height, painting);
  await editor.load({ name: `${painting}.jpg`, mimeType: 'image/jpeg', buffer }, { timeout: 60_000 });
  return buffer;
}

/** Opens the crop tool, does `edit` in it, and commits the crop with Done. */
async function crop(page: Page, edit: () => Promise<void>) {
  const editor = new EditorPage(page);
  await page.getByTestId('crop-button').click();
  await expect(page.getByTestId('crop-frame')).toBeVisible();
  await edit();
  await page.getByTestId('crop-done').click();
  await expect(page.locator('.crop-tool')).toHaveCount(0);
  await editor.settled();
}

async function straighten(page: Page, degrees: number) {
  const input = page.getByTestId('crop-straighten');
  await input.fill(String(degrees));
  await input.press('Tab');
}

async function undo(page: Page) {
  await page.getByTestId('undo-button').click();
  await new EditorPage(page).settled();
}

async function saveFull(page: Page) {
  await page.getByTestId('save-full-resolution').check();
  const file = await saveBytes(page);
  await expect(page.getByTestId('export-progress')).toHaveCount(0);
  return file.bytes;
}

test("full-resolution saves of a 5712x4284 photo have the crop's size: 1:1, 4:5, a quarter turn, and a flip mirrors", async ({
  page,
  editor,
}) => {
  test.setTimeout(420_000);
  await editor.open('webgl2');
  const photo = await loadPainted(editor, page, 5712, 4284, 'photo');

  await crop(page, () => page.getByTestId('crop-aspect-1-1').click());
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName('Undo Crop 1:1');
  expect(await page.getByTestId('save-full-resolution').locator('..').textContent()).toContain('4284 × 4284');
  expect(jpegSize(await saveFull(page))).toEqual({ width: 4284, height: 4284 });

  await undo(page);
  await crop(page, () => page.getByTestId('crop-aspect-4-5').click());
  const portrait = jpegSize(await saveFull(page));
  expect(Math.abs(portrait.width - 3427)).toBeLessThanOrEqual(1);
  expect(portrait.height).toBe(4284);

  await undo(page);
  await crop(page, () => page.getByTestId('crop-rotate-right').click());
  expect(jpegSize(await saveFull(page))).toEqual({ width: 4284, height: 5712 });

  await undo(page);
  await crop(page, () => page.getByTestId('crop-flip-h').click());
  const mirrored = await saveFull(page);
  const reference = await paintedJpeg(page, 5712, 4284, 'photo', true);
  const comparison = await compareInPage(page, mirrored, reference);
  expect(comparison).toMatchObject({ width: 5712, height: 4284 });
  expect(comparison.psnr).toBeGreaterThanOrEqual(40);
  // And not the photo as it was: the flip is there.
  expect((await compareInPage(page, mirrored, photo)).psnr).toBeLessThan(30);
});

for (const engine of ENGINES) {
  test(`${engine}: straightened 10 degrees, the save has no pixel from outside the photo, and saved in small pieces it gives the pixels of one piece`, async ({
    page,
    editor,
  }) => {
    test.setTimeout(180_000);
    await editor.open(engine);
    await loadPainted(editor, page, 1500, 1000, 'bordered');
    await crop(page, () => straighten(page, 10));
    const saved = await saveFull(page);
    const counts = await page.evaluate(async (data) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))]));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(bitmap, 0, 0);
      const d = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let border = 0;
      let blank = 0;
      for (let i = 0; i < d.length; i += 4) {
        const [r, g, b] = [d[i]!, d[i + 1]!, d[i + 2]!];
        if (r > 180 && g < 60 && b > 180) border++;
        if ((r < 30 && g < 30 && b < 30) || (r > 235 && g > 235 && b > 235)) blank++;
      }
      return { border, blank, width: bitmap.width, height: bitmap.height };
    }, saved.toString('base64'));
    // The frame lies inside the straightened photo: at most its four corners touch the border, a few
    // pixels each; a corner outside it would read the edge (the border's colour) over thousands.
    expect(counts.width * counts.height).toBeGreaterThan(600_000);
    expect(counts.border).toBeLessThan(60);
    expect(counts.blank).toBe(0);

    // The same crop of a photo-like picture, saved whole and then in pieces of 96 px.
    await loadPainted(editor, page, 1200, 900, 'photo');
    await crop(page, () => straighten(page, 10));
    const whole = await saveFull(page);
    await page.evaluate(() => window.__retrocam?.setTileLimit(96));
    const pieces = await saveFull(page);
    const comparison = await compareInPage(page, pieces, whole);
    expect(comparison.width).toBeLessThanOrEqual(1024);
    test.info().annotations.push({ type: 'pieces PSNR', description: `${comparison.psnr.toFixed(1)} dB` });
    expect(comparison.psnr).toBeGreaterThanOrEqual(50);
  });
}

test('undo and redo of a crop restore its sizes and pixels exactly; a worker restart keeps it', async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  await editor.open('webgl2');
  await loadPainted(editor, page, 2400, 1600, 'photo');
  const before = await editor.workerPixels();
  await crop(page, async () => {
    await page.getByTestId('crop-aspect-4-5').click();
    await straighten(page, -7.5);
  });
  const cropped = await editor.workerPixels();
  expect(cropped.width / cropped.height).toBeCloseTo(4 / 5, 2);
  expect(Math.max(cropped.width, cropped.height)).toBe(1080);

  await undo(page);
  expect(same(await editor.workerPixels(), before)).toBe(true);
  await expect(page.getByTestId('redo-button')).toHaveAccessibleName('Redo Crop 4:5');
  await page.getByTestId('redo-button').click();
  await editor.settled();
  expect(same(await editor.workerPixels(), cropped)).toBe(true);

  await page.evaluate(() => window.__retrocam?.testHook('crash'));
  await expect(page.getByTestId('notification')).toHaveText(/restarted/);
  await editor.expectStatus('ImageReady', { timeout: 30_000 });
  const restored = await editor.workerPixels();
  expect({ width: restored.width, height: restored.height }).toEqual({
    width: cropped.width,
    height: cropped.height,
  });
  expect(psnr(restored, cropped)).toBeGreaterThanOrEqual(50);
  await undo(page);
  expect(psnr(await editor.workerPixels(), before)).toBeGreaterThanOrEqual(50);
});

function same(a: RgbaImage, b: RgbaImage): boolean {
  return (
    a.width === b.width &&
    a.height === b.height &&
    Buffer.compare(Buffer.from(a.data), Buffer.from(b.data)) === 0
  );
}

test('Apply to all with 1:1 and a quarter turn: three photos of different shapes give three square JPEGs', async ({
  page,
  editor,
}) => {
  test.setTimeout(240_000);
  await editor.open('webgl2');
  const shapes = [
    { name: 'wide.jpg', width: 1800, height: 700 },
    { name: 'tall.jpg', width: 900, height: 1350 },
    { name: 'four-three.jpg', width: 1600, height: 1200 },
  ];
  const files = await Promise.all(
    shapes.map(async ({ name, width, height }) => ({
      name,
      mimeType: 'image/jpeg',
      buffer: await paintedJpeg(page, width, height, 'photo'),
    })),
  );
  await editor.loadWith(() => editor.uploadInput.setInputFiles(files), { timeout: 60_000 });
  await expect(page.getByTestId('batch-panel')).toContainText('3 photos');
  await crop(page, async () => {
    await page.getByTestId('crop-aspect-1-1').click();
    await page.getByTestId('crop-rotate-right').click();
  });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 200_000 }),
    page.getByTestId('batch-apply').click(),
  ]);
  const zip = await JSZip.loadAsync(readFileSync(await download.path()));
  const entries = Object.values(zip.files).filter((file) => file.name.endsWith('.jpg'));
  expect(entries).toHaveLength(3);
  const sizes = await Promise.all(
    entries.map(async (file) => jpegSize(Buffer.from(await file.async('uint8array')))),
  );
  // Each the largest square of its photo: its shorter side.
  expect(sizes.map((size) => size.width).sort((a, b) => a - b)).toEqual([700, 900, 1200]);
  for (const size of sizes) expect(size.width).toBe(size.height);
});

test('a look link carries the crop: the link of a cropped photo crops another photo the same way', async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  await editor.open('webgl2');
  await loadPainted(editor, page, 1600, 1200, 'photo');
  await crop(page, async () => {
    await page.getByTestId('crop-aspect-4-5').click();
    await page.getByTestId('crop-rotate-right').click();
    await straighten(page, 3);
  });
  await editor.chooseEffect('vibrance');
  await editor.settled('vibrance');
  // Turned with the photo, the 4:5 frame is a 5:4 one. The link is written at most every 400 ms: waited
  // for until it names the effect as well as the crop.
  await expect
    .poll(() => {
      const search = new URL(page.url()).searchParams;
      return [search.get('crop'), search.get('effect')];
    })
    .toEqual(['5-4', 'vibrance']);
  const link = new URL(page.url());
  expect(link.searchParams.get('turn')).toBe('1');
  expect(link.searchParams.get('angle')).toBe('3');
  expect(link.searchParams.get('effect')).toBe('vibrance');

  // Another photo, of another shape, through the link: turned, the largest 5:4 frame of it, then the look.
  await page.goto(`${link.pathname}${link.search}&testHooks=1&thumbnails=0&warmUp=0`);
  await editor.expectStatus('WorkerReady');
  await loadPainted(editor, page, 1000, 1500, 'photo');
  await editor.settled('vibrance');
  // The link's crop is the edit's first step, named as the frame shows it; its look is open over it.
  const first = page.getByTestId('edit-steps').getByTestId('edit-step').first();
  await expect(first).toHaveAttribute('data-step-kind', 'crop');
  await expect(first).toContainText('Crop 5:4');
  const shown = await editor.workerPixels();
  expect(shown.width / shown.height).toBeCloseTo(5 / 4, 2);
});

/** The energy of the Laplacian of the luma: how much fine detail an image has. */
function laplacianEnergy(image: RgbaImage): number {
  const { width, height, data } = image;
  const luma = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  };
  let sum = 0;
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const l = 4 * luma(x, y) - luma(x - 1, y) - luma(x + 1, y) - luma(x, y - 1) - luma(x, y + 1);
      sum += l * l;
    }
  return sum / ((width - 2) * (height - 2));
}

/** `rect` of `image` enlarged to `size` (bilinear): the uncropped preview's view of the same region. */
function enlarged(
  image: RgbaImage,
  rect: { x: number; y: number; width: number; height: number },
  size: { width: number; height: number },
): RgbaImage {
  const out = createImage(size.width, size.height);
  for (let y = 0; y < size.height; y++)
    for (let x = 0; x < size.width; x++) {
      const sx = Math.min(
        image.width - 1.001,
        Math.max(0, rect.x + ((x + 0.5) * rect.width) / size.width - 0.5),
      );
      const sy = Math.min(
        image.height - 1.001,
        Math.max(0, rect.y + ((y + 0.5) * rect.height) / size.height - 0.5),
      );
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      const [fx, fy] = [sx - x0, sy - y0];
      for (let c = 0; c < 4; c++) {
        const at = (px: number, py: number) => image.data[(py * image.width + px) * 4 + c]!;
        const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
        const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
        out.data[(y * size.width + x) * 4 + c] = top * (1 - fy) + bottom * fy;
      }
    }
  return out;
}

test('a tight crop of a 4000x3000 photo is made from the original: sharper than the preview enlarged', async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  await editor.open('webgl2');
  await loadPainted(editor, page, 4000, 3000, 'fine');
  const preview = await editor.workerPixels();
  expect(preview.width).toBe(1080);
  const tool = new CropToolPage(page);
  await tool.open();
  await tool.control('aspect-original').click();
  // A quarter of each side, by keyboard: ten steps of 1% at a time with Alt, then single ones.
  await tool.frame.focus();
  for (let i = 0; i < 7; i++) await page.keyboard.press('Alt+Shift+ArrowLeft');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Alt+ArrowRight');
  for (let i = 0; i < 2; i++) await page.keyboard.press('Alt+ArrowDown');
  const rect = await tool.frameRect();
  expect(rect.width).toBe(1000);
  expect(rect.height).toBe(750);
  await tool.control('done').click();
  await editor.settled();
  const cropped = await editor.workerPixels();
  expect({ width: cropped.width, height: cropped.height }).toEqual({ width: 1000, height: 750 });

  const scale = preview.width / 4000;
  const region = {
    x: rect.x * scale,
    y: rect.y * scale,
    width: rect.width * scale,
    height: rect.height * scale,
  };
  const fromPreview = enlarged(preview, region, cropped);
  // The same region: the crop agrees with the enlarged preview in its coarse content...
  expect(
    psnr(
      enlarged(cropped, { x: 0, y: 0, ...cropped }, { width: 250, height: 188 }),
      enlarged(fromPreview, { x: 0, y: 0, ...cropped }, { width: 250, height: 188 }),
    ),
  ).toBeGreaterThan(20);
  // ...and has far more of the fine detail.
  const [sharp, soft] = [laplacianEnergy(cropped), laplacianEnergy(fromPreview)];
  test.info().annotations.push({
    type: 'Laplacian energy',
    description: `crop ${sharp.toFixed(0)}, preview enlarged ${soft.toFixed(0)}`,
  });
  expect(sharp).toBeGreaterThan(4 * soft);
});

// Measured on WebGL2: Vibrance at full reads 18.5 dB against the photo; the crop reads 46.2 dB against
// the effect's preview enlarged, 19.0 dB against the photo's.
const EFFECT_SHOWN_DB = 22;
const EFFECT_KEPT_DB = 42;

test('an effect on screen is shown on the crop and stays open to change; Undo takes the crop back, then the effect', async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000);
  await editor.open('webgl2');
  await loadPainted(editor, page, 1200, 900, 'photo');
  const photo = await editor.workerPixels();
  await editor.chooseEffect('vibrance');
  await editor.settled('vibrance');
  // Vibrance at its default changes nothing: at full, it does, and the crop must carry it.
  await editor.typeSetting('vibrance', '1');
  await expect.poll(async () => psnr(await editor.workerPixels(), photo)).toBeLessThan(EFFECT_SHOWN_DB);
  await editor.settled();
  const withEffect = await editor.workerPixels();
  await crop(page, () => page.getByTestId('crop-aspect-1-1').click());
  const cropped = await editor.workerPixels();
  expect(cropped.width).toBe(cropped.height);
  // The 1:1 frame of the 1200x900 photo is its middle 900x900: the same part of the preview (at its own
  // scale), enlarged, is what the crop shows, with the effect and not without it.
  const scale = photo.width / 1200;
  const middle = { x: 150 * scale, y: 0, width: 900 * scale, height: 900 * scale };
  const withIt = psnr(cropped, enlarged(withEffect, middle, cropped));
  const without = psnr(cropped, enlarged(photo, middle, cropped));
  test.info().annotations.push({
    type: 'PSNR',
    description: `effect ${psnr(withEffect, photo).toFixed(1)} dB; with it ${withIt.toFixed(1)} dB, without ${without.toFixed(1)} dB`,
  });
  expect(withIt).toBeGreaterThanOrEqual(EFFECT_KEPT_DB);
  expect(without).toBeLessThan(withIt - 8);
  // The effect was not made part of the crop: it is still the look being adjusted, at its value.
  await expect(editor.setting('vibrance')).toHaveValue('1');
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName('Undo Crop 1:1');
  await undo(page);
  // The crop taken back, the effect still on the photo as it was adjusted, and still open.
  expect(same(await editor.workerPixels(), withEffect)).toBe(true);
  await expect(editor.setting('vibrance')).toHaveValue('1');
  // Then the effect itself, the last change left.
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName('Undo Vibrance');
  await undo(page);
  expect(same(await editor.workerPixels(), photo)).toBe(true);
  await expect(page.getByTestId('undo-button')).toBeDisabled();
});
