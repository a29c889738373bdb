// The test options on a host that is not loopback: the build served as http://retrocam.test (the browser
// maps the name to 127.0.0.1, as a hosts file would), where `?testHooks=1&tileLimit=1` must change
// nothing: no test hooks on the page, and a full-resolution save made in the usual tiles, not in 1 px
// ones (hundreds of thousands of them: a hang). On 127.0.0.1 the same address has its test hooks.
import type { Page } from '@playwright/test';
import { chromiumArgs, findChromium } from '../../scripts/chromium.mjs';
import { expect, test } from '../support/fixtures.ts';

const PORT = Number(process.env.PREVIEW_PORT ?? 4173);
const PUBLIC = `http://retrocam.test:${PORT}`;
const LOOPBACK = `http://127.0.0.1:${PORT}`;

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? findChromium() ?? undefined,
    args: [
      ...chromiumArgs(),
      '--host-resolver-rules=MAP retrocam.test 127.0.0.1',
      // A public site is served over HTTPS: the page gets what a secure page gets (workers, crypto).
      `--unsafely-treat-insecure-origin-as-secure=${PUBLIC}`,
    ],
  },
});

const hasHooks = (page: Page) =>
  page.evaluate(() => '__retrocam' in window && window.__retrocam !== undefined);

test.describe('on a host that is not loopback', () => {
  test.use({ baseURL: PUBLIC });

  test('?testHooks=1&tileLimit=1 changes nothing: no hooks, and a full-resolution save in time', async ({
    page,
    editor,
  }) => {
    await editor.open('webgl2', 'tileLimit=1&decodeDelay=60000');
    expect(new URL(page.url()).hostname).toBe('retrocam.test');
    expect(await hasHooks(page)).toBe(false);
    // A 768x512 photo: with 1 px tiles its save would take 393,216 of them.
    await editor.load('kodak/kodim23.png', { timeout: 30_000 });
    await page.getByTestId('save-full-resolution').check();
    const saved = await Promise.race([
      editor.save(),
      new Promise<null>((done) => setTimeout(() => done(null), 45_000)),
    ]);
    expect(saved, 'the full-resolution save came in time').not.toBeNull();
    expect(saved?.width).toBe(768);
  });
});

test('on 127.0.0.1 the same address has its test hooks', async ({ page }) => {
  await page.goto(`${LOOPBACK}/editor?engine=webgl2&testHooks=1&tileLimit=1&thumbnails=0&warmUp=0`);
  await expect(page.getByTestId('editor')).toHaveAttribute('data-worker-status', 'WorkerReady');
  expect(await hasHooks(page)).toBe(true);
});
