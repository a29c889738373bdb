import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the editor has no serious or critical accessibility violations, empty and with an effect chosen', async ({
  page,
  editor,
}) => {
  await page.goto('/editor?engine=webgl2');
  await expect(editor.root).toHaveAttribute('data-worker-status', 'WorkerReady');
  expect(await seriousViolations(page)).toEqual([]);

  await editor.upload('kodak/kodim23.png');
  await expect(editor.root).toHaveAttribute('data-worker-status', 'ImageReady');
  await editor.chooseEffect('vibrance');
  await expect(editor.root).toHaveAttribute('data-worker-status', 'ImageReady');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the landing page and the privacy page have no serious or critical accessibility violations', async ({
  page,
  landing,
}) => {
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
});

test('the collage, its panel and its text controls have no serious or critical accessibility violations', async ({
  page,
  editor,
}) => {
  await page.goto('/editor?engine=webgl2');
  await expect(editor.root).toHaveAttribute('data-worker-status', 'WorkerReady');
  await editor.upload('kodak/kodim23.png');
  await expect(editor.root).toHaveAttribute('data-worker-status', 'ImageReady');
  await editor.chooseEffect('collageEffect');
  await expect(page.getByTestId('collage-canvas')).toHaveAttribute('aria-busy', 'false');
  await page.getByTestId('collage-preset-quad-grid').click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('collage-add-text').click();
  await expect(page.getByTestId('collage-text-controls')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
