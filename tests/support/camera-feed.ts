/**
 * The fake camera's feed (issue 26): Chromium plays a `.y4m` file as its camera
 * (`--use-file-for-fake-video-capture`). This writes one from a fixture photo, centre-cropped to the
 * camera's size (as BT.601 limited-range I420, scripts/camera-feed.mjs), and keeps the crop as PNG for the
 * tests to compare against.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { y4m } from '../../scripts/camera-feed.mjs';
import type { RgbaImage } from '../reference/image.ts';
import { fixturePath } from './images.ts';
import { decodePng, encodePng } from './png.ts';

/** The camera's size: VGA, as the bench and the issue measure it. */
export const FEED_WIDTH = 640;
export const FEED_HEIGHT = 480;
/** The photo the fake camera shows. */
export const FEED_FIXTURE = 'kodak/kodim23.png';

/** The centre `width` x `height` of an image. */
export function centreCrop(image: RgbaImage, width: number, height: number): RgbaImage {
  if (image.width < width || image.height < height) throw new Error('The image is smaller than the crop');
  const left = Math.floor((image.width - width) / 2);
  const top = Math.floor((image.height - height) / 2);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data };
}

/** The feed's photo as the camera shows it (the crop), in RGBA. */
export function feedImage(): RgbaImage {
  return centreCrop(decodePng(readFileSync(fixturePath(FEED_FIXTURE))), FEED_WIDTH, FEED_HEIGHT);
}

/** Writes the feed into `folder` (the .y4m Chromium plays, and the crop as PNG); returns their paths. */
export function writeFeed(folder: string): { video: string; png: string } {
  mkdirSync(folder, { recursive: true });
  const image = feedImage();
  const video = join(folder, 'camera-feed.y4m');
  const png = join(folder, 'camera-feed.png');
  writeFileSync(video, y4m(image));
  writeFileSync(png, encodePng(image));
  return { video, png };
}
