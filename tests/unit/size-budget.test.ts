// The bundle budget's reading of a build (scripts/size.mjs), on a small made-up build: which chunks each
// route loads, and when the budget fails.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { budgetFailures, htmlEntries, measureBuild, type BuildSize } from '../../scripts/size.mjs';

interface Chunk {
  code: string;
  /** Source modules, relative to the project root. */
  sources: string[];
}

const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Writes a build under a fresh project root (dist/index.html, dist/assets/*.js and their maps). */
function makeBuild(html: string, chunks: Record<string, Chunk>): { root: string; dist: string } {
  const root = mkdtempSync(join(tmpdir(), 'size-test-'));
  roots.push(root);
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), html);
  for (const [file, chunk] of Object.entries(chunks)) {
    writeFileSync(join(dist, 'assets', file), chunk.code);
    const map = { version: 3, sources: chunk.sources.map((s) => `../../${s}`), mappings: '' };
    writeFileSync(join(dist, 'assets', `${file}.map`), JSON.stringify(map));
  }
  return { root, dist };
}

/** Text that gzip cannot shrink much: `kilobytes` of it stays near that size compressed. */
function incompressible(kilobytes: number): string {
  return `/*${randomBytes(kilobytes * 1024).toString('base64')}*/`;
}

const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
<link rel="stylesheet" href="/assets/index.css">
</head><body></body></html>`;

function chunks(overrides: Partial<Record<string, Chunk>> = {}): Record<string, Chunk> {
  const base: Record<string, Chunk> = {
    'index-a.js': {
      code: 'import{s}from"./shared-c.js";const E=()=>import(`./EditorPage-d.js`);new URL(`/assets/heif-worker-h.js`,import.meta.url);',
      sources: ['src/app/main.tsx', 'src/intake/heif.ts'],
    },
    'vendor-b.js': {
      code: `export const v=1;${incompressible(1)}`,
      sources: ['node_modules/react/index.js'],
    },
    'shared-c.js': { code: 'export const s=1;', sources: ['src/app/site.ts'] },
    'EditorPage-d.js': {
      code: 'import{s}from"./shared-c.js";new URL(`/assets/worker-e.js`,import.meta.url);const C=()=>import("./collage-ui-f.js");',
      sources: ['src/editor/EditorPage.tsx'],
    },
    'worker-e.js': { code: 'import("./dispatcher-j.js");', sources: ['src/engine/worker/worker.ts'] },
    'dispatcher-j.js': {
      code: 'const G=()=>import("./webgpu-k.js");const L=()=>import("./webgl2-l.js");',
      sources: ['src/engine/worker/dispatcher.ts'],
    },
    'webgpu-k.js': {
      code: `export const g=1;${incompressible(1)}`,
      sources: ['src/engine/webgpu/backend.ts'],
    },
    'webgl2-l.js': {
      code: `export const l=1;${incompressible(1)}`,
      sources: ['src/engine/webgl2/backend.ts'],
    },
    'collage-ui-f.js': {
      code: 'const F=()=>import(`./fabric-collage-g.js`);',
      sources: ['src/collage/ui/CollagePanel.tsx', 'src/collage/ui/CollageStage.tsx'],
    },
    'fabric-collage-g.js': {
      code: `export const f=1;${incompressible(2)}`,
      sources: ['node_modules/fabric/dist/index.min.mjs', 'src/collage/ui/canvas/fabric-collage.ts'],
    },
    'heif-worker-h.js': {
      code: 'self.onmessage=()=>{};',
      sources: ['node_modules/libheif-js/libheif-wasm/libheif.js', 'src/intake/heif-worker.ts'],
    },
  };
  return { ...base, ...overrides } as Record<string, Chunk>;
}

function files(build: BuildSize, path: string, label?: string): string[] {
  const route = build.routes.find((r) => r.path === path && (label === undefined || r.label === label));
  return (route?.chunks.map((c) => c.file) ?? []).sort();
}

describe('the bundle budget (scripts/size.mjs)', () => {
  test('index.html names the module script and its modulepreload links', () => {
    const { dist } = makeBuild(HTML, chunks());
    expect(htmlEntries(dist)).toEqual(['index-a.js', 'vendor-b.js']);
  });

  test('the landing route counts modulepreload links and static imports, not dynamic chunks', () => {
    const { root, dist } = makeBuild(HTML, chunks());
    const build = measureBuild(dist, root);
    expect(files(build, '/')).toEqual(['index-a.js', 'shared-c.js', 'vendor-b.js']);
    const landing = build.routes.find((r) => r.path === '/');
    expect(landing?.gzipBytes).toBe(landing?.chunks.reduce((sum, c) => sum + c.gzipBytes, 0));
    expect(landing?.gzipBytes).toBeGreaterThan(1024);
    expect(budgetFailures(build)).toEqual([]);
  });

  test('the editor route adds the editor and its worker; the collage and HEIC decoder stay on demand', () => {
    const { root, dist } = makeBuild(HTML, chunks());
    const build = measureBuild(dist, root);
    // The engine loads the one backend the browser can have: each editor row counts its own.
    const editor = [
      'EditorPage-d.js',
      'index-a.js',
      'dispatcher-j.js',
      'shared-c.js',
      'vendor-b.js',
      'worker-e.js',
    ];
    expect(files(build, '/editor', 'on WebGPU')).toEqual([...editor, 'webgpu-k.js'].sort());
    expect(files(build, '/editor', 'on WebGL2')).toEqual([...editor, 'webgl2-l.js'].sort());
    const onWebGpu = build.routes.find((r) => r.label === 'on WebGPU')?.gzipBytes ?? 0;
    const withBoth =
      onWebGpu +
      (build.routes.find((r) => r.label === 'on WebGL2')?.chunks.find((c) => c.file === 'webgl2-l.js')
        ?.gzipBytes ?? 0);
    expect(onWebGpu).toBeLessThan(withBoth);
    const [collage, heic] = build.onDemand;
    expect(collage?.chunks.map((c) => c.file).sort()).toEqual(['collage-ui-f.js', 'fabric-collage-g.js']);
    expect(heic?.chunks.map((c) => c.file)).toEqual(['heif-worker-h.js']);
  });

  test('fails when the landing route is over 150 KB gzipped', () => {
    const { root, dist } = makeBuild(
      HTML,
      chunks({ 'vendor-b.js': { code: incompressible(160), sources: ['node_modules/react/index.js'] } }),
    );
    const failures = budgetFailures(measureBuild(dist, root));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/landing route loads \d+\.\d KB, over the 150 KB budget/);
  });

  test('fails when a route loads fabric, the collage editor or the HEIC decoder up front', () => {
    const eager = chunks({
      'EditorPage-d.js': {
        code: 'import{f}from"./fabric-collage-g.js";new URL(`/assets/worker-e.js`,import.meta.url);',
        sources: ['src/editor/EditorPage.tsx'],
      },
      'shared-c.js': { code: 'export const s=1;', sources: ['src/app/site.ts', 'src/intake/heif-worker.ts'] },
    });
    const { root, dist } = makeBuild(HTML, eager);
    const editorFailures = (label: string) => [
      `/editor (${label}) loads fabric on its first load; it must load only when needed`,
      `/editor (${label}) loads the HEIC decoder (libheif) on its first load; it must load only when needed`,
      `/editor (${label}) loads the collage editor on its first load; it must load only when needed`,
    ];
    expect(budgetFailures(measureBuild(dist, root))).toEqual([
      '/ loads the HEIC decoder (libheif) on its first load; it must load only when needed',
      '/privacy loads the HEIC decoder (libheif) on its first load; it must load only when needed',
      ...editorFailures('on WebGPU'),
      ...editorFailures('on WebGL2'),
      ...editorFailures('on the CPU'),
    ]);
  });

  test('fails when a chunk imports a worker entry (WebKit would evaluate the entry twice)', () => {
    const shared = chunks({
      'worker-e.js': {
        code: 'export const core=1;self.onmessage=()=>{};',
        sources: ['src/engine/worker/worker.ts'],
      },
      'backend-i.js': { code: 'import{core}from"./worker-e.js";', sources: ['src/engine/webgl2/backend.ts'] },
    });
    const { root, dist } = makeBuild(HTML, shared);
    expect(budgetFailures(measureBuild(dist, root))).toEqual([
      "backend-i.js imports the worker entry worker-e.js: a worker's entry must be imported by nothing",
    ]);
    // The same build with the entry only loading its body passes.
    const { root: root2, dist: dist2 } = makeBuild(HTML, chunks());
    expect(budgetFailures(measureBuild(dist2, root2))).toEqual([]);
  });
});
