import { expect, QUICK, test } from '../support/fixtures.ts';

test('the landing page, the privacy page and the editor each have their route', QUICK(), async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: /privacy/i })).toBeVisible();
  await page.goto('/editor');
  await expect(page.getByTestId('editor')).toBeVisible();
});

test('an unknown path shows a not-found page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /start page/i }).click();
  await expect(page).toHaveURL(/\/$/);
});
