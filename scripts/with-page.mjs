// Serves the project with Vite on a port, opens a page of it in headless Chromium, and hands the page to
// a function; shuts both down afterwards. Used by the benchmark and the contact sheet.
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { chromiumArgs, ensureChromium } from './chromium.mjs';

async function waitForServer(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

export async function withPage(path, port, fn) {
  const executablePath = ensureChromium();
  const server = spawn('npx', ['vite', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let browser;
  try {
    const url = `http://127.0.0.1:${port}${path}`;
    await waitForServer(url, 60_000);
    browser = await chromium.launch({ executablePath, args: chromiumArgs() });
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'info') console.log(`  ${message.text()}`);
    });
    await page.goto(url);
    await page.waitForSelector('body[data-ready=true]');
    return await fn(page, browser);
  } finally {
    await browser?.close();
    try {
      process.kill(-server.pid);
    } catch {
      server.kill();
    }
  }
}
