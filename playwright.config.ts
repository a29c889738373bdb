import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';

const executablePath = process.env.CHROMIUM_PATH ?? findChromium() ?? undefined;
const PREVIEW = 'http://127.0.0.1:4173';
const HARNESS = 'http://127.0.0.1:5174';

export default defineConfig({
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath, args: chromiumArgs() },
    acceptDownloads: true,
    trace: 'retain-on-failure',
  },
  projects: [
    // Stage pixels against the CPU references, on both backends, through a harness page (dev server).
    { name: 'gpu', testDir: 'tests/gpu', use: { baseURL: HARNESS } },
    // Flows through the real UI, against the production build.
    { name: 'e2e', testDir: 'tests/e2e', use: { baseURL: PREVIEW } },
  ],
  webServer: [
    {
      command: 'npm run build && npm run preview',
      url: PREVIEW,
      reuseExistingServer: false,
      timeout: 180_000,
    },
    {
      command: 'npx vite --host 127.0.0.1 --port 5174 --strictPort',
      url: `${HARNESS}/tests/gpu/harness.html`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
