/**
 * The fake camera's feed (issue 26): Chromium plays a `.y4m` file as its camera
 * (`--use-file-for-fake-video-capture`). This writes one from a fixture photo, centre-cropped to the
 * camera's size, as BT.601 limited-range I420 (what the capture pipeline expects), and keeps the crop as
 * PNG for the tests to compare against.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** One frame of I420 in BT.601 limited range: Y, then Cb and Cr at half size (2x2 averages). */
export function toI420(image: RgbaImage): Uint8Array {
  const { width, height, data } = image;
  if (width % 2 || height % 2) throw new Error('I420 needs an even size');
  const out = new Uint8Array(width * height * 1.5);
  const cb = width * height;
  const cr = cb + (width * height) / 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const [r, g, b] = [data[i]! / 255, data[i + 1]! / 255, data[i + 2]! / 255];
      out[y * width + x] = Math.round(16 + 65.481 * r + 128.553 * g + 24.966 * b);
    }
  }
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((y + dy) * width + x + dx) * 4;
        r += data[i]! / 255 / 4;
        g += data[i + 1]! / 255 / 4;
        b += data[i + 2]! / 255 / 4;
      }
      const at = (y / 2) * (width / 2) + x / 2;
      out[cb + at] = Math.round(128 - 37.797 * r - 74.203 * g + 112 * b);
      out[cr + at] = Math.round(128 + 112 * r - 93.786 * g - 18.214 * b);
    }
  }
  return out;
}

/** A one-frame `.y4m` (Chromium loops it) of the image. */
export function y4m(image: RgbaImage): Buffer {
  const header = `YUV4MPEG2 W${image.width} H${image.height} F30:1 Ip A1:1 C420jpeg XYSCSS=420JPEG\n`;
  return Buffer.concat([Buffer.from(header), Buffer.from('FRAME\n'), toI420(image)]);
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
