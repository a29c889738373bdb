// `npm run fidelity`: each camera look measured against real photos of its era (bench/fidelity). Serves
// the project with Vite, renders the looks in headless Chromium through the engine, measures the real
// cameras' files and the renders in Node, and writes docs/fidelity.md, docs/fidelity.jpg and
// bench/fidelity-results.json. It reports; it does not assert.
//
//   npm run fidelity [-- webgl2]    the backend that renders the looks (default webgpu)
// FIDELITY_PORT (default 5179) serves the page.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as prettier from 'prettier';
import { createServer } from 'vite';
import { chromiumArgs, ensureChromium } from './chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.FIDELITY_PORT ?? 5179);
const engine = process.argv[2] ?? 'webgpu';

const server = await createServer({
  root: ROOT,
  logLevel: 'warn',
  // No reloads: an edit while it runs must not navigate the page away from a render.
  server: { host: '127.0.0.1', port: PORT, strictPort: true, hmr: false, watch: null },
});
let browser;
try {
  await server.listen();
  const { measure } = await server.ssrLoadModule('/bench/fidelity/measure.ts');
  browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs() });
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`  page: ${error.message}`));
  await page.goto(`http://127.0.0.1:${PORT}/bench/fidelity/index.html`);
  await page.waitForSelector('body[data-ready=true]', { timeout: 120_000 });
  const summary = await measure(page, { root: ROOT, engine, log: (line) => console.log(`  ${line}`) });
  const file = `${ROOT}docs/fidelity.md`;
  const config = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(readFileSync(file, 'utf8'), { ...config, filepath: file }));
  console.log(summary.join('\n'));
  console.log('docs/fidelity.md, docs/fidelity.jpg, bench/fidelity-results.json');
} finally {
  await browser?.close();
  await server.close();
}
