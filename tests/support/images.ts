import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RgbaImage } from '../reference/image.ts';

/** The shared fixtures, beside the project (`../shared/fixtures`). */
export const FIXTURES = resolve(import.meta.dirname, '../../../shared/fixtures');

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
