// Issue 27, points 2 and 3: Ctrl/Cmd+V of an image in the editor loads it as an upload would (the landing
// page's paste, the messages and a paste into a field are in the component tier); a file dropped on
// the photo loads; on a phone that can share files Save hands the JPEG to the share sheet (navigator.share
// is stubbed here to record what it gets) instead of downloading, while a desktop still downloads.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { psnr } from '../reference/metrics.ts';
import { decodeInBrowser } from '../support/decode.ts';
import { fixturePath } from '../support/images.ts';
import { expect, test } from '../support/fixtures.ts';
import { sharedFiles, stubShare, type SharedFile } from '../support/share.ts';
import type { EditorPage } from '../support/pages.ts';

const LANDSCAPE = 'kodak/kodim03.png'; // 768 x 512
const PORTRAIT = 'kodak/kodim04.png'; // 512 x 768

interface Clip {
  bytes: Buffer;
  name: string;
  type: string;
}

const fixture = (path: string): Clip => ({
  bytes: readFileSync(fixturePath(path)),
  name: 'image.png',
  type: 'image/png',
});

/**
 * Dispatches a paste, as Ctrl/Cmd+V does, on `target` (else the focused element, else the body), its
 * clipboard holding the file (or only text). Returns whether the page took it (preventDefault).
 */
async function paste(page: Page, clip: Clip | { text: string }, target?: Locator): Promise<boolean> {
  const element = target ? await target.elementHandle() : null;
  return page.evaluate(
    ([clip, element]) => {
      const data = new DataTransfer();
      if ('text' in clip) data.setData('text/plain', clip.text);
      else {
        const bytes = Uint8Array.from(atob(clip.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], clip.name, { type: clip.type }));
      }
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      (element ?? document.activeElement ?? document.body).dispatchEvent(event);
      return event.defaultPrevented;
    },
    [
      'text' in clip ? clip : { base64: clip.bytes.toString('base64'), name: clip.name, type: clip.type },
      element,
    ] as const,
  );
}

/** The photo's own size as the editor reports it (the full-resolution save's option). */
const photoSize = (page: Page) => page.locator('.save-option-size');

/** The worker's image is the fixture as the browser decodes it. */
async function expectWorkerShows(page: Page, path: string, editor: EditorPage) {
  const shown = await editor.workerPixels();
  const expected = await decodeInBrowser(page, readFileSync(fixturePath(path)));
  expect([shown.width, shown.height]).toEqual([expected.width, expected.height]);
  expect(psnr(shown, expected)).toBeGreaterThan(35);
}

test.describe('paste', () => {
  test('an image pasted in the editor loads like an upload', async ({ page, editor }) => {
    await editor.open('webgl2', 'testHooks=1');
    await editor.load(LANDSCAPE);
    await expect(photoSize(page)).toContainText('(768 × 512)');
    await editor.loadWith(async () => expect(await paste(page, fixture(PORTRAIT))).toBe(true));
    await expect(photoSize(page)).toContainText('(512 × 768)');
    await expectWorkerShows(page, PORTRAIT, editor);
    // The shortcuts list names it.
    await page.getByTestId('shortcuts-button').click();
    await expect(page.getByTestId('shortcuts-dialog')).toContainText('Ctrl+VPaste an image as a new photo');
  });

  test('a file dropped on the photo loads', async ({ page, editor }) => {
    await editor.open('webgl2', 'testHooks=1');
    await editor.load(LANDSCAPE);
    const base64 = readFileSync(fixturePath(PORTRAIT)).toString('base64');
    await editor.loadWith(() =>
      editor.canvas.evaluate((canvas, base64) => {
        const data = new DataTransfer();
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
        for (const type of ['dragenter', 'dragover', 'drop']) {
          canvas.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
        }
      }, base64),
    );
    await expect(photoSize(page)).toContainText('(512 × 768)');
    await expectWorkerShows(page, PORTRAIT, editor);
  });
});

/** Counts the page's downloads from now on. */
function countDownloads(page: Page): { count: number } {
  const downloads = { count: 0 };
  page.on('download', () => downloads.count++);
  return downloads;
}

/** A shared file is the photo saved: a JPEG at the export size, showing the fixture. */
async function expectSavedPhoto(page: Page, file: SharedFile) {
  expect(file.name).toMatch(/^retrocam_original_\d{8}-\d{6}(-\d+)?\.jpg$/);
  expect(file.type).toBe('image/jpeg');
  const saved = await decodeInBrowser(page, Buffer.from(file.base64, 'base64'));
  expect(saved.type).toBe('image/jpeg');
  expect([saved.width, saved.height]).toEqual([1080, 720]);
  const expected = await decodeInBrowser(page, readFileSync(fixturePath(LANDSCAPE)), {
    width: 1080,
    height: 720,
  });
  expect(psnr(saved, expected)).toBeGreaterThan(30);
}

test.describe('save through the share sheet on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Save shares one JPEG named as the download would be, and downloads nothing', async ({
    page,
    editor,
  }) => {
    await stubShare(page);
    const downloads = countDownloads(page);
    await editor.open('webgl2');
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'a touch phone').toBe(true);
    await editor.load(LANDSCAPE);
    await page.getByTestId('save-button').click();
    expect((await editor.takeNotification('success', 20_000)).text).toBe('Image shared!');
    const shared = await sharedFiles(page);
    expect(shared).toHaveLength(1);
    await expectSavedPhoto(page, shared[0]!);
    expect(downloads.count).toBe(0);
  });

  test('when the sheet wants a fresh tap, the next tap shares the file already made', async ({
    page,
    editor,
  }) => {
    await stubShare(page, true);
    const downloads = countDownloads(page);
    await editor.open('webgl2');
    await editor.load(LANDSCAPE);
    await page.getByTestId('save-button').click();
    await expect(editor.notification).toHaveAttribute('data-kind', 'info');
    await expect(editor.notification).toContainText('Tap Share');
    expect(await sharedFiles(page)).toHaveLength(0);
    await page.getByTestId('notification-action').click();
    expect((await editor.takeNotification('success')).text).toBe('Image shared!');
    const shared = await sharedFiles(page);
    expect(shared).toHaveLength(1);
    await expectSavedPhoto(page, shared[0]!);
    expect(downloads.count).toBe(0);
  });
});

test('on a desktop Save still downloads, even where the browser could share files', async ({
  page,
  editor,
}) => {
  await stubShare(page);
  await editor.open('webgl2');
  await editor.load(LANDSCAPE);
  const saved = await editor.save();
  expect(saved.name).toMatch(/^retrocam_original_\d{8}-\d{6}(-\d+)?\.jpg$/);
  expect(saved.type).toBe('image/jpeg');
  expect([saved.width, saved.height]).toEqual([1080, 720]);
  expect(await sharedFiles(page)).toHaveLength(0);
});
