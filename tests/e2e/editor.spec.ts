import { readFileSync } from 'node:fs';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { meanSaturation } from '../reference/metrics.ts';
import { decodeInBrowser } from '../support/decode.ts';
import { fixturePath } from '../support/images.ts';
import { expect, QUICK, test } from '../support/fixtures.ts';

const ENGINES: EngineKind[] = ['webgpu', 'webgl2'];

for (const engine of ENGINES) {
  test.describe(`editor on ${engine}`, () => {
    test(
      'loads kodim23, applies vibrance 0.5 in the worker and saves a more saturated JPEG',
      QUICK(engine),
      async ({ page, editor }) => {
        // testHooks: the worker's image is read directly (no screenshots), for the check after Enter.
        await editor.open(engine, 'testHooks=1');
        await editor.load('kodak/kodim23.png');
        await expect(page.getByTestId('upload-overlay')).toHaveCount(0);

        await editor.chooseEffect('vibrance');
        await editor.settled();
        // Vibrance at its default, 0: the worker shows the photo as loaded.
        const plain = meanSaturation(await editor.workerPixels());
        const setting = page.getByTestId('setting-vibrance');
        await setting.fill('0.5');
        await setting.press('Enter');
        await expect(setting).toHaveValue('0.5');
        // Enter applies 0.5: the worker comes to show a more saturated photo. (The status alone proves
        // nothing here: it was ImageReady before Enter too.)
        await expect
          .poll(async () => meanSaturation(await editor.workerPixels()), {
            message: 'saturation shown after Enter',
          })
          .toBeGreaterThan(plain + 0.02);
        await editor.settled();

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByTestId('save-button').click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^retrocam_vibrance_\d{8}-\d{6}\.jpg$/);
        await expect(page.getByTestId('notification')).toHaveText(/Download started!/);

        const saved = await decodeInBrowser(page, readFileSync(await download.path()));
        const original = await decodeInBrowser(page, readFileSync(fixturePath('kodak/kodim23.png')));
        expect(saved.type).toBe('image/jpeg');
        // Saved at the export size: the processed 768x512 image with its long side scaled to 1080.
        expect([saved.width, saved.height]).toEqual([1080, 720]);
        const before = meanSaturation(original);
        const after = meanSaturation(saved);
        test.info().annotations.push({
          type: 'mean saturation',
          description: `${before.toFixed(3)} -> ${after.toFixed(3)}`,
        });
        expect(after).toBeGreaterThan(before + 0.02);
      },
    );
  });
}
