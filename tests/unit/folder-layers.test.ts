// The top-level folders of src are layers: no two of them import each other, type-only imports, re-exports
// and lazy imports included, so that one can always tell which of two folders is below the other
// (docs/map.md, "The layers"; the lint fences in eslint.config.js say which way each goes).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Every relative module a source names: `import ... from`, `import type`, `export ... from`, a bare
 * `import '...'` and a lazy `import('...')`. Comments are left out first, so that a path named in one
 * is no import.
 */
export function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const patterns = [
    /(?:^|[;}\s])(?:import|export)\s[^;'"]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /(?:^|[;}\s])import\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1] ?? '');
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** The file a relative specifier names (with its extension or an index), or the path as written. */
function resolveFrom(file: string, specifier: string): string {
  const base = resolve(dirname(file), specifier.split('?')[0] ?? '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? base;
}

/** The top-level folder of src a path lies in; null for a file at src's root or outside src. */
function topFolder(path: string): string | null {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? (parts[0] ?? null) : null;
}

/** Folder -> the other folders it imports, and one import that shows each edge. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources(SRC)) {
    const from = topFolder(file);
    if (!from) continue;
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      const to = topFolder(resolveFrom(file, specifier));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${relative(ROOT, file)} imports ${specifier}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The pairs of folders that import each other, as 'a <-> b' (a before b), sorted. */
export function twoWayPairs(edges: Iterable<[string, string]>): string[] {
  const set = new Set([...edges].map(([from, to]) => `${from}>${to}`));
  const pairs = new Set<string>();
  for (const edge of set) {
    const [from = '', to = ''] = edge.split('>');
    if (set.has(`${to}>${from}`)) pairs.add(from < to ? `${from} <-> ${to}` : `${to} <-> ${from}`);
  }
  return [...pairs].sort();
}

describe('the top-level folders of src', () => {
  const graph = folderGraph();
  const edges = [...graph].flatMap(([from, to]) => [...to.keys()].map((t): [string, string] => [from, t]));

  it('are read with their imports of every kind', () => {
    expect(graph.size).toBeGreaterThan(10);
    expect(graph.get('engine')?.has('pipeline')).toBe(true);
    // The worker's only import of the intake is a lazy one (its decoder): it counts like any other.
    expect(graph.get('engine')?.has('intake')).toBe(true);
  });

  it('import one way only: no two import each other', () => {
    const pairs = twoWayPairs(edges);
    // Each pair shown with one import either way, where to start breaking it.
    const shown = pairs.map((pair) => {
      const [a = '', b = ''] = pair.split(' <-> ');
      return `${pair}: ${graph.get(a)?.get(b)}; ${graph.get(b)?.get(a)}`;
    });
    expect(pairs, shown.join('\n')).toEqual([]);
  });
});

describe('the folder graph reader', () => {
  it('reads each kind of import and leaves comments and packages out', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b/b.ts';",
      "export { c } from './c.ts';",
      "export * from '../d/index.ts';",
      "import './e.css';",
      "const f = () => import('../f/f.tsx');",
      'import {',
      '  g,',
      "} from '../g/g.ts';",
      "import React from 'react';",
      "// import { h } from '../h/h.ts';",
      "/** see import('../i/i.ts') */",
    ].join('\n');
    expect(specifiers(text).sort()).toEqual(
      ['./a.ts', '../b/b.ts', './c.ts', '../d/index.ts', './e.css', '../f/f.tsx', '../g/g.ts'].sort(),
    );
  });

  it('finds the folders that import each other', () => {
    const edges: [string, string][] = [
      ['engine', 'pipeline'],
      ['effects', 'pipeline'],
      ['engine', 'effects'],
      ['effects', 'engine'],
      ['ui', 'collage'],
      ['collage', 'ui'],
    ];
    expect(twoWayPairs(edges)).toEqual(['collage <-> ui', 'effects <-> engine']);
    expect(twoWayPairs(edges.slice(0, 3))).toEqual([]);
  });
});
