import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesReader } from '../../src/intake/byte-reader.ts';
import { readDimensions } from '../../src/intake/dimensions.ts';
import { formatLabels, isAndroid, landingFormats, sniffFormat } from '../../src/intake/formats.ts';
import { fixturePath } from '../support/images.ts';

const bytes = (relative: string) => new Uint8Array(readFileSync(fixturePath(relative)));

describe('sniffFormat', () => {
  it.each([
    ['kodak/kodim23.png', 'png'],
    ['exif-orientation/Landscape_6.jpg', 'jpeg'],
    ['generated-edge-cases/kodim23_lossy.webp', 'webp'],
    ['generated-edge-cases/kodim23_384_lossless_alpha.webp', 'webp'],
    ['heic/kodim23_q60.heic', 'heif'],
    ['heic/libheif_example.heic', 'heif'],
    ['generated-edge-cases/mislabeled_png_as.jpg', 'png'],
    ['generated-edge-cases/mislabeled_jpeg_as.heic', 'jpeg'],
    ['generated-edge-cases/empty_0_bytes.jpg', 'unknown'],
    ['generated-edge-cases/random_4096_bytes.jpg', 'unknown'],
    ['generated-edge-cases/text_pretending.png', 'unknown'],
  ])('%s is %s', (file, format) => {
    expect(sniffFormat(bytes(file))).toBe(format);
  });

  it('recognises the formats it refuses', () => {
    const ftyp = (...brands: string[]) => {
      const text = brands.map((b, i) => (i === 1 ? `\0\0\0\0${b}` : b)).join('');
      const body = new TextEncoder().encode(`ftyp${text}`);
      const out = new Uint8Array(4 + body.length);
      new DataView(out.buffer).setUint32(0, out.length);
      out.set(body, 4);
      return out;
    };
    expect(sniffFormat(ftyp('avif', 'mif1', 'miaf'))).toBe('avif');
    expect(sniffFormat(ftyp('mif1', 'avif', 'miaf'))).toBe('avif');
    expect(sniffFormat(ftyp('heic', 'mif1', 'heic'))).toBe('heif');
    expect(sniffFormat(ftyp('mif1', 'heic'))).toBe('heif');
    expect(sniffFormat(ftyp('isom', 'mp42'))).toBe('unknown');
    expect(sniffFormat(new TextEncoder().encode('GIF89a\x01\x00'))).toBe('gif');
    expect(sniffFormat(new TextEncoder().encode('BM\x00\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00'))).toBe(
      'bmp',
    );
    expect(sniffFormat(new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]))).toBe('tiff');
    expect(sniffFormat(new Uint8Array([0xff, 0x0a, 0xfa]))).toBe('jxl');
    expect(sniffFormat(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBe('svg');
  });
});

describe('formats per entry point', () => {
  it('lists HEIC and HEIF on the landing page only when not on Android', () => {
    expect(formatLabels(landingFormats(false))).toEqual(['JPG', 'PNG', 'WEBP', 'HEIC', 'HEIF']);
    expect(formatLabels(landingFormats(true))).toEqual(['JPG', 'PNG', 'WEBP']);
    expect(isAndroid('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36')).toBe(true);
    expect(isAndroid('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe(false);
  });
});

describe('readDimensions reads the header only', () => {
  it.each([
    ['kodak/kodim23.png', 'png', 768, 512],
    ['kodak/kodim04.png', 'png', 512, 768],
    ['exif-orientation/Landscape_1.jpg', 'jpeg', 1800, 1200],
    // Stored sideways: the EXIF orientation turns it upright later.
    ['exif-orientation/Landscape_6.jpg', 'jpeg', 1200, 1800],
    ['generated-edge-cases/kodim23_progressive.jpg', 'jpeg', 768, 512],
    ['generated-edge-cases/kodim23_cmyk.jpg', 'jpeg', 768, 512],
    ['generated-edge-cases/kodim23_displayp3_icc.jpg', 'jpeg', 768, 512],
    ['generated-edge-cases/phone_24mp_6000x4000.jpg', 'jpeg', 6000, 4000],
    ['generated-edge-cases/kodim23_lossy.webp', 'webp', 768, 512],
    ['generated-edge-cases/kodim23_384_lossless_alpha.webp', 'webp', 384, 256],
    ['generated-edge-cases/animated_3frames.webp', 'webp', 384, 256],
    ['heic/kodim23_q60.heic', 'heif', 768, 512],
    ['heic/kodim04_portrait_q60.heic', 'heif', 512, 768],
    ['heic/libheif_example.heic', 'heif', 1280, 854],
    ['heic/kodim23_truncated_60pct.heic', 'heif', 768, 512],
    ['libavif-metadata/apple_gainmap_new.jpg', 'jpeg', 384, 512],
    ['generated-edge-cases/bomb_webp_16383x16383.webp', 'webp', 16383, 16383],
    ['generated-edge-cases/bomb_header_65500x65500.jpg', 'jpeg', 65500, 65500],
    ['generated-edge-cases/bomb_png_header_65535x65535.png', 'png', 65535, 65535],
    ['generated-edge-cases/bomb_png_30000x30000_1bit.png', 'png', 30000, 30000],
  ] as const)('%s (%s) is %sx%s', async (file, format, width, height) => {
    const size = await readDimensions(bytesReader(bytes(file)), format);
    expect(size).toEqual({ width, height });
  });

  it('gives null for headers it cannot read', async () => {
    expect(
      await readDimensions(bytesReader(bytes('generated-edge-cases/empty_0_bytes.jpg')), 'jpeg'),
    ).toBeNull();
    expect(
      await readDimensions(bytesReader(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])), 'jpeg'),
    ).toBeNull();
    expect(await readDimensions(bytesReader(new Uint8Array(20)), 'png')).toBeNull();
    expect(await readDimensions(bytesReader(new Uint8Array(30)), 'webp')).toBeNull();
    expect(await readDimensions(bytesReader(new Uint8Array(64)), 'heif')).toBeNull();
  });
});
