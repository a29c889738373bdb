// The collage (issue 6): every preset, photos, text, background, swapping, Apply onto the worker's
// base image, an effect on top, and Save; film-photo's fixed photo and editable caption; and fabric
// kept out of the landing page's JavaScript.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { MAX_TEXT_LENGTH } from '../../src/collage/model/slot-layout.ts';
import { findPreset, PRESETS } from '../../src/collage/model/presets.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { RgbaImage } from '../reference/image.ts';
import { psnr } from '../reference/metrics.ts';
import { decodeScreenshot } from '../support/decode.ts';
import { fixturePath } from '../support/images.ts';
import { expect, test } from '../support/fixtures.ts';
import { watchLongTasks } from '../support/long-tasks.ts';
import { EditorPage } from '../support/pages.ts';

const ENGINES: EngineKind[] = ['webgpu', 'webgl2'];

/** A fabric property name that survives minification: the marker of fabric's code in a chunk. */
const FABRIC_MARKER = 'upperCanvasEl';

async function collagePixels(page: Page): Promise<RgbaImage> {
  return decodeScreenshot(await page.getByTestId('collage-canvas').screenshot());
}

interface Stats {
  mean: [number, number, number];
  spread: number;
}

/** Mean colour and spread (mean absolute deviation) of a region given as fractions of the image. */
function region(image: RgbaImage, x: number, y: number, w: number, h: number): Stats {
  const x0 = Math.round(x * image.width);
  const y0 = Math.round(y * image.height);
  const x1 = Math.max(x0 + 1, Math.round((x + w) * image.width));
  const y1 = Math.max(y0 + 1, Math.round((y + h) * image.height));
  const sums = [0, 0, 0];
  let n = 0;
  for (let yy = y0; yy < y1; yy++)
    for (let xx = x0; xx < x1; xx++) {
      const i = (yy * image.width + xx) * 4;
      for (let c = 0; c < 3; c++) sums[c]! += image.data[i + c] ?? 0;
      n++;
    }
  const mean = sums.map((s) => s / n) as [number, number, number];
  let spread = 0;
  for (let yy = y0; yy < y1; yy++)
    for (let xx = x0; xx < x1; xx++) {
      const i = (yy * image.width + xx) * 4;
      for (let c = 0; c < 3; c++) spread += Math.abs((image.data[i + c] ?? 0) - mean[c]!);
    }
  return { mean, spread: spread / (n * 3) };
}

/** The middle half of a preset slot, as fractions of the canvas. */
function slotMiddle(presetId: string, slotId: string) {
  const slot = findPreset(presetId)!.slots.find((s) => s.id === slotId)!;
  return [slot.x + slot.width / 4, slot.y + slot.height / 4, slot.width / 2, slot.height / 2] as const;
}

/** A patch near a slot's top-left corner, clear of its border and of the placeholder's plus. */
function slotCorner(presetId: string, slotId: string) {
  const slot = findPreset(presetId)!.slots.find((s) => s.id === slotId)!;
  return [
    slot.x + slot.width * 0.12,
    slot.y + slot.height * 0.12,
    slot.width * 0.2,
    slot.height * 0.2,
  ] as const;
}

/** The RGBA bytes of a slot's area, `inset` pixels in from its edges. */
function crop(image: RgbaImage, x: number, y: number, w: number, h: number, inset: number): Uint8Array {
  const x0 = Math.round(x * image.width) + inset;
  const y0 = Math.round(y * image.height) + inset;
  const width = Math.round(w * image.width) - 2 * inset;
  const height = Math.round(h * image.height) - 2 * inset;
  const out = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) {
    const start = ((y0 + row) * image.width + x0) * 4;
    out.set(image.data.subarray(start, start + width * 4), row * width * 4);
  }
  return out;
}

function colourDistance(a: readonly number[], b: readonly number[]): number {
  return Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? 0))));
}

