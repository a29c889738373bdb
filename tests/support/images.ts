import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RgbaImage } from '../reference/image.ts';

/**
 * The test photos and files, in the repository (`tests/fixtures`, each folder with its SOURCE.md: where it
 * comes from and its licence). `$FIXTURES_DIR` points the tests at another folder of the same layout.
 */
function findFixtures(): string {
  return process.env.FIXTURES_DIR
    ? resolve(process.env.FIXTURES_DIR)
    : resolve(import.meta.dirname, '../fixtures');
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
