import { readFileSync } from 'node:fs';
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { keepDateTaken, readDateTaken, withDateTaken } from '../../src/metadata/date-taken.ts';
import { fixturePath } from '../support/images.ts';

/** SOI, an APP0 JFIF segment, then a stand-in for the rest of a JPEG. */
const JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xdb, 0x00, 0x03, 0x00, 0xff, 0xd9,
]);

/** Everything a metadata reader finds, every segment asked for. */
const everything = async (bytes: Uint8Array) =>
  (await exifr.parse(bytes, {
    tiff: true,
    exif: true,
    gps: true,
    xmp: true,
    iptc: true,
    icc: false,
    jfif: false,
    ihdr: false,
    interop: true,
    ifd1: true,
    mergeOutput: true,
    translateValues: false,
    reviveValues: false,
  })) as Record<string, unknown> | undefined;

describe('keep the date taken', () => {
  it('writes DateTimeOriginal and OffsetTimeOriginal, and nothing else', async () => {
    const tagged = withDateTaken(JPEG, { dateTime: '2024:07:14 18:03:59', offset: '+02:00' });
    expect([...tagged.subarray(0, 20)]).toEqual([...JPEG.subarray(0, 20)]);
    expect([tagged[20], tagged[21]]).toEqual([0xff, 0xe1]);
    expect(await everything(tagged)).toEqual({
      DateTimeOriginal: '2024:07:14 18:03:59',
      OffsetTimeOriginal: '+02:00',
    });
  });

  it('writes the date alone where the photo had no offset', async () => {
    const tagged = withDateTaken(JPEG, { dateTime: '1999:12:31 23:59:58' });
    expect(await everything(tagged)).toEqual({ DateTimeOriginal: '1999:12:31 23:59:58' });
  });

  it('reads a photo date and its offset back, and nothing from a photo without one', async () => {
    const photo = readFileSync(fixturePath('libavif-metadata/paris_exif_xmp_icc.jpg'));
    const date = await readDateTaken(new Blob([photo]));
    expect(date?.dateTime).toMatch(/^2022:08:22 /);
    const plain = readFileSync(fixturePath('kodak/kodim23.png'));
    expect(await readDateTaken(new Blob([plain]))).toBeNull();
    // Round trip: the saved copy gets exactly the photo's.
    const saved = await keepDateTaken(new Blob([JPEG]), new Blob([photo]));
    const read = await everything(new Uint8Array(await saved.arrayBuffer()));
    expect(read?.DateTimeOriginal).toBe(date?.dateTime);
    expect(Object.keys(read ?? {}).filter((k) => !k.endsWith('TimeOriginal'))).toEqual([]);
    // No date, nothing written.
    expect(await keepDateTaken(new Blob([JPEG]), new Blob([plain]))).toBeInstanceOf(Blob);
    expect((await (await keepDateTaken(new Blob([JPEG]), new Blob([plain]))).arrayBuffer()).byteLength).toBe(
      JPEG.length,
    );
  });

  it('ignores a malformed date', async () => {
    const tagged = withDateTaken(JPEG, { dateTime: 'yesterday at noon!!' });
    expect(await readDateTaken(new Blob([tagged as Uint8Array<ArrayBuffer>]))).toBeNull();
  });
});
