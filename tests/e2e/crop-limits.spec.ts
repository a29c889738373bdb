import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import type { EditorPage } from '../support/pages.ts';

// A crop never makes a frame the engine refuses (under a pixel a side): on photos too thin for the angle
// asked, the tool straightens as far as a frame of a pixel allows. Before, such a frame hung the crop until
// the watchdog restarted the engine (20 s) and the crop was lost. The tool's cases are in the component
// tier (tests/component/crop-limits.test.tsx); here a look link's angle, through the production build:
// the crop is made at once, the editor goes idle (no request left for the watchdog) and no restart follows.

const RESTARTED = /The effect engine stopped and was restarted/;

/** A PNG of a gradient, painted in the page. */
async function gradientPng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([width, height]) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#c04020');
      gradient.addColorStop(1, '#2060c0');
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

async function loadGradient(editor: EditorPage, page: Page, width: number, height: number) {
  const buffer = await gradientPng(page, width, height);
  await editor.load({ name: `gradient-${width}x${height}.png`, mimeType: 'image/png', buffer });
}

test('a look link with angle=1e308 crops a 4000x10 panorama at once, and the link keeps the crop', async ({
  page,
  editor,
}) => {
  await editor.open('webgl2', 'angle=1e308');
  await loadGradient(editor, page, 4000, 10);
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName('Undo Crop', { timeout: 8_000 });
  await editor.expectStatus('ImageReady', { timeout: 8_000 });
  expect(await editor.idle()).toMatchObject({ status: 'ImageReady', requests: 0 });
  await expect(page.getByText(RESTARTED)).toHaveCount(0);
  await expect(page.getByTestId('undo-button')).toHaveAccessibleName('Undo Crop');
  await expect.poll(() => Number(new URL(page.url()).searchParams.get('angle'))).toBeGreaterThan(0.5);
  expect(Number(new URL(page.url()).searchParams.get('angle'))).toBeLessThan(1.5);
});
