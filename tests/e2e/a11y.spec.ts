import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

// The production build's pages at a phone's size; every part of the editor at the three layouts (the
// collage's panel and the crop tool too) is scanned in the component tier (tests/component/a11y.test.tsx).
const VIEWPORTS = [{ width: 390, height: 844 }];

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}x${viewport.height}`;
  const effect = (id: string) => `${viewport.width > 991 ? 'effect-' : 'effect-mobile-'}${id}`;

  test(`at ${size} the landing page, the privacy page and the editor have no serious or critical accessibility violations: the editor empty, with an effect, comparing, the shortcuts, More`, async ({
    page,
    landing,
    editor,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByTestId('start-editing')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await landing.choose('kodak/kodim23.png');
    await expect(page.getByTestId('preview-image')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('contact-button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Thumbnails as the user has them (they are part of what is scanned); no warm-up, which shows nothing.
    await editor.open('webgl2', 'testHooks=1&warmUp=0', { thumbnails: true });
    expect(await seriousViolations(page)).toEqual([]);

    await editor.load('kodak/kodim23.png');
    await page.getByTestId(effect('ccdEffect')).click();
    await editor.settled();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('compare-button').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('before-label')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    // The phone's More menu, open.
    await page.getByTestId('more-actions').getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByTestId('more-actions').getByTestId('upload-button')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
