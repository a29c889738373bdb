// `npm run bench -- --scale[=soak,batch,sweep,camera]`: the scale checks at the full size their issues
// set, on demand. `npm test` runs the same specs at their smallest telling size (two rounds of the soak,
// three photos in the batch, eleven files in the sweep, the camera stress on WebGL2); here they run with
// 300 soak cycles on each backend, 30 photos of 12 MP, every fixture through both uploads, and the
// camera stress on WebGPU and WebGL2 with 300 live frames counted. Each check's figures (its annotations: GPU objects, heap, memory
// peak, seconds) and its outcome go to bench/scale-results.json and are printed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';

const CHECKS = {
  soak: { spec: 'tests/e2e/soak.spec.ts', env: { SOAK_CYCLES: '300' } },
  batch: {
    spec: 'tests/e2e/batch.spec.ts',
    grep: 'a batch of \\d+ photos of 12 MP',
    env: { BATCH_PHOTOS: '30' },
  },
  sweep: { spec: 'tests/e2e/fixture-sweep.spec.ts', env: { SWEEP: 'all' } },
  camera: {
    spec: 'tests/e2e/camera.spec.ts',
    grep: 'twenty quick opens and closes|frames leave the GPU objects',
    env: { CAMERA_STRESS_ENGINES: 'webgpu,webgl2', CAMERA_FRAMES: '300' },
  },
};

const REPORT = 'playwright-report/results.json';

/** Every test of a Playwright JSON report: title, outcome, seconds and annotations. */
function testsOf(report) {
  const found = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        found.push({
          title: spec.title,
          status: test.status,
          seconds: test.results.reduce((sum, r) => sum + r.duration, 0) / 1000,
          figures: test.results.flatMap((r) => r.annotations ?? test.annotations ?? []),
        });
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return found;
}

/** Runs the checks the arguments name (all four for a bare --scale); returns the exit status. */
export function runScale(args) {
  const flag = args.find((a) => a === '--scale' || a.startsWith('--scale='));
  const names = flag.includes('=') ? flag.slice('--scale='.length).split(',') : Object.keys(CHECKS);
  const unknown = names.filter((name) => !(name in CHECKS));
  if (unknown.length > 0) {
    console.error(`Unknown scale check: ${unknown.join(', ')} (known: ${Object.keys(CHECKS).join(', ')})`);
    return 2;
  }
  const chromium = ensureChromium();
  const results = {};
  let failed = false;
  for (const name of names) {
    const { spec, grep, env } = CHECKS[name];
    const command = ['playwright', 'test', '--project=e2e', spec, ...(grep ? ['--grep', grep] : [])];
    console.log(
      `\n> ${Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')} npx ${command.join(' ')}`,
    );
    const run = spawnSync('npx', command, {
      stdio: 'inherit',
      env: { ...process.env, ...env, CHROMIUM_PATH: chromium, PW_RETRIES: '0' },
    });
    const tests = existsSync(REPORT) ? testsOf(JSON.parse(readFileSync(REPORT, 'utf8'))) : [];
    results[name] = { env, passed: run.status === 0, tests };
    failed ||= run.status !== 0;
  }
  const file = new URL('../bench/scale-results.json', import.meta.url);
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
  console.log('\nScale checks:');
  for (const [name, { passed, tests }] of Object.entries(results)) {
    console.log(`  ${name}: ${passed ? 'passed' : 'FAILED'}`);
    for (const test of tests) {
      console.log(`    ${test.status} ${test.seconds.toFixed(0)} s: ${test.title}`);
      for (const figure of test.figures) console.log(`      ${figure.type}: ${figure.description ?? ''}`);
    }
  }
  console.log('Wrote bench/scale-results.json');
  return failed ? 1 : 0;
}
