import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { RgbaImage } from '../reference/image.ts';

/**
 * The shared fixtures: `$FIXTURES_DIR`, else `shared/fixtures` beside the project (`../shared/fixtures`)
 * or beside one of its ancestors.
 */
function findFixtures(): string {
  if (process.env.FIXTURES_DIR) return resolve(process.env.FIXTURES_DIR);
  let dir = resolve(import.meta.dirname, '../..');
  for (;;) {
    const candidate = resolve(dir, '..', 'shared', 'fixtures');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('shared/fixtures not found: set FIXTURES_DIR');
    dir = parent;
  }
}

export const FIXTURES = findFixtures();

export function fixturePath(relative: string): string {
  return resolve(FIXTURES, relative);
}

export function fixtureBase64(relative: string): string {
  return readFileSync(fixturePath(relative)).toString('base64');
}

export function imageFromBase64(width: number, height: number, base64: string): RgbaImage {
  const data = new Uint8Array(Buffer.from(base64, 'base64'));
  if (data.length !== width * height * 4)
    throw new Error(`Expected ${width * height * 4} bytes, got ${data.length}`);
  return { width, height, data };
}