/** A point of the collage canvas on the page, from fractions. */
async function at(page: Page, fx: number, fy: number) {
  const box = await page.getByTestId('collage-canvas').boundingBox();
  if (!box) throw new Error('no collage canvas');
  return { x: box.x + fx * box.width, y: box.y + fy * box.height };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

/** A corner of the canvas outside every slot of triple-horizontal, clear of the element's edge pixels. */
const GUTTER = [0.004, 0.015, 0.012, 0.03] as const;

/** Placeholder: 10% white over the black preset background, flat. */
const PLACEHOLDER = [26, 26, 26];

for (const engine of ENGINES) {
  // The collage itself is drawn on the page (fabric): its presets, text, background and swap once, on
  // WebGL2; on WebGPU the parts that reach the worker (photos composed, Apply, an effect on top, saves).
  const full = engine === 'webgl2';
  test(`collage on ${engine}: ${full ? 'presets, photos, text, background, swap' : 'photos'}, save, apply, an effect on top`, async ({
    page,
    editor,
  }, testInfo) => {
    test.setTimeout(240_000);
    await editor.open(engine);
    await editor.load('kodak/kodim23.png');
    await editor.collage.open();
    const canvas = page.getByTestId('collage-canvas');

    // Free mode: the main image centred on the #222222 background.
    await expect(canvas).toHaveAttribute('data-preset', 'free-mode');
    await expect
      .poll(async () => region(await collagePixels(page), 0.45, 0.45, 0.1, 0.1).spread)
      .toBeGreaterThan(8);
    const corner = region(await collagePixels(page), 0.01, 0.01, 0.03, 0.03);
    expect(colourDistance(corner.mean, [0x22, 0x22, 0x22])).toBeLessThan(3);

    if (full) {
      // Every preset in turn: its shape, the main image in its first slot, placeholders in the others.
      for (const preset of PRESETS) {
        await page.getByTestId(`collage-preset-${preset.id}`).click();
        await expect(page.getByTestId(`collage-preset-${preset.id}`)).toHaveAttribute('aria-pressed', 'true');
        await expect(canvas).toHaveAttribute('data-preset', preset.id);
        const box = await canvas.boundingBox();
        if (preset.aspectRatio)
          expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(preset.aspectRatio, 1);
        const [first, ...rest] = preset.slots;
        if (first) {
          await expect
            .poll(async () => region(await collagePixels(page), ...slotMiddle(preset.id, first.id)).spread)
            .toBeGreaterThan(8);
        }
        const pixels = await collagePixels(page);
        for (const slot of rest) {
          const stats = region(pixels, ...slotCorner(preset.id, slot.id));
          expect(colourDistance(stats.mean, PLACEHOLDER), `${preset.id} ${slot.id}`).toBeLessThan(4);
          expect(stats.spread).toBeLessThan(1);
        }
        await testInfo.attach(`preset-${preset.id}`, {
          body: await canvas.screenshot(),
          contentType: 'image/png',
        });
        await canvas.screenshot({ path: testInfo.outputPath(`preset-${preset.id}.png`) });
      }
    }

    // Three across (16:9): two added photos fill the empty slots.
    const layout = 'triple-horizontal';
    await page.getByTestId(`collage-preset-${layout}`).click();
    await editor.collage.addPhotos([fixturePath('kodak/kodim03.png'), fixturePath('kodak/kodim04.png')]);
    await expect(page.getByTestId('collage-asset-asset-2')).toBeVisible();
    await expect
      .poll(async () => region(await collagePixels(page), ...slotMiddle(layout, 'slot-3')).spread)
      .toBeGreaterThan(8);
    const filled = await collagePixels(page);
    const slot1 = region(filled, ...slotMiddle(layout, 'slot-1'));
    const slot3 = region(filled, ...slotMiddle(layout, 'slot-3'));
    expect(colourDistance(slot1.mean, slot3.mean)).toBeGreaterThan(10);

    if (full) {
      // Dragging slot 1's photo onto slot 3 swaps the two.
      const s1 = findPreset(layout)!.slots[0]!;
      const s3 = findPreset(layout)!.slots[2]!;
      await drag(
        page,
        await at(page, s1.x + s1.width / 2, s1.y + s1.height / 2),
        await at(page, s3.x + s3.width / 2, s3.y + s3.height / 2),
      );
      await expect
        .poll(async () =>
          colourDistance(region(await collagePixels(page), ...slotMiddle(layout, 'slot-1')).mean, slot3.mean),
        )
        .toBeLessThan(4);
      const swapped = await collagePixels(page);
      expect(colourDistance(region(swapped, ...slotMiddle(layout, 'slot-3')).mean, slot1.mean)).toBeLessThan(
        4,
      );

      // A text, styled: Special Elite, 40, red, bold, left aligned, a thicker yellow outline.
      const beforeText = region(await collagePixels(page), 0.3, 0.42, 0.4, 0.16);
      await page.getByTestId('collage-add-text').click();
      // Spec section 9's default: 'get well soon', Arial 24, white, a black outline of width 1.
      await expect(page.getByTestId('collage-text-content')).toHaveValue('get well soon');
      await expect(page.getByTestId('setting-fontFamily')).toHaveValue('Arial');
      await expect(page.getByTestId('setting-fontSize')).toHaveValue('24');
      await expect(page.getByTestId('setting-fill')).toHaveValue('#ffffff');
      await expect(page.getByTestId('setting-strokeEnabled')).toBeChecked();
      await expect(page.getByTestId('setting-stroke')).toHaveValue('#000000');
      await expect(page.getByTestId('setting-strokeWidth')).toHaveValue('1');
      await page.getByTestId('setting-fontFamily').selectOption('Special Elite');
      const size = page.getByTestId('setting-fontSize');
      await size.fill('40');
      await size.press('Enter');
      await expect(size).toHaveValue('40');
      await page.getByTestId('setting-fill').fill('#ff0000');
      await page.getByTestId('collage-bold').click();
      await expect(page.getByTestId('collage-bold')).toHaveAttribute('aria-pressed', 'true');
      await page.getByTestId('collage-align-left').click();
      await expect(page.getByTestId('collage-align-left')).toHaveAttribute('aria-pressed', 'true');
      await page.getByTestId('setting-stroke').fill('#ffff00');
      const outline = page.getByTestId('setting-strokeWidth');
      await outline.fill('3');
      await outline.press('Enter');
      await expect(outline).toHaveValue('3');
      await expect(page.getByTestId('setting-fontFamily')).toHaveValue('Special Elite');
      // Red letters with a yellow outline over the photos: red and green rise against blue.
      const textArea = region(await collagePixels(page), 0.3, 0.42, 0.4, 0.16);
      const warmth = (s: Stats) => s.mean[0] - s.mean[2];
      expect(warmth(textArea) - warmth(beforeText)).toBeGreaterThan(10);

      // Background colour, then a background image, in the gutters between the slots.
      await page.getByTestId('setting-backgroundColor').fill('#3366ff');
      await expect
        .poll(async () =>
          colourDistance(region(await collagePixels(page), ...GUTTER).mean, [0x33, 0x66, 0xff]),
        )
        .toBeLessThan(4);
      await editor.collage.setBackground(fixturePath('kodak/kodim05.png'));
      await expect
        .poll(async () =>
          colourDistance(region(await collagePixels(page), ...GUTTER).mean, [0x33, 0x66, 0xff]),
        )
        .toBeGreaterThan(20);
    }
    await canvas.screenshot({ path: testInfo.outputPath('composed.png') });

    // Save from the collage: a JPEG in the preset's 16:9 shape, long side 1080.
    const fromCollage = await editor.save();
    await expect(page.getByTestId('notification')).toHaveText(/Collage download started!/);
    expect(fromCollage.type).toBe('image/jpeg');
    expect(fromCollage.name).toMatch(/^retrocam_collageEffect_\d{8}-\d{6}\.jpg$/);
    expect(fromCollage.width).toBe(1080);
    expect(fromCollage.width / fromCollage.height).toBeCloseTo(16 / 9, 2);

    // Apply: the collage becomes the worker's image, and the editor shows it at its new size.
    const composed = await collagePixels(page);
    await page.getByTestId('apply-button').click();
    await editor.settled();
    await expect(canvas).toHaveCount(0);
    await expect(page.getByTestId('effect-collageEffect')).toHaveAttribute('aria-pressed', 'false');
    const main = page.getByTestId('main-canvas');
    await expect(main).toBeVisible();
    const mainBox = await main.boundingBox();
    expect((mainBox?.width ?? 0) / (mainBox?.height ?? 1)).toBeCloseTo(16 / 9, 1);
    const shown = await editor.pixels();
    for (const slot of ['slot-1', 'slot-2', 'slot-3']) {
      const expected = region(composed, ...slotMiddle(layout, slot)).mean;
      expect(colourDistance(region(shown, ...slotMiddle(layout, slot)).mean, expected), slot).toBeLessThan(8);
    }
    await expect(page.getByTestId('undo-button')).toBeEnabled();

    // A retro effect on top of the collage.
    await editor.chooseEffect('vibrance');
    const vibrance = page.getByTestId('setting-vibrance');
    await vibrance.fill('1');
    await vibrance.press('Enter');
    await editor.settled();
    expect(psnr(shown, await editor.pixels())).toBeLessThan(35);

    const saved = await editor.save();
    expect(saved.type).toBe('image/jpeg');
    expect(saved.width).toBe(1080);
    expect(saved.width / saved.height).toBeCloseTo(16 / 9, 2);
    await expect(page.getByTestId('notification')).toHaveText(/^Download started!/);
    await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'ImageReady');
  });
}

