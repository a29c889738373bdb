// `npm run bench`: serves the benchmark page with Vite, drives it in headless Chromium, prints a table and
// writes bench/results.json. It reports; it does not assert.
import { writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { withPage } from './with-page.mjs';

// BENCH_PORT moves it, so that two checkouts can run it side by side.
const PORT = Number(process.env.BENCH_PORT ?? 5175);
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const options = {
  engines: ['webgpu', 'webgl2'],
  sizes: quick
    ? [[1080, 720]]
    : [
        [1080, 720],
        [4000, 3000],
      ],
  warmup: 3,
  iterations: quick ? 5 : 10,
};

await withPage('/bench/index.html', PORT, async (page, browser) => {
  const browserVersion = browser.version();
  const adapters = await page.evaluate(async () => {
    const adapter = await navigator.gpu?.requestAdapter();
    return adapter
      ? `${adapter.info.vendor} ${adapter.info.architecture}${adapter.info.isFallbackAdapter ? ' (fallback)' : ''}`
      : 'none';
  });
  const rows = await page.evaluate((opts) => window.runBenchmark(opts), options);

  const machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()}`,
    browser: `Chromium ${browserVersion} (headless)`,
    webgpuAdapter: adapters,
  };
  const results = { date: new Date().toISOString(), machine, options, rows };
  writeFileSync(new URL('../bench/results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);

  console.log(
    `\n${machine.browser}; WebGPU adapter: ${machine.webgpuAdapter}; ${machine.cpu} x${machine.cores}`,
  );
  console.log('\n| backend | size | stage or effect | median ms | identity ms | identity passes |');
  console.log('|---|---|---|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.engine} | ${row.size} | ${row.kind} ${row.stage} (${row.label}) | ${row.medianMs.toFixed(2)} | ${row.identityMs.toFixed(2)} | ${row.ratio.toFixed(2)} |`,
    );
  }
  console.log('\nWrote bench/results.json');
});
