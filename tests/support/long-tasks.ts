import type { Page } from '@playwright/test';

/**
 * Records the page's main-thread long tasks (from its first script on); returns a function that gives the
 * longest task since its last call, and forgets them.
 */
export async function watchLongTasks(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const durations: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = durations;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  return () =>
    page.evaluate(() => {
      const durations = (window as unknown as { __longTasks: number[] }).__longTasks;
      const longest = Math.max(0, ...durations);
      durations.length = 0;
      return longest;
    });
}