test('film-photo: the caption is editable, the main photo cannot be selected or moved', async ({
  page,
  editor,
}) => {
  const longTasks = await watchLongTasks(page);
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  await editor.collage.open();
  await page.getByTestId('collage-preset-film-photo').click();
  const film = findPreset('film-photo')!;
  const frame = film.slots[0]!;
  const caption = film.texts![0]!;
  await expect
    .poll(async () => region(await collagePixels(page), ...slotMiddle('film-photo', frame.id)).spread)
    .toBeGreaterThan(8);

  // The main photo: a drag and a wheel over it change nothing, and it is never selected.
  const before = await collagePixels(page);
  const middle = await at(page, frame.x + frame.width / 2, frame.y + frame.height / 2);
  await drag(page, middle, { x: middle.x + 90, y: middle.y + 40 });
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.wheel(0, -400);
  await expect(page.getByTestId('collage-image-controls')).toHaveCount(0);
  const after = await collagePixels(page);
  expect(psnr(before, after)).toBeGreaterThan(45);

  // The caption: selected by a click, edited on the canvas by typing, and from the panel.
  const where = await at(page, caption.x, caption.y);
  await page.mouse.click(where.x, where.y);
  const words = page.getByTestId('collage-text-content');
  await expect(words).toHaveValue('get well soon');
  await expect(words).toBeEditable();
  await page.mouse.dblclick(where.x, where.y);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('happy birthday');
  await expect(words).toHaveValue('happy birthday');
  const typed = await collagePixels(page);
  expect(psnr(before, typed)).toBeLessThan(45);
  await words.fill('see you soon');
  await expect(words).toHaveValue('see you soon');
  // Issue 38: a pasted page of text is held to a caption's length, in the panel and on the canvas, and
  // neither it nor a keystroke on a full caption holds the page up.
  const pasted = await longTasks.measure(async () => {
    await words.fill('x'.repeat(100_000));
    await expect(words).toHaveValue('x'.repeat(MAX_TEXT_LENGTH));
  }, 200);
  expect(pasted.longest, 'the longest task of a pasted page of text').toBeLessThanOrEqual(200);
  await page.mouse.dblclick(where.x, where.y);
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText('y'.repeat(4 * MAX_TEXT_LENGTH));
  await expect(words).toHaveValue('y'.repeat(MAX_TEXT_LENGTH));
  const keystroke = await longTasks.measure(async () => {
    await page.keyboard.press('End');
    await page.keyboard.type('z');
    await expect(words).toHaveValue('y'.repeat(MAX_TEXT_LENGTH));
  }, 200);
  expect(keystroke.longest, 'the longest task of a keystroke on a full caption').toBeLessThanOrEqual(200);
  await page.keyboard.press('Escape');
  await words.fill('see you soon');
  // The photo is still where it was: its slot's pixels did not move.
  const photo = region(await collagePixels(page), ...slotMiddle('film-photo', frame.id));
  expect(colourDistance(photo.mean, region(before, ...slotMiddle('film-photo', frame.id)).mean)).toBeLessThan(
    2,
  );
});

