import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { convertToSrgb, parseIccProfile, SRGB } from '../../src/colour/profile.ts';
import { srgbProfile, tagSrgb } from '../../src/colour/srgb-jpeg.ts';

/** SOI, an APP0 JFIF segment, then a stand-in for the rest of a JPEG. */
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xdb, 0x00, 0x03, 0x00, 0xff, 0xd9,
]);

describe('the sRGB profile of saved JPEGs', () => {
  it('is a valid ICC v4 display profile of sRGB, compact', () => {
    const icc = srgbProfile();
    const view = new DataView(icc.buffer, icc.byteOffset, icc.byteLength);
    expect(view.getUint32(0)).toBe(icc.length);
    expect(icc.length).toBeLessThan(600);
    expect(String.fromCharCode(...icc.subarray(36, 40))).toBe('acsp');
    const space = parseIccProfile(icc);
    expect(space).not.toBeNull();
    space!.toXyzD50.forEach((v, i) => expect(v).toBeCloseTo(SRGB.toXyzD50[i]!, 3));
    // Read back through our own reader, it is sRGB: nothing to convert.
    const pixels = new Uint8Array([3, 77, 200, 255]);
    expect(convertToSrgb(pixels, space!)).toBe(false);
  });

  it('goes into an APP2 segment after JFIF, once, and a metadata reader sees it as sRGB', async () => {
    const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
    const taggedBlob = await tagSrgb(new Blob([JPEG]));
    const tagged = await bytesOf(taggedBlob);
    expect([...tagged.subarray(0, 20)]).toEqual([...JPEG.subarray(0, 20)]);
    expect([tagged[20], tagged[21]]).toEqual([0xff, 0xe2]);
    expect(String.fromCharCode(...tagged.subarray(24, 35))).toBe('ICC_PROFILE');
    expect([...tagged.subarray(-7)]).toEqual([...JPEG.subarray(-7)]);
    expect(await tagSrgb(taggedBlob)).toBe(taggedBlob);
    const icc = (await exifr.parse(tagged, { icc: true, tiff: false, jfif: false })) as Record<
      string,
      unknown
    >;
    expect(icc.ColorSpaceData).toBe('RGB');
    expect(icc.ProfileDescription).toBe('sRGB');
    // Not a JPEG: left alone.
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]);
    expect(await tagSrgb(png)).toBe(png);
  });
});
