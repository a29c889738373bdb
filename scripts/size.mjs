// `npm run size`: the gzipped JavaScript each route loads, from a production build, and the budget: the
// landing route at most 150 KB, and the heavy code (fabric, the HEIC decoder, the collage editor) on no
// route's first load. Also reports what loads on demand: the collage editor and the HEIC decoder. Exits 1
// when the budget fails.
//
// How a route's JavaScript is found: the build's chunks are read as a graph, edges parsed from the emitted
// files (static `import ... from"./x.js"`, dynamic `import("./x.js")`, and workers' `new URL("/assets/x.js")`),
// and each chunk is named by the source modules its source map lists. Every route loads what index.html
// names (its module script and any modulepreload links) with their static imports, plus the dynamic imports
// and workers the route itself starts (listed below by source module); any other dynamic import or worker
// loads only on demand.
//
//   node scripts/size.mjs             builds into a temporary folder first
//   node scripts/size.mjs --dist dist measures an existing build
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LANDING_BUDGET_KB = 150;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Source modules that mark code which must load only when needed, on every route. */
const ON_DEMAND = [
  { label: 'fabric', pattern: /(^|\/)node_modules\/fabric\// },
  // The wasm's URL (a string) may sit in the page; the decoder's code must not.
  {
    label: 'the HEIC decoder (libheif)',
    pattern: /(^|\/)node_modules\/libheif-js\/.*\.js$|^src\/intake\/heif-worker\.ts$/,
  },
  // The editor's state holds the collage's model and rules (src/collage/model) and the editor its side of
  // the collage (src/collage/ui/collage-controller.ts, the selection's atom and the canvas's size on
  // screen: selection-atom.ts, display-size.ts); the collage editor itself (the rest of
  // src/collage/ui: its panel and stage, and src/collage/ui/canvas: the fabric canvas and its fonts) loads
  // when the collage is chosen.
  {
    label: 'the collage editor',
    pattern:
      /^src\/collage\/ui\/(?!(collage-controller|selection-atom|display-size)\.ts$)|(^|\/)node_modules\/@fontsource\//,
  },
];

/**
 * Routes and what each starts on its first load besides index.html's scripts, named by a source module of
 * the dynamic chunk or worker. Every route registers the service worker (workbox-window). The editor starts
 * the engine worker, which loads the one backend the browser can have: one row per backend (a browser
 * whose WebGPU has no adapter loads the WebGPU backend before the WebGL2 one; one without WebGPU does not).
 */
const EDITOR = [
  'workbox-window',
  'src/editor/EditorPage.tsx',
  'src/engine/worker/worker.ts',
  'src/engine/worker/dispatcher.ts',
];
const ROUTES = [
  { path: '/', starts: ['workbox-window'] },
  { path: '/privacy', starts: ['workbox-window'] },
  { path: '/editor', label: 'on WebGPU', starts: [...EDITOR, 'src/engine/webgpu/backend.ts'] },
  { path: '/editor', label: 'on WebGL2', starts: [...EDITOR, 'src/engine/webgl2/backend.ts'] },
  { path: '/editor', label: 'on the CPU', starts: [...EDITOR, 'src/engine/cpu/backend.ts'] },
];

/** What loads only when asked for, by a source module of its first chunk. */
const ON_DEMAND_GROUPS = [
  {
    label: 'collage editor (on choosing Collage)',
    starts: ['src/collage/ui/CollagePanel.tsx', 'src/collage/ui/canvas/fabric-collage.ts'],
  },
  { label: 'HEIC decoder worker (on a HEIC file)', starts: ['src/intake/heif-worker.ts'] },
];

const STATIC = /(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g;
const DYNAMIC = /\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g;
const WORKER = /new URL\(\s*["'`](?:\/assets\/|\.\/)([\w.-]+\.js)["'`]/g;

function readGraph(assets, root) {
  const chunks = new Map();
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(assets, file));
    const text = code.toString('utf8');
    const mapFile = join(assets, `${file}.map`);
    const sources = existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')).sources : [];
    const edges = (pattern) => [...text.matchAll(pattern)].map((m) => m[1]).filter((f) => f !== file);
    chunks.set(file, {
      file,
      bytes: code.length,
      gzip: gzipSync(code, { level: 9 }).length,
      // Map sources are relative to the map; named here relative to the project, wherever the build went.
      sources: sources.map((s) =>
        s.startsWith('\0') || !s.includes('/') ? s : projectPath(root, assets, s),
      ),
      statics: edges(STATIC),
      dynamics: [...edges(DYNAMIC), ...edges(WORKER)],
      workers: edges(WORKER),
    });
  }
  return chunks;
}

function projectPath(root, assets, source) {
  const path = relative(root, resolve(assets, source));
  return path.startsWith('..') ? source : path;
}

function staticClosure(chunks, start, into = new Set()) {
  if (into.has(start) || !chunks.has(start)) return into;
  into.add(start);
  for (const next of chunks.get(start).statics) staticClosure(chunks, next, into);
  return into;
}

/** A chunk holds a module (a project path) or a package (a name). */
const hasSource = (chunk, name) =>
  chunk.sources.some((s) => s === name || s.endsWith(`/${name}`) || s.includes(`node_modules/${name}/`));

/** What index.html loads on every route: its module scripts and modulepreload links. */
export function htmlEntries(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isModule = /^<script/.test(tag) && /\btype=["']?module/.test(tag);
    const isPreload = /^<link/.test(tag) && /\brel=["']?modulepreload/.test(tag);
    const url = /\b(?:src|href)=["']?([^"' >]+)/.exec(tag)?.[1];
    if ((isModule || isPreload) && url) files.push(url.replace(/^\/?assets\//, ''));
  }
  if (files.length === 0) throw new Error('index.html loads no module script');
  return files;
}

/** The chunks a route loads: index.html's, their static imports, and the dynamic chunks it starts. */
function routeChunks(chunks, entries, starts) {
  const loaded = new Set();
  for (const entry of entries) staticClosure(chunks, entry, loaded);
  for (let grew = true; grew;) {
    grew = false;
    for (const file of [...loaded]) {
      for (const target of chunks.get(file).dynamics) {
        if (loaded.has(target) || !chunks.has(target)) continue;
        if (starts.some((name) => hasSource(chunks.get(target), name))) {
          staticClosure(chunks, target, loaded);
          grew = true;
        }
      }
    }
  }
  return [...loaded].map((file) => chunks.get(file));
}

const summary = (list) => ({
  chunks: list.map(({ file, gzip }) => ({ file, gzipBytes: gzip })),
  gzipBytes: list.reduce((sum, chunk) => sum + chunk.gzip, 0),
});

/**
 * Per route: the chunks it loads, their gzipped total, and any on-demand code found among them; then each
 * on-demand group: the chunks it adds to the editor route when it loads. `root` is the project the build's
 * source maps point into.
 */
export function measureBuild(dist = join(ROOT, 'dist'), root = ROOT) {
  const assets = join(dist, 'assets');
  const chunks = readGraph(assets, root);
  const entries = htmlEntries(dist);
  const routes = ROUTES.map((route) => {
    const loaded = routeChunks(chunks, entries, route.starts);
    const misplaced = ON_DEMAND.filter(({ pattern }) =>
      loaded.some((chunk) => chunk.sources.some((source) => pattern.test(source))),
    ).map(({ label }) => label);
    return {
      path: route.path,
      ...(route.label ? { label: route.label } : {}),
      ...summary(loaded),
      misplaced,
    };
  });
  // What the collage and the HEIC decoder add on top of the editor (on WebGPU; the others share it).
  const editor = new Set(routes.find((r) => r.path === '/editor').chunks.map((c) => c.file));
  const onDemand = ON_DEMAND_GROUPS.map((group) => {
    const firsts = group.starts.map((name) => [...chunks.values()].find((chunk) => hasSource(chunk, name)));
    if (firsts.some((chunk) => !chunk))
      return { label: group.label, missing: true, chunks: [], gzipBytes: 0 };
    const closure = new Set();
    for (const chunk of firsts) staticClosure(chunks, chunk.file, closure);
    const added = [...closure].filter((file) => !editor.has(file));
    return { label: group.label, ...summary(added.map((file) => chunks.get(file))) };
  });
  return { routes, onDemand, importedWorkers: importedWorkers(chunks) };
}

/**
 * Worker entry chunks that another chunk imports. WebKit evaluates such an entry a second time as a
 * module, and the second copy's message handler replaces the first's: a worker's entry must be a chunk
 * that nothing imports (src/engine/worker/worker.ts loads its body instead).
 */
function importedWorkers(chunks) {
  const entries = new Set([...chunks.values()].flatMap((chunk) => chunk.workers));
  const found = [];
  for (const chunk of chunks.values())
    for (const target of [...chunk.statics, ...chunk.dynamics.filter((d) => !chunk.workers.includes(d))])
      if (entries.has(target)) found.push({ worker: target, importer: chunk.file });
  return found;
}

export function budgetFailures(build) {
  const failures = [];
  const landing = build.routes.find((r) => r.path === '/');
  if (!landing || landing.gzipBytes > LANDING_BUDGET_KB * 1024)
    failures.push(
      `The landing route loads ${kb(landing?.gzipBytes ?? 0)} KB, over the ${LANDING_BUDGET_KB} KB budget`,
    );
  for (const route of build.routes)
    for (const label of route.misplaced)
      failures.push(
        `${route.path}${route.label ? ` (${route.label})` : ''} loads ${label} on its first load; it must load only when needed`,
      );
  for (const group of build.onDemand)
    if (group.missing) failures.push(`No chunk holds the ${group.label}: has it moved?`);
  for (const { worker, importer } of build.importedWorkers ?? [])
    failures.push(
      `${importer} imports the worker entry ${worker}: a worker's entry must be imported by nothing`,
    );
  return failures;
}

export function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

export function buildInto(dist) {
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'],
    {
      stdio: 'inherit',
      cwd: ROOT,
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
}

function main() {
  const args = process.argv.slice(2);
  const given = args.indexOf('--dist');
  let dist = given >= 0 ? resolve(args[given + 1] ?? 'dist') : null;
  let temporary = null;
  if (!dist) {
    temporary = mkdtempSync(join(tmpdir(), 'retrocam-size-'));
    dist = temporary;
    buildInto(dist);
  }
  try {
    const build = measureBuild(dist);
    console.log('| loads | gzipped JavaScript | chunks (KB) |');
    console.log('|---|---:|---|');
    for (const row of [
      ...build.routes.map((r) => ({ ...r, label: `route ${r.path}${r.label ? ` ${r.label}` : ''}` })),
      ...build.onDemand,
    ]) {
      const list = row.chunks.map((c) => `${c.file} ${kb(c.gzipBytes)}`).join(', ');
      console.log(`| ${row.label} | ${kb(row.gzipBytes)} KB | ${list} |`);
    }
    const failures = budgetFailures(build);
    for (const failure of failures) console.error(failure);
    if (failures.length === 0)
      console.log(
        `\nWithin budget: the landing route at most ${LANDING_BUDGET_KB} KB gzipped, the heavy code on demand.`,
      );
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
