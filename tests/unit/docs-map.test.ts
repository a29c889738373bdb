// docs/map.md is walked by newcomers: every path it names in backticks must exist, every folder of src
// (two levels down) must be named, and a function named right after a file (`src/x.ts` `name`) must be in
// that file, so that a move or a rename that forgets the map fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const map = readFileSync(join(ROOT, 'docs/map.md'), 'utf8');

/** Every backticked `src/...` path: placeholders (`<stage>`) and patterns (`*.tsx`) are not paths. */
function srcPaths(text: string): string[] {
  return [...text.matchAll(/`(src\/[^`\s]*)`/g)]
    .map((match) => match[1] ?? '')
    .filter((path) => !/[<>*]/.test(path));
}

/** `src/file.ts` `name` pairs: a file and the function, class or constant the walk names in it. */
function namedInFile(text: string): [string, string][] {
  return [...text.matchAll(/`(src\/[^`\s<>*]+\.tsx?)`\s+`([A-Za-z_]\w*)`/g)].map((match) => [
    match[1] ?? '',
    match[2] ?? '',
  ]);
}

/** The folders of src down to `depth` levels that hold a file (git keeps no empty folder). */
function srcFolders(dir: string, depth: number): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      const below = depth > 1 ? srcFolders(path, depth - 1) : [];
      const holdsFile = readdirSync(join(ROOT, path), { recursive: true, withFileTypes: true }).some((e) =>
        e.isFile(),
      );
      return holdsFile ? [path, ...below] : below;
    });
}

describe('docs/map.md', () => {
  it('reads the paths and the names a walk gives', () => {
    const text =
      '1. `src/a/b.ts` `run`: then `src/c/` and `src/<stage>/stage.ts`, `src/crop/*.tsx`; `src/d.tsx` `D`.';
    expect(srcPaths(text)).toEqual(['src/a/b.ts', 'src/c/', 'src/d.tsx']);
    expect(namedInFile(text)).toEqual([
      ['src/a/b.ts', 'run'],
      ['src/d.tsx', 'D'],
    ]);
  });

  it('names only paths that exist', () => {
    const paths = srcPaths(map);
    expect(paths.length).toBeGreaterThan(50);
    const missing = paths.filter((path) => !existsSync(join(ROOT, path)));
    expect(missing, `missing in the tree: ${missing.join(', ')}`).toEqual([]);
  });

  it('names every folder of src', () => {
    const named = new Set(srcPaths(map).map((path) => path.replace(/\/$/, '')));
    const folders = srcFolders('src', 2);
    expect(folders).toContain('src/engine/worker');
    const unnamed = folders.filter((folder) => !named.has(folder));
    expect(unnamed, `not named in docs/map.md: ${unnamed.join(', ')}`).toEqual([]);
  });

  it('finds each function it names in the file it names', () => {
    const pairs = namedInFile(map);
    expect(pairs.length).toBeGreaterThan(15);
    const wrong = pairs.filter(([file, name]) => {
      const path = join(ROOT, file);
      return !existsSync(path) || !new RegExp(`\\b${name}\\b`).test(readFileSync(path, 'utf8'));
    });
    expect(wrong.map(([file, name]) => `${file} ${name}`)).toEqual([]);
  });
});
