import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytesReader } from '../../src/intake/byte-reader.ts';
import { convertToSrgb, nclxSpace, parseIccProfile, type RgbSpace } from '../../src/colour/profile.ts';
import { heifColourSpace } from '../../src/intake/heif-container.ts';
import { readDimensions } from '../../src/intake/dimensions.ts';
import { nclx, prof, withColour } from '../support/heif.ts';
import { fixturePath } from '../support/images.ts';

const icc = (name: string) => readFileSync(fixturePath(`icc-cc0/${name}`));
const space = (name: string): RgbSpace => {
  const parsed = parseIccProfile(icc(name));
  if (!parsed) throw new Error(`${name} not parsed`);
  return parsed;
};

/** Converts one colour given in 0..255 and returns the sRGB bytes. */
function converted(rgb: readonly number[], from: RgbSpace): number[] {
  const pixels = new Uint8ClampedArray([...rgb, 255]);
  convertToSrgb(pixels, from);
  return [...pixels.subarray(0, 3)];
}

const close = (a: readonly number[], b: readonly number[], levels: number) =>
  a.every((v, i) => Math.abs(v - b[i]!) <= levels);

describe('colour profiles', () => {
  it('reads the colorants and curves of matrix/TRC profiles, and nothing else', () => {
    for (const name of ['DisplayP3-v4.icc', 'ProPhoto-v4.icc', 'AdobeCompat-v4.icc', 'sRGB-v4.icc'])
      expect(parseIccProfile(icc(name)), name).not.toBeNull();
    expect(parseIccProfile(new Uint8Array(100))).toBeNull();
    const cmyk = Buffer.from(icc('sRGB-v4.icc'));
    cmyk.write('CMYK', 16, 'latin1');
    expect(parseIccProfile(cmyk)).toBeNull();
  });

  it('leaves sRGB as it is', () => {
    const pixels = new Uint8ClampedArray([12, 130, 250, 255, 0, 0, 0, 7]);
    expect(convertToSrgb(pixels, space('sRGB-v4.icc'))).toBe(false);
    expect(convertToSrgb(pixels, nclxSpace(1, 13)!)).toBe(false);
    expect([...pixels]).toEqual([12, 130, 250, 255, 0, 0, 0, 7]);
  });

  // sRGB's red and green written in Display P3 (CSS Color 4: color(display-p3 0.9175 0.2003 0.1386) is
  // sRGB red, color(display-p3 0.4584 0.9853 0.2983) sRGB green) come back as sRGB red and green.
  it.each([
    ['red', [0.9175, 0.2003, 0.1386], [255, 0, 0]],
    ['green', [0.4584, 0.9853, 0.2983], [0, 255, 0]],
  ])('sRGB %s written in Display P3 comes back as itself', (_, p3, srgb) => {
    const bytes = p3.map((v) => Math.round(v * 255));
    expect(close(converted(bytes, space('DisplayP3-v4.icc')), srgb, 3)).toBe(true);
    expect(close(converted(bytes, nclxSpace(12, 13)!), srgb, 3)).toBe(true);
    // Untouched, the P3 bytes are far from it: the check can tell.
    expect(close(bytes, srgb, 3)).toBe(false);
  });

  it('keeps greys grey, and clips colours sRGB cannot show', () => {
    for (const grey of [0, 1, 50, 128, 200, 255])
      expect(converted([grey, grey, grey], space('DisplayP3-v4.icc'))).toEqual([grey, grey, grey]);
    expect(converted([255, 0, 0], space('DisplayP3-v4.icc'))).toEqual([255, 0, 0]);
  });

  it('the ICC profile and the nclx code points of Display P3 agree within a level', () => {
    const fromIcc = new Uint8ClampedArray(4 * 4096);
    for (let i = 0; i < fromIcc.length; i++) fromIcc[i] = (i * 37) % 256;
    const fromNclx = fromIcc.slice();
    convertToSrgb(fromIcc, space('DisplayP3-v4.icc'));
    convertToSrgb(fromNclx, nclxSpace(12, 13)!);
    const worst = Math.max(...fromIcc.map((v, i) => Math.abs(v - fromNclx[i]!)));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('ProPhoto mid grey (gamma 1.8) is lighter in sRGB', () => {
    const [r, g, b] = converted([128, 128, 128], space('ProPhoto-v4.icc'));
    expect(r).toBeGreaterThan(140);
    expect(Math.abs(r! - g!) + Math.abs(g! - b!)).toBeLessThanOrEqual(2);
  });
});

describe('a HEIF file tagged as a phone tags it', () => {
  const heic = readFileSync(fixturePath('heic/kodim23_q60.heic'));

  it('has its colr property read: an ICC profile or nclx code points, untagged as nothing', async () => {
    expect(await heifColourSpace(bytesReader(heic))).toBeNull();
    const p3 = await heifColourSpace(bytesReader(withColour(heic, prof(icc('DisplayP3-v4.icc')))));
    expect(p3).not.toBeNull();
    expect(converted([234, 51, 35], p3!)).toEqual(converted([234, 51, 35], space('DisplayP3-v4.icc')));
    const coded = await heifColourSpace(bytesReader(withColour(heic, nclx(12, 13, 6))));
    expect(close(converted([234, 51, 35], coded!), [255, 0, 0], 3)).toBe(true);
    expect(await heifColourSpace(bytesReader(withColour(heic, nclx(2, 2, 6))))).toBeNull();
  });

  it('keeps its size readable (the boxes and offsets moved, not broken)', async () => {
    const tagged = withColour(heic, prof(icc('DisplayP3-v4.icc')));
    expect(tagged.length).toBe(heic.length + 8 + 4 + 480 + 1);
    expect(await readDimensions(bytesReader(tagged), 'heif')).toEqual({ width: 768, height: 512 });
    // The coded image data is the same bytes, at the place iloc now says.
    expect(tagged.subarray(-1000).equals(heic.subarray(-1000))).toBe(true);
  });
});
