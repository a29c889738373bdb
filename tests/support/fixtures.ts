// The end-to-end specs' test: Playwright's, with the app's page objects as fixtures (pages.ts).
import { test as base } from '@playwright/test';
import { EditorPage, LandingPage } from './pages.ts';

export const test = base.extend<{ editor: EditorPage; landing: LandingPage }>({
  editor: async ({ page }, use) => use(new EditorPage(page)),
  landing: async ({ page }, use) => use(new LandingPage(page)),
});

export { expect } from '@playwright/test';

/**
 * The quick tier (`npm run test:quick`) runs the tests tagged `@quick`: a smoke set on one backend. A test
 * written once per backend joins it on WebGL2 only.
 */
export const QUICK = (engine?: string) => ({
  tag: engine === undefined || engine === 'webgl2' ? ['@quick'] : [],
});
