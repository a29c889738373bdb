import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Takes the context offline and checks that the page can reach nothing over the network any more. */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  expect(
    await page.evaluate(() =>
      fetch('/no-such-file.txt', { cache: 'no-store' }).then(
        () => 'online',
        () => 'offline',
      ),
    ),
  ).toBe('offline');
}
