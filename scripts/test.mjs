// `npm test`: Vitest's two projects (the unit tests in Node, and the component tier: components, the
// intake and the editor with its worker in the same headless Chromium, through Vitest's browser mode),
// then the GPU stage checks, the end-to-end flows and the cross-engine journey (Playwright, in headless
// Chromium against a production build, and in Firefox ESR and WebKitGTK through their own drivers), then
// the bundle budget on that build (`npm run size`). Finds or installs the browsers first.
// `--quick` (`npm run test:quick`): the unit and component tests, then only the Playwright tests tagged
// @quick (a smoke set of stages and flows on one backend), then the bundle budget, for while working.
// The scale checks at full size are `npm run bench -- --scale`.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';
import { ensureEngines } from './engines.mjs';

function run(command, args, env = process.env) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const OWN_FLAGS = ['--browser-only', '--quick'];
const browserOnly = process.argv.includes('--browser-only');
const quick = process.argv.includes('--quick');
const chromium = ensureChromium();
console.log(`Chromium: ${chromium}`);
// Firefox ESR and WebKitGTK are for the cross-engine journeys, which the quick tier leaves out.
if (!quick) ensureEngines();
const env = { ...process.env, CHROMIUM_PATH: chromium };

// The unit tests, then the component tier: one after the other, so that the component tier's browser and
// workers do not stretch the unit tests' timed ones (nor they its), on two cores.
if (!browserOnly) {
  run('npx', ['vitest', 'run', '--project', 'unit'], env);
  // Its own report, beside the unit tests' (npm run test:timings reads both).
  run(
    'npx',
    ['vitest', 'run', '--project', 'component', '--outputFile.json=playwright-report/vitest-component.json'],
    env,
  );
}
const selection = quick ? ['--grep', '@quick', '--project', 'gpu', '--project', 'e2e'] : [];
run(
  'npx',
  ['playwright', 'test', ...selection, ...process.argv.slice(2).filter((a) => !OWN_FLAGS.includes(a))],
  env,
);
// The bundle budget, on the production build Playwright's preview server has just made.
run('node', ['scripts/size.mjs', '--dist', 'dist'], env);
