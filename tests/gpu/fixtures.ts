import { test as base, type Page } from '@playwright/test';
import type {} from './harness.ts';

/**
 * One harness page per Playwright worker, shared by every GPU test: its engine workers, backends and
 * compiled pipelines are made once instead of once per test.
 */
export const test = base.extend<object, { harness: Page }>({
  harness: [
    async ({ browser }, use, workerInfo) => {
      const page = await browser.newPage({ baseURL: workerInfo.project.use.baseURL });
      await page.goto('/tests/gpu/harness.html');
      await page.waitForSelector('body[data-ready=true]');
      await use(page);
      await page.close();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
