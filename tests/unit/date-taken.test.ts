import { readFileSync } from 'node:fs';
import exifr from 'exifr';
import { describe, expect, it } from 'vitest';
import { keepDateTaken, readDateTaken } from '../../src/intake/photo-date.ts';
import { dateTakenSegment, withDateTaken, type DateTaken } from '../../src/metadata/date-taken.ts';
import { jpegExifTiff, withExif } from '../support/heif.ts';
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

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** A JPEG whose EXIF says these dates, whatever they are (the segment writes any text). */
const jpegDated = (date: DateTaken) => {
  const segment = dateTakenSegment(date);
  return new Blob([JPEG.subarray(0, 20), segment, JPEG.subarray(20)]);
};

/** A saved JPEG that may only be read in slices: reading it whole (or as a stream) throws. */
function sliceOnly(bytes: Uint8Array): Blob {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
  const whole = () => {
    throw new Error('the whole saved JPEG was read');
  };
  return Object.assign(blob, { arrayBuffer: whole, bytes: whole, text: whole, stream: whole });
}

const iphoneJpeg = () => readFileSync(fixturePath('libavif-metadata/apple_gainmap_new.jpg'));
const heic = () => readFileSync(fixturePath('heic/kodim23_q60.heic'));

describe('keep the date taken', () => {
  it('writes DateTimeOriginal and OffsetTimeOriginal, and nothing else', async () => {
    const tagged = await bytesOf(
      await withDateTaken(new Blob([JPEG]), { dateTime: '2024:07:14 18:03:59', offset: '+02:00' }),
    );
    expect([...tagged.subarray(0, 20)]).toEqual([...JPEG.subarray(0, 20)]);
    expect([tagged[20], tagged[21]]).toEqual([0xff, 0xe1]);
    expect(await everything(tagged)).toEqual({
      DateTimeOriginal: '2024:07:14 18:03:59',
      OffsetTimeOriginal: '+02:00',
    });
  });

  it('writes the date alone where the photo had no offset', async () => {
    const tagged = await bytesOf(await withDateTaken(new Blob([JPEG]), { dateTime: '1999:12:31 23:59:58' }));
    expect(await everything(tagged)).toEqual({ DateTimeOriginal: '1999:12:31 23:59:58' });
  });

  it('reads a photo date and its offset back, and nothing from a photo without one', async () => {
    const photo = readFileSync(fixturePath('libavif-metadata/paris_exif_xmp_icc.jpg'));
    const date = await readDateTaken(new Blob([photo]));
    expect(date).toEqual({ dateTime: '2022:08:22 20:30:46', offset: '+02:00' });
    const plain = readFileSync(fixturePath('kodak/kodim23.png'));
    expect(await readDateTaken(new Blob([plain]))).toBeNull();
    // Round trip: the saved copy gets exactly the photo's.
    const saved = await keepDateTaken(new Blob([JPEG]), new Blob([photo]));
    expect(saved.dated).toBe(true);
    expect(await everything(await bytesOf(saved.blob))).toEqual({
      DateTimeOriginal: '2022:08:22 20:30:46',
      OffsetTimeOriginal: '+02:00',
    });
    // No date, nothing written, and the caller is told.
    const undated = await keepDateTaken(new Blob([JPEG]), new Blob([plain]));
    expect(undated.dated).toBe(false);
    expect(await bytesOf(undated.blob)).toEqual(JPEG);
  });

  it("reads a HEIC's date from its Exif item: an iPhone's own EXIF block, and another camera's", async () => {
    const iphone = withExif(heic(), jpegExifTiff(iphoneJpeg()));
    // The iPhone's block as an independent reader sees it in the JPEG it came from.
    const source = (await exifr.parse(iphoneJpeg(), {
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal'],
      reviveValues: false,
    })) as Record<string, string>;
    expect(source).toEqual({ DateTimeOriginal: '2026:01:07 15:20:14', OffsetTimeOriginal: '+01:00' });
    expect(await readDateTaken(new Blob([new Uint8Array(iphone)]))).toEqual({
      dateTime: '2026:01:07 15:20:14',
      offset: '+01:00',
    });
    const saved = await keepDateTaken(new Blob([JPEG]), new Blob([new Uint8Array(iphone)]));
    expect(saved.dated).toBe(true);
    // Nothing else of the iPhone's EXIF (camera, GPS, maker notes) goes with it.
    expect(await everything(await bytesOf(saved.blob))).toEqual({
      DateTimeOriginal: '2026:01:07 15:20:14',
      OffsetTimeOriginal: '+01:00',
    });
    // A HEIC of several items (a thumbnail, an alpha image), its Exif item describing the primary.
    const pixel = readFileSync(fixturePath('libavif-metadata/paris_exif_xmp_icc.jpg'));
    const example = withExif(readFileSync(fixturePath('heic/libheif_example.heic')), jpegExifTiff(pixel));
    expect(await readDateTaken(new Blob([new Uint8Array(example)]))).toEqual({
      dateTime: '2022:08:22 20:30:46',
      offset: '+02:00',
    });
    // A HEIC without an Exif item has no date.
    expect(await readDateTaken(new Blob([heic()]))).toBeNull();
  });

  it('writes into the saved JPEG by slices: the file is never read or copied whole', async () => {
    const big = new Uint8Array(8 * 1024 * 1024);
    big.set(JPEG.subarray(0, 20));
    big.set([0xff, 0xd9], big.length - 2);
    const saved = await keepDateTaken(
      sliceOnly(big),
      new Blob([jpegDated({ dateTime: '2020:02:29 12:00:00' })]),
    );
    expect(saved.dated).toBe(true);
    const out = await bytesOf(saved.blob);
    expect(out.length).toBe(big.length + dateTakenSegment({ dateTime: '2020:02:29 12:00:00' }).length);
    expect((await everything(out))?.DateTimeOriginal).toBe('2020:02:29 12:00:00');
  });

  it.each([
    'yesterday at noon!!',
    '0000:00:00 00:00:00',
    '    :  :     :  :  ',
    '2024:13:01 10:00:00',
    '2024:00:10 10:00:00',
    '2023:02:29 10:00:00',
    '2024:04:31 10:00:00',
    '2024:07:14 24:00:00',
    '2024:07:14 23:60:00',
    '2024:07:14 23:59:60',
  ])('does not write a date that cannot be: %s', async (dateTime) => {
    expect(await readDateTaken(jpegDated({ dateTime }))).toBeNull();
    const saved = await keepDateTaken(new Blob([JPEG]), jpegDated({ dateTime, offset: '+01:00' }));
    expect(saved.dated).toBe(false);
    expect(await bytesOf(saved.blob)).toEqual(JPEG);
  });

  it.each(['+99:99', '+14:30', '-15:00', '+05:60', '+1:00', 'Z'])(
    'keeps the date but not an offset that cannot be: %s',
    async (offset) => {
      expect(await readDateTaken(jpegDated({ dateTime: '2024:02:29 10:00:00', offset }))).toEqual({
        dateTime: '2024:02:29 10:00:00',
      });
    },
  );

  it.each(['+14:00', '-12:00', '+05:45', '-00:00'])(
    'keeps an offset a clock can have: %s',
    async (offset) => {
      expect(await readDateTaken(jpegDated({ dateTime: '2000:02:29 00:00:00', offset }))).toEqual({
        dateTime: '2000:02:29 00:00:00',
        offset,
      });
    },
  );
});
