// `npm test`: unit tests (Vitest), then the GPU stage checks, the end-to-end flows and the cross-engine
// journey (Playwright, in headless Chromium against a production build, and in Firefox ESR and WebKitGTK
// through their own drivers), then the bundle budget on that build (`npm run size`). Finds or installs the
// browsers first.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';
import { ensureEngines } from './engines.mjs';

function run(command, args, env = process.env) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const browserOnly = process.argv.includes('--browser-only');
const chromium = ensureChromium();
console.log(`Chromium: ${chromium}`);
ensureEngines();
const env = { ...process.env, CHROMIUM_PATH: chromium };

if (!browserOnly) run('npx', ['vitest', 'run'], env);
run('npx', ['playwright', 'test', ...process.argv.slice(2).filter((a) => a !== '--browser-only')], env);
// The bundle budget, on the production build Playwright's preview server has just made.
run('node', ['scripts/size.mjs', '--dist', 'dist'], env);
