/**
 * The browsers the cross-engine journey runs in, each behind one small interface, so that one set of
 * journey steps (journey.ts) drives them all:
 *  - Chromium through Playwright (the reference: WebGPU);
 *  - Firefox ESR through WebDriver BiDi (puppeteer-core), under a display (WebGL2) or headless (no WebGL
 *    at all: the CPU backend);
 *  - WebKitGTK's MiniBrowser through WebKitWebDriver (W3C WebDriver, selenium-webdriver), with WebGL in
 *    workers on (as Safari 17+ ships it: WebGL2) or stock (as Safari before 17: the CPU backend).
 * What each needs on Debian is installed by scripts/engines.mjs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser as PlaywrightBrowser, Page as PlaywrightPage } from '@playwright/test';
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type ElementHandle,
  type Page as PuppeteerPage,
} from 'puppeteer-core';
import { Builder, By, type WebDriver } from 'selenium-webdriver';

export interface Download {
  name: string;
  bytes: Buffer;
}

export interface EngineBrowser {
  readonly name: string;
  /** Opens a path of the app (relative to the preview server). */
  open(path: string): Promise<void>;
  /** Chooses a file in the file input with this test id. */
  upload(testId: string, file: string): Promise<void>;
  click(testId: string): Promise<void>;
  /**
   * Runs `script`, the source of a function of one JSON argument, in the page and returns its result
   * (JSON). Synchronous functions only: WebDriver classic returns what a script returns, not a promise.
   */
  evaluate<T>(script: string, arg?: unknown): Promise<T>;
  /** Clicks the element with this test id and returns the file it makes the browser download. */
  download(testId: string): Promise<Download>;
  screenshot(path: string): Promise<void>;
  /** Sets the page's viewport (CSS px), as a phone's or a tablet's. */
  resize(size: { width: number; height: number }): Promise<void>;
  close(): Promise<void>;
}

/** The same size everywhere, so that sizes that follow the window (the collage canvas) agree. */
export const VIEWPORT = { width: 1600, height: 1100 } as const;
/** A save ends in a download; the 24 MP full-resolution save on llvmpipe with other browsers beside it took over 60 s here. */
const DOWNLOAD_TIMEOUT_MS = 180_000;

const testIdSelector = (testId: string) => `[data-testid="${testId}"]`;

// ---------------------------------------------------------------- a display

export interface Display {
  /** The DISPLAY value, e.g. ':12'. */
  readonly name: string;
  stop(): void;
}

/** Starts Xvfb on a free display number (it picks one itself and says which). */
export async function startDisplay(): Promise<Display> {
  // Tall: MiniBrowser's window grows with each download bar it shows (webkitBrowser keeps the viewport).
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1920x4000x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not start within 10 s')), 10_000);
    xvfb.once('error', (error) => reject(new Error(`Xvfb could not start: ${error.message}`)));
    xvfb.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(text.trim());
      }
    });
  });
  return { name: `:${number}`, stop: () => xvfb.kill() };
}

/** An Xvfb display for a Playwright test worker, as a worker-scoped fixture (`base.extend`). */
export const displayFixture: [
  (args: object, use: (display: Display) => Promise<void>) => Promise<void>,
  { scope: 'worker' },
] = [
  // Playwright reads a fixture's needs from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  async ({}, use) => {
    const display = await startDisplay();
    await use(display);
    display.stop();
  },
  { scope: 'worker' },
];

// ---------------------------------------------------------------- downloads in a folder

/**
 * What the app saves (`retrocam_...`, product spec section 9). Firefox writes `name.part` first, WebKit
 * `name.download`, until the file is done; Firefox may also pass the bytes through a file with a random name
 * (`0MCna6M2.jpeg`) that it renames or deletes, which must not be taken for the save.
 */
const SAVED = /^retrocam_.*\.(jpe?g|png|zip)$/i;

/** The size of a plain file, or -1 when it is not one (any more: the browser may rename it meanwhile). */
function fileSize(path: string): number {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat.size : -1;
  } catch {
    return -1;
  }
}

