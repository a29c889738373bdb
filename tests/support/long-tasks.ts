import type { Page } from '@playwright/test';

export interface LongTasks {
  /** The longest task since the last call (or since `quiet`), in ms; forgets them. */
  longest: () => Promise<number>;
  /**
   * Waits until the page has had no long task for `window` ms, then forgets what came before: a
   * measurement starts from a quiet page, not inside what the setup left running (thumbnails of a new
   * image, a screenshot's paint), whose entries the observer may deliver after the measurement began.
   */
  quiet: (window?: number, timeout?: number) => Promise<void>;
  /**
   * Runs `action` from a quiet page and gives its longest task. When that is over `limit` the action runs
   * once more and the lesser of the two counts: a task the product makes (a decode on the main thread, a
   * large render) is made on every try, while on two cores a second browser beside this one can stretch
   * any short task in wall time once. `tries` keeps both for the report.
   */
  measure: <T>(
    action: () => Promise<T>,
    limit: number,
  ) => Promise<{ result: T; longest: number; tries: number[] }>;
}

/** Records the page's main-thread long tasks (from its first script on). */
export async function watchLongTasks(page: Page): Promise<LongTasks> {
  await page.addInitScript(() => {
    const durations: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = durations;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) durations.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const longest = () =>
    page.evaluate(() => {
      const durations = (window as unknown as { __longTasks: number[] }).__longTasks;
      const most = Math.max(0, ...durations);
      durations.length = 0;
      return most;
    });
  const quiet = async (window = 500, timeout = 15_000) => {
    const end = Date.now() + timeout;
    await longest();
    for (;;) {
      await page.waitForTimeout(window);
      if ((await longest()) === 0) return;
      if (Date.now() > end) throw new Error(`The page never went ${window} ms without a long task`);
    }
  };
  const measure = async <T>(action: () => Promise<T>, limit: number) => {
    const tries: number[] = [];
    let result: T;
    let last: number;
    do {
      await quiet();
      result = await action();
      last = await longest();
      tries.push(last);
    } while (tries.length < 2 && last > limit);
    return { result, longest: Math.min(...tries), tries };
  };
  return { longest, quiet, measure };
}
