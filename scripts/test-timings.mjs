// `npm run test:timings`: where the last run's time went. Reads the reports the last `npm test` (or
// `npm run test:quick`, or any Playwright or Vitest run) left in playwright-report/ and prints the time per
// Playwright project and per spec file, then the slowest tests. `--top N` sets how many tests (30).
import { existsSync, readFileSync } from 'node:fs';

const PLAYWRIGHT = 'playwright-report/results.json';
const VITEST = 'playwright-report/vitest.json';
const VITEST_COMPONENT = 'playwright-report/vitest-component.json';
const topArg = process.argv.indexOf('--top');
const TOP = topArg >= 0 ? Number(process.argv[topArg + 1]) : 30;

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
const table = (rows, header) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
};

/** Every test's runs (a retried test has several), with its project and file. */
function playwrightTests(report) {
  const tests = [];
  const visit = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        tests.push({
          project: test.projectName,
          file: spec.file,
          title: [...here, spec.title].join(' › '),
          ms: test.results.reduce((sum, r) => sum + r.duration, 0),
          runs: test.results.length,
          status: test.status,
        });
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites) visit(suite, []);
  return tests;
}

if (!existsSync(PLAYWRIGHT) && !existsSync(VITEST)) {
  console.error(`No report found (${PLAYWRIGHT}, ${VITEST}): run npm test or npm run test:quick first.`);
  process.exit(1);
}

// The unit tests' report, and the component tier's (npm test runs the two projects one after the other).
for (const report of [VITEST, VITEST_COMPONENT].filter((path) => existsSync(path))) {
  const vitest = JSON.parse(readFileSync(report, 'utf8'));
  const files = vitest.testResults.map((f) => ({
    file: f.name.replace(`${process.cwd()}/`, ''),
    ms: f.endTime - f.startTime,
  }));
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  console.log(
    `Vitest (${report}): ${vitest.numTotalTests} tests in ${files.length} files, ${(total / 1000).toFixed(1)} s of file time`,
  );
  console.log(
    `  slowest files: ${files
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((f) => `${f.file} ${(f.ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  console.log('');
}

if (existsSync(PLAYWRIGHT)) {
  const report = JSON.parse(readFileSync(PLAYWRIGHT, 'utf8'));
  const tests = playwrightTests(report);
  const wall = report.stats?.duration ?? 0;
  console.log(
    `Playwright: ${tests.length} tests, ${(wall / 1000 / 60).toFixed(1)} min wall clock on ${report.config?.metadata?.actualWorkers ?? report.config?.workers ?? '?'} workers (started ${report.stats?.startTime ?? '?'})`,
  );
  const group = (key) => {
    const map = new Map();
    for (const t of tests) {
      const g = map.get(t[key]) ?? { ms: 0, count: 0, retried: 0, failed: 0 };
      g.ms += t.ms;
      g.count += 1;
      if (t.runs > 1) g.retried += 1;
      if (t.status === 'unexpected') g.failed += 1;
      map.set(t[key], g);
    }
    return [...map].sort((a, b) => b[1].ms - a[1].ms);
  };
  console.log('\nTime per project (test time, summed over workers):\n');
  console.log(
    table(
      group('project').map(([name, g]) => [name, g.count, seconds(g.ms), g.retried, g.failed]),
      ['project', 'tests', 'seconds', 'retried', 'failed'],
    ),
  );
  console.log('\nTime per spec file:\n');
  console.log(
    table(
      group('file').map(([name, g]) => [name, g.count, seconds(g.ms)]),
      ['file', 'tests', 'seconds'],
    ),
  );
  console.log(`\nThe ${TOP} slowest tests:\n`);
  console.log(
    table(
      tests
        .sort((a, b) => b.ms - a.ms)
        .slice(0, TOP)
        .map((t) => [seconds(t.ms), t.project, `${t.file} › ${t.title}`.slice(0, 140)]),
      ['seconds', 'project', 'test'],
    ),
  );
}
