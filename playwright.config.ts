import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';

const executablePath = process.env.CHROMIUM_PATH ?? findChromium() ?? undefined;
// Ports can be moved so that two checkouts can run their suites side by side.
const PREVIEW_PORT = Number(process.env.PREVIEW_PORT ?? 4173);
const HARNESS_PORT = Number(process.env.HARNESS_PORT ?? 5174);
const PREVIEW = `http://127.0.0.1:${PREVIEW_PORT}`;
const HARNESS = `http://127.0.0.1:${HARNESS_PORT}`;
const FLOW_RETRIES = Number(process.env.PW_RETRIES ?? 1);

export default defineConfig({
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two browsers at once, one per core up to two. A single test leaves a third of two cores idle (it waits
  // on pages, workers and timers), so two workers take the suite from about 19 to about 11 minutes on two
  // cores; every timed check keeps a wide margin with two (the slowest fixture 1.1 s of its 10 s). More
  // browsers than cores would make SwiftShader's frames compete. PW_WORKERS overrides.
  workers: Number(process.env.PW_WORKERS ?? Math.min(2, availableParallelism())),
  // Stage tests compare pixels and do not depend on timing: no retry. The flows (below) get one: on two
  // shared cores a timed check (a long task, a 5 s limit) can be stretched once by the browser running beside
  // it, and three CI runs in a row failed on three different such checks that never failed here. A test
  // that fails twice fails the run; one that passes on its retry is listed as flaky in the report, not hidden.
  // PW_RETRIES overrides.
  retries: 0,
  // On CI a test that passed only on its retry fails the run: the retry keeps a stretched timed check from
  // failing a run, but a flaky test is a defect to fix, not to hide in the report.
  failOnFlakyTests: Boolean(process.env.CI),
  // The list as it runs, and every test's time for `npm run test:timings` (scripts/test-timings.mjs).
  reporter: [['list'], ['json', { outputFile: 'playwright-report/results.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath, args: chromiumArgs() },
    acceptDownloads: true,
    // Recording a trace of every test costs about a tenth of the suite's time on two cores; a failure
    // still leaves its screenshot. PW_TRACE=retain-on-failure records them when a failure needs one.
    trace: (process.env.PW_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Stage pixels against the CPU references, on both backends, through a harness page (dev server).
    { name: 'gpu', testDir: 'tests/gpu', use: { baseURL: HARNESS } },
    // Flows through the real UI, against the production build.
    // The service worker precaches the whole app on a first visit; only the offline and privacy specs
    // need it (they opt in), so the other flows skip that extra work.
    {
      name: 'e2e',
      testDir: 'tests/e2e',
      retries: FLOW_RETRIES,
      use: { baseURL: PREVIEW, serviceWorkers: 'block' },
    },
    // The same journey in Firefox ESR and WebKitGTK (their own drivers, under Xvfb or headless), held to
    // Chromium's saves: tests/engines.
    {
      name: 'engines',
      testDir: 'tests/engines',
      retries: FLOW_RETRIES,
      use: { baseURL: PREVIEW, serviceWorkers: 'block' },
    },
  ],
  webServer: [
    {
      command: `npm run build && npx vite preview --host 127.0.0.1 --port ${PREVIEW_PORT} --strictPort`,
      url: PREVIEW,
      reuseExistingServer: false,
      timeout: 180_000,
    },
    {
      command: `npx vite --host 127.0.0.1 --port ${HARNESS_PORT} --strictPort`,
      url: `${HARNESS}/tests/gpu/harness.html`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
