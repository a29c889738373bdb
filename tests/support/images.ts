import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RgbaImage } from '../reference/image.ts';
import { resize } from '../reference/resize.ts';
import { decodePng, encodePng } from './png.ts';

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

/**
 * A small photo for flows that check no pixels (soaks, memory, message flows): a fixture scaled down to
 * `width` on its long side, as a PNG file for an upload. On SwiftShader every pass costs by the pixel, so a
 * 128-pixel photo runs a look in a fraction of a 768-pixel one's time.
 */
export function smallPhoto(
  fixture = 'kodak/kodim23.png',
  width = 128,
): { name: string; mimeType: string; buffer: Buffer } {
  const source = decodePng(readFileSync(fixturePath(fixture)));
  const scale = width / Math.max(source.width, source.height);
  const size = {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
  const name = `small_${fixture
    .split('/')
    .at(-1)
    ?.replace(/\.\w+$/, '')}_${size.width}x${size.height}.png`;
  return { name, mimeType: 'image/png', buffer: encodePng(resize(source, { ...size, mode: 0 })) };
}