/** Waits for a finished file in `folder` that was not among `before`. */
async function newFile(folder: string, before: ReadonlySet<string>): Promise<Download> {
  const deadline = Date.now() + DOWNLOAD_TIMEOUT_MS;
  let last = '';
  let lastSize = -1;
  while (Date.now() < deadline) {
    const found = readdirSync(folder).find(
      (file) => !before.has(file) && SAVED.test(file) && fileSize(join(folder, file)) >= 0,
    );
    if (found) {
      const size = fileSize(join(folder, found));
      // Finished once its size holds still between two looks.
      if (found === last && size === lastSize && size > 0) {
        const bytes = readFileSync(join(folder, found));
        // Taken away, so that a later save of the same name (two in one second) is a new file too.
        unlinkSync(join(folder, found));
        return { name: found, bytes };
      }
      last = found;
      lastSize = size;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`No download arrived in ${folder} within ${DOWNLOAD_TIMEOUT_MS / 1000} s`);
}

// ---------------------------------------------------------------- Chromium (Playwright)

export async function chromiumBrowser(browser: PlaywrightBrowser, baseURL: string): Promise<EngineBrowser> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, acceptDownloads: true });
  const page: PlaywrightPage = await context.newPage();
  return {
    name: 'Chromium',
    open: async (path) => {
      await page.goto(path);
    },
    upload: (testId, file) => page.locator(testIdSelector(testId)).setInputFiles(file),
    click: (testId) => page.locator(testIdSelector(testId)).click(),
    // A string runs through the debugging protocol, which the page's CSP (no eval) does not govern.
    evaluate: <T>(script: string, arg?: unknown) =>
      page.evaluate<T>(`(${script})(${JSON.stringify(arg ?? null)})`),
    download: async (testId) => {
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: DOWNLOAD_TIMEOUT_MS }),
        page.locator(testIdSelector(testId)).click(),
      ]);
      return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
    },
    screenshot: async (path) => {
      await page.screenshot({ path });
    },
    resize: (size) => page.setViewportSize(size),
    close: () => context.close(),
  };
}

// ---------------------------------------------------------------- Firefox (WebDriver BiDi)

export const FIREFOX = '/usr/bin/firefox-esr';

export interface FirefoxOptions {
  /**
   * More preferences, over the download ones: a fake camera (`media.navigator.streams.fake`,
   * `media.navigator.permission.disabled`), or a refused one (`permissions.default.camera: 2`).
   */
  prefs?: Record<string, string | number | boolean>;
}

/**
 * Firefox ESR. With a display it has WebGL2 in workers; headless (no DISPLAY) it has no WebGL at all, as
 * on a machine whose GPU Firefox blocks.
 */
