/**
 * Hostile and unusual files, made by the tests themselves (issue 21): decompression bombs, oversized
 * files, images with orientation metadata in PNG and WebP. Node only.
 */
import { deflateSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { fixturePath } from './images.ts';
import { PNG_SIGNATURE, pngChunk } from './png.ts';

/**
 * A valid black one-bit greyscale PNG of any size: a 20000 x 20000 one is about 76 KB, and 1.6 GB as the
 * RGBA a decoder would make of it.
 */
export function oneBitPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + Math.ceil(width / 8));
  const rows = Buffer.alloc(row.length * height);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real JPEG followed by padding, `bytes` long in all (a file just over the 20 MB limit, say). */
export function paddedJpeg(bytes: number): Buffer {
  const jpeg = readFileSync(fixturePath('generated-edge-cases/tiny_1x1.jpg'));
  return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length, 7)]);
}

/** A big-endian TIFF structure whose IFD0 holds only the orientation tag. */
function orientationTiff(orientation: number): Buffer {
  return Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08,
    0x00,
    0x01,
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
  ]);
}

/** A PNG fixture with an eXIf chunk (EXIF orientation) right after its IHDR. */
export function pngWithOrientation(fixture: string, orientation: number): Buffer {
  const png = readFileSync(fixturePath(fixture));
  return Buffer.concat([
    png.subarray(0, 33),
    pngChunk('eXIf', orientationTiff(orientation)),
    png.subarray(33),
  ]);
}
