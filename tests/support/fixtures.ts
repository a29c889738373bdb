// The end-to-end specs' test: Playwright's, with the app's page objects as fixtures (pages.ts).
import { test as base } from '@playwright/test';
import { EditorPage, LandingPage } from './pages.ts';

export const test = base.extend<{ editor: EditorPage; landing: LandingPage }>({
  editor: async ({ page }, use) => use(new EditorPage(page)),
  landing: async ({ page }, use) => use(new LandingPage(page)),
});

export { expect } from '@playwright/test';