export async function firefoxBrowser(
  baseURL: string,
  display: Display | null,
  options: FirefoxOptions = {},
): Promise<EngineBrowser> {
  const downloads = mkdtempSync(join(tmpdir(), 'retrocam-firefox-'));
  const env: Record<string, string | undefined> = { ...process.env };
  if (display) env.DISPLAY = display.name;
  else delete env.DISPLAY;
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: display === null,
    env,
    defaultViewport: VIEWPORT,
    extraPrefsFirefox: {
      'browser.download.folderList': 2,
      'browser.download.dir': downloads,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      ...options.prefs,
    },
  });
  const page: PuppeteerPage = (await browser.pages())[0] ?? (await browser.newPage());
  const element = async (testId: string) => {
    const found = await page.waitForSelector(testIdSelector(testId), { timeout: 30_000 });
    if (!found) throw new Error(`No element ${testId}`);
    return found;
  };
  return {
    name: display ? 'Firefox' : 'Firefox headless',
    open: async (path) => {
      await page.goto(new URL(path, baseURL).href);
    },
    upload: async (testId, file) => {
      const input = await page.waitForSelector(`input${testIdSelector(testId)}`, { timeout: 30_000 });
      if (!input) throw new Error(`No file input ${testId}`);
      await (input as ElementHandle<HTMLInputElement>).uploadFile(file);
    },
    click: async (testId) => {
      await (await element(testId)).click();
    },
    evaluate: <T>(script: string, arg?: unknown) =>
      page.evaluate(`(${script})(${JSON.stringify(arg ?? null)})`) as Promise<T>,
    download: async (testId) => {
      const before = new Set(readdirSync(downloads));
      await (await element(testId)).click();
      return newFile(downloads, before);
    },
    screenshot: async (path) => {
      await page.screenshot({ path });
    },
    resize: (size) => page.setViewport(size),
    close: async () => {
      await browser.close();
      rmSync(downloads, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- WebKitGTK (WebDriver classic)

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';

/** MiniBrowser, installed with WebKitGTK in its library folder. */
export function miniBrowserPath(): string {
  for (const folder of ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'])
    for (const version of ['webkit2gtk-4.1', 'webkitgtk-6.0', 'webkit2gtk-4.0']) {
      const path = join(folder, version, 'MiniBrowser');
      if (existsSync(path)) return path;
    }
  throw new Error('MiniBrowser not found (Debian package libwebkit2gtk-4.1-0, with webkit2gtk-driver)');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForPort(port: number, process: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`WebKitWebDriver exited (${process.exitCode})`);
    const open = await fetch(`http://127.0.0.1:${port}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not answer within 15 s');
}

/**
 * Sizes the window so that the page's viewport is VIEWPORT. A size set before the window is first shown
 * does not always hold, so it is set once a page is open, and again until the viewport has that size.
 */
async function fitWindow(
  driver: WebDriver,
  size: { width: number; height: number } = VIEWPORT,
): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const [width, height] = await driver.executeScript<[number, number]>('return [innerWidth, innerHeight];');
    if (width === size.width && height === size.height) return;
    const rect = await driver.manage().window().getRect();
    await driver
      .manage()
      .window()
      .setRect({
        width: rect.width + size.width - width,
        height: rect.height + size.height - height,
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The WebKit window could not be given the viewport size');
}

/**
 * WebKitGTK's MiniBrowser. `webglInWorkers` turns on WebGL in workers, as Safari 17+ has it (WebGL2);
 * without it WebKit has no WebGL in workers, as Safari before 17 (the CPU backend). Downloads land in
 * the browser's $HOME, a folder of its own here.
 */
export async function webkitBrowser(
  baseURL: string,
  display: Display,
  webglInWorkers: boolean,
): Promise<EngineBrowser> {
  const home = mkdtempSync(join(tmpdir(), 'retrocam-webkit-'));
  const port = await freePort();
  const server = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: display.name, HOME: home },
    stdio: 'ignore',
  });
  let driver: WebDriver;
  try {
    await waitForPort(port, server);
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {
          binary: miniBrowserPath(),
          args: ['--automation', ...(webglInWorkers ? ['--features=+AllowWebGLInWorkers'] : [])],
        },
      })
      .build();
  } catch (error) {
    server.kill();
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
  const element = async (testId: string) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = await driver.findElements(By.css(testIdSelector(testId))).catch((error: unknown) => {
        // WebKitWebDriver answers a lookup made while MiniBrowser's window changes (its download bar
        // opening after a save) with 'Could not parse element info': the page is there, so look again.
        if (error instanceof Error && error.message.includes('Could not parse element info')) return [];
        throw error;
      });
      if (found[0]) return found[0];
      if (Date.now() > deadline) throw new Error(`No element ${testId}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return {
    name: webglInWorkers ? 'WebKit' : 'WebKit stock',
    open: async (path) => {
      await driver.get(new URL(path, baseURL).href);
      await fitWindow(driver);
    },
    upload: async (testId, file) => {
      await (await element(testId)).sendKeys(file);
    },
    click: async (testId) => {
      const target = await element(testId);
      try {
        await target.click();
      } catch (error) {
        // WebDriver says only that something covered it: say what, and where the element was.
        const covered = await driver.executeScript<string>(
          `const element = document.querySelector(arguments[0]);
           const box = element.getBoundingClientRect();
           const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
           return JSON.stringify({ viewport: [innerWidth, innerHeight], box, top: top && top.outerHTML.slice(0, 200) });`,
          testIdSelector(testId),
        );
        throw new Error(`Clicking ${testId} failed: ${covered}`, { cause: error });
      }
    },
    evaluate: <T>(script: string, arg?: unknown) =>
      driver.executeScript<T>(`return (${script})(arguments[0]);`, arg ?? null),
    download: async (testId) => {
      const before = new Set(readdirSync(home));
      await (await element(testId)).click();
      const file = await newFile(home, before);
      // MiniBrowser shows each download in a bar inside its window, which shortens the page's viewport.
      await fitWindow(driver);
      return file;
    },
    screenshot: async (path) => {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(path, Buffer.from(await driver.takeScreenshot(), 'base64'));
    },
    resize: (size) => fitWindow(driver, size),
    close: async () => {
      await driver.quit().catch(() => undefined);
      server.kill();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
