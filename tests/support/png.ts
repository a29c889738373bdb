import { crc32, deflateSync, inflateSync } from 'node:zlib';
import type { RgbaImage } from '../reference/image.ts';

/**
 * Decodes an 8-bit, non-interlaced PNG (greyscale, grey + alpha, RGB or RGBA) to RGBA8 in Node, for unit
 * tests that need a fixture's pixels without a browser. Refuses what it does not handle.
 */
export function decodePng(file: Uint8Array): RgbaImage {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((byte, i) => file[i] === byte)) throw new Error('Not a PNG file');
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Uint8Array[] = [];
  for (let offset = 8; offset < file.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...file.subarray(offset + 4, offset + 8));
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      const bitDepth = body[8];
      colorType = body[9] ?? 0;
      if (bitDepth !== 8 || body[12] !== 0) throw new Error('Only 8-bit non-interlaced PNGs are supported');
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType];
  if (!channels) throw new Error(`PNG colour type ${colorType} is not supported`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (pixels[out + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[out - stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[out - stride + x - channels] ?? 0) : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[out + x] = ((line[x] ?? 0) + predictor) & 255;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const s = i * channels;
    const grey = channels < 3;
    data[i * 4] = pixels[s] ?? 0;
    data[i * 4 + 1] = pixels[grey ? s : s + 1] ?? 0;
    data[i * 4 + 2] = pixels[grey ? s : s + 2] ?? 0;
    data[i * 4 + 3] = channels === 2 ? (pixels[s + 1] ?? 255) : channels === 4 ? (pixels[s + 3] ?? 255) : 255;
  }
  return { width, height, data };
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: its length, type, body and CRC. */
export function pngChunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])) >>> 0, 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * Encodes RGBA8 as an 8-bit RGBA PNG with no colour chunks (so a browser decodes it to the same bytes),
 * for tests that draw their own images; with `icc`, tagged with that colour profile (iCCP).
 */
export function encodePng(
  image: RgbaImage,
  { icc, sixteenBit = false }: { icc?: Uint8Array; sixteenBit?: boolean } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([sixteenBit ? 16 : 8, 6, 0, 0, 0], 8);
  const bytes = sixteenBit ? 2 : 1;
  const stride = image.width * 4 * bytes;
  const rows = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y++) {
    const row = image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4);
    const at = y * (stride + 1) + 1;
    if (!sixteenBit) rows.set(row, at);
    // 16 bits a sample, big-endian: v * 257 spreads 0..255 over 0..65535.
    else for (let i = 0; i < row.length; i++) rows.writeUInt16BE(row[i]! * 257, at + i * 2);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    // iCCP: a profile name, a zero byte, compression method 0, the zlib-compressed profile.
    ...(icc ? [pngChunk('iCCP', Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateSync(icc)]))] : []),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}