test("the landing page's JavaScript does not include fabric; the collage loads it when opened", async ({
  page,
  editor,
}) => {
  // The build output: follow the landing page's static imports from index.html.
  const dist = resolve(import.meta.dirname, '../../dist');
  expect(existsSync(resolve(dist, 'index.html'))).toBe(true);
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  expect(entries.length).toBeGreaterThan(0);
  const seen = new Set<string>();
  const queue = [...entries, ...preloads];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(resolve(dist, file), 'utf8');
    // Static imports only (`import ... from"./x.js"`, `import"./x.js"`), not dynamic `import("./x.js")`.
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
      queue.push(`assets/${match[1]}`);
  }
  for (const file of seen)
    expect(readFileSync(resolve(dist, file), 'utf8'), file).not.toContain(FABRIC_MARKER);
  const withFabric = readdirSync(resolve(dist, 'assets')).filter(
    (file) =>
      file.endsWith('.js') && readFileSync(resolve(dist, 'assets', file), 'utf8').includes(FABRIC_MARKER),
  );
  expect(withFabric.length).toBeGreaterThan(0);
  for (const file of withFabric) expect(seen).not.toContain(`assets/${file}`);

  // The running app: what each page actually fetches.
  const scripts: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.body.includes(FABRIC_MARKER)).map((s) => s.url)).toEqual([]);

  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => s.body.includes(FABRIC_MARKER)).map((s) => s.url)).toEqual([]);

  await editor.collage.open();
  await expect.poll(() => scripts.filter((s) => s.body.includes(FABRIC_MARKER)).length).toBeGreaterThan(0);
});

