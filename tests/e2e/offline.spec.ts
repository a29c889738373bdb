// After one visit the service worker has the whole app: with the network cut, a reload reaches the
// editor, applies an effect and saves; the landing page (HEIC included) and the privacy page load too.
import { expect, test } from '../support/fixtures.ts';
import { goOffline } from '../support/offline.ts';

test.use({ serviceWorkers: 'allow' });

test('the app works offline after the first visit', async ({ page, context, editor, landing }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  // Installed (every file precached) and controlling this page.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return registration.active?.scriptURL;
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  await goOffline(context, page);

  await page.goto('/editor?engine=webgl2');
  await expect(editor.root).toHaveAttribute('data-worker-status', 'WorkerReady');
  await editor.load('kodak/kodim23.png');
  await editor.chooseEffect('vibrance');
  await editor.settled();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('save-button').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^retrocam_vibrance_.*\.jpg$/);

  await page.reload();
  await expect(editor.root).toHaveAttribute('data-worker-status', 'WorkerReady');

  await page.goto('/');
  await landing.choose('heic/kodim23_q60.heic');
  await expect(page.getByTestId('preview-image')).toBeVisible({ timeout: 30_000 });
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
});