test('a slot photo pans and zooms inside its slot (drag, wheel, pinch) and keeps covering it', async ({
  browser,
}) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const editor = new EditorPage(page);
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  await editor.collage.open();
  await page.getByTestId('collage-preset-quad-grid').click();
  const slot = findPreset('quad-grid')!.slots[0]!;
  const centre = await at(page, slot.x + slot.width / 2, slot.y + slot.height / 2);
  await expect
    .poll(async () => region(await collagePixels(page), ...slotMiddle('quad-grid', 'slot-1')).spread)
    .toBeGreaterThan(8);
  const fitted = await collagePixels(page);
  const inSlot = (image: RgbaImage) => ({
    width: Math.round(slot.width * image.width) - 16,
    height: Math.round(slot.height * image.height) - 16,
    data: crop(image, slot.x, slot.y, slot.width, slot.height, 8),
  });

  // Selecting the photo shows its zoom at 1 (the cover fit).
  await page.mouse.click(centre.x, centre.y);
  const zoom = page.getByTestId('setting-slotZoom');
  await expect(zoom).toHaveValue('1');

  // The wheel zooms in about the pointer.
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number(await zoom.inputValue())).toBeGreaterThan(1.5);
  const zoomed = await collagePixels(page);
  expect(psnr(inSlot(fitted), inSlot(zoomed))).toBeLessThan(30);

  // A drag inside the slot pans the photo; dragged far, it stops where its edge meets the slot's.
  await drag(
    page,
    await at(page, slot.x + slot.width * 0.1, slot.y + slot.height * 0.1),
    await at(page, slot.x + slot.width * 0.9, slot.y + slot.height * 0.9),
  );
  const panned = await collagePixels(page);
  expect(psnr(inSlot(zoomed), inSlot(panned))).toBeLessThan(30);
  // Still covered: no slot corner shows the background or the placeholder.
  for (const [fx, fy] of [
    [0.05, 0.05],
    [0.9, 0.05],
    [0.05, 0.9],
    [0.9, 0.9],
  ] as const) {
    const patch = region(
      panned,
      slot.x + slot.width * fx,
      slot.y + slot.height * fy,
      slot.width * 0.05,
      slot.height * 0.05,
    );
    expect(Math.max(...patch.mean)).toBeGreaterThan(40);
  }
  await expect(page.getByTestId('collage-canvas')).toHaveAttribute('data-preset', 'quad-grid');

  // Back to the fit with the zoom control, then a two-finger pinch zooms in again.
  await zoom.fill('1');
  await zoom.press('Enter');
  await expect(zoom).toHaveValue('1');
  const session = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
    session.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: centre.x - spread, y: centre.y, id: 1 },
              { x: centre.x + spread, y: centre.y, id: 2 },
            ],
    });
  await touch('touchStart', 20);
  for (const spread of [30, 45, 60, 80]) await touch('touchMove', spread);
  await touch('touchEnd', 0);
  await expect.poll(async () => Number(await zoom.inputValue())).toBeGreaterThan(2.5);
  await context.close();
});

test('the canvas is sized again for the window, keeping its preset shape within 200-800 px', async ({
  page,
  editor,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await editor.open('webgl2');
  await editor.load('kodak/kodim23.png');
  await editor.collage.open();
  await page.getByTestId('collage-preset-dual-horizontal-stroke').click();
  const canvas = page.getByTestId('collage-canvas');
  // 1280 wide: 780 x 700 for the canvas, so a 4:3 canvas is 780 x 585.
  await expect(canvas).toHaveAttribute('aria-label', /780 by 585$/);
  await page.setViewportSize({ width: 1000, height: 600 });
  // 1000 wide: 500 x 580 for the canvas: 500 x 375.
  await expect(canvas).toHaveAttribute('aria-label', /500 by 375$/);
  await page.setViewportSize({ width: 1800, height: 1200 });
  await expect(canvas).toHaveAttribute('aria-label', /800 by 600$/);
  const box = await canvas.boundingBox();
  expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([800, 600]);
});
