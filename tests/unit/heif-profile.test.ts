// A HEIC's colour profile: only the primary image's own, a malformed one ignored (the pixels then sRGB,
// as browsers take them), and crafted boxes read without throwing. Read both ways the decoder reads
// it: libheif's own (the primary image handle's profile) and the container's boxes (its fallback).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import libheifFactory, { type HeifModule } from 'libheif-js/libheif-wasm/libheif.js';
import { convertToSrgb, parseIccProfile, type RgbSpace } from '../../src/colour/profile.ts';
import { bytesReader } from '../../src/intake/byte-reader.ts';
import { readDimensions } from '../../src/intake/dimensions.ts';
import { heifColourSpace, heifProperties } from '../../src/intake/heif-container.ts';
import { primaryColourSpace } from '../../src/intake/libheif-profile.ts';
import { nclx, prof, withColour } from '../support/heif.ts';
import { fixturePath } from '../support/images.ts';

const icc = (name: string) => readFileSync(fixturePath(`icc-cc0/${name}`));

/** An ICC profile with its tags' payloads changed: `change(type, payload)` edits a copy in place. */
function editedIcc(name: string, change: (tag: string, payload: Buffer) => void): Buffer {
  const bytes = Buffer.from(icc(name));
  const count = bytes.readUInt32BE(128);
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    const [offset, size] = [bytes.readUInt32BE(at + 4), bytes.readUInt32BE(at + 8)];
    change(bytes.toString('latin1', at, at + 4), bytes.subarray(offset, offset + size));
  }
  return bytes;
}

/** Display P3 with its three colorants (rXYZ, gXYZ, bXYZ) all zero: every colour would be black. */
const zeroColorants = () =>
  editedIcc('DisplayP3-v4.icc', (tag, payload) => {
    if (/^[rgb]XYZ$/.test(tag)) payload.fill(0, 8);
  });

/** Two colorants alike: the matrix cannot be inverted. */
const twoAlike = () => {
  let red: Buffer | null = null;
  return editedIcc('DisplayP3-v4.icc', (tag, payload) => {
    if (tag === 'rXYZ') red = payload;
    if (tag === 'gXYZ' && red) red.copy(payload);
  });
};

const converted = (rgb: readonly number[], space: RgbSpace) => {
  const pixels = new Uint8ClampedArray([...rgb, 255]);
  convertToSrgb(pixels, space);
  return [...pixels.subarray(0, 3)];
};

describe('a malformed ICC profile', () => {
  it('is no profile: colorants all zero, or two alike', () => {
    // The edit reached the colorants (tag order differs between profiles): the untouched one parses.
    expect(parseIccProfile(icc('DisplayP3-v4.icc'))).not.toBeNull();
    expect(parseIccProfile(zeroColorants())).toBeNull();
    expect(parseIccProfile(twoAlike())).toBeNull();
  });

  it('is no profile where its curves take white to black', () => {
    // A sampled curve of two entries, both 0: every level decodes to black.
    const flat = Buffer.from([...Buffer.from('curv'), 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0]);
    const profile = editedIcc('sRGB-v4.icc', (tag, payload) => {
      if (/^[rgb]TRC$/.test(tag)) flat.copy(payload, 0, 0, Math.min(flat.length, payload.length));
    });
    expect(parseIccProfile(profile)).toBeNull();
  });
});

describe('the HEIF colr the decoder takes', () => {
  const kodim = readFileSync(fixturePath('heic/kodim23_q60.heic'));
  // Items 0x4e24 (the primary) and 0x4e25 (its thumbnail).
  const example = readFileSync(fixturePath('heic/libheif_example.heic'));
  const PRIMARY = 0x4e24;
  const THUMBNAIL = 0x4e25;
  let heif: HeifModule;

  beforeAll(async () => {
    const require = createRequire(import.meta.url);
    const wasmBinary = readFileSync(require.resolve('libheif-js/libheif-wasm/libheif.wasm'));
    heif = await new Promise<HeifModule>((resolve) => {
      const holder: { module?: HeifModule } = {};
      holder.module = libheifFactory({
        wasmBinary: wasmBinary.buffer.slice(wasmBinary.byteOffset, wasmBinary.byteOffset + wasmBinary.length),
        onRuntimeInitialized: () => queueMicrotask(() => resolve(holder.module!)),
      });
    });
  });

  /** The space libheif gives for the primary image, and the one the boxes give. */
  async function bothWays(file: Buffer): Promise<[RgbSpace | null | undefined, RgbSpace | null]> {
    const images = new heif.HeifDecoder().decode(new Uint8Array(file));
    const primary = images.find((image) => image.is_primary())!;
    const fromLibheif = primaryColourSpace(heif, primary);
    for (const image of images) image.free();
    return [fromLibheif, await heifColourSpace(bytesReader(file))];
  }

  it("is the primary image's own: Display P3 on the primary is read, on its thumbnail alone ignored", async () => {
    const p3 = parseIccProfile(icc('DisplayP3-v4.icc'))!;
    for (const space of await bothWays(withColour(example, prof(icc('DisplayP3-v4.icc')), [PRIMARY]))) {
      expect(space).toBeTruthy();
      expect(converted([234, 51, 35], space!)).toEqual(converted([234, 51, 35], p3));
    }
    expect(await bothWays(withColour(example, prof(icc('DisplayP3-v4.icc')), [THUMBNAIL]))).toEqual([
      null,
      null,
    ]);
    expect(await bothWays(withColour(example, nclx(12, 13, 6), [THUMBNAIL]))).toEqual([null, null]);
    // libheif's nclx reading: Display P3's code points turn P3 red into sRGB red.
    const [coded] = await bothWays(withColour(kodim, nclx(12, 13, 6)));
    expect(converted([234, 51, 35], coded!).map((v, i) => Math.abs(v - [255, 0, 0][i]!) <= 3)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('is none where the profile is malformed, and none where there is no colr', async () => {
    expect(await bothWays(withColour(kodim, prof(zeroColorants())))).toEqual([null, null]);
    expect(await bothWays(kodim)).toEqual([null, null]);
  });
});

/** A HEIF file of a meta box only, with these children (ftyp first). */
function heifOf(...children: Buffer[]): Buffer {
  const ftyp = wrap('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1'));
  return Buffer.concat([ftyp, wrap('meta', Buffer.alloc(4), ...children)]);
}

describe('crafted HEIF boxes', () => {
  const box = (type: string, ...bytes: number[]) => wrap(type, Buffer.from(bytes));
  const ispe = box('ispe', 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0); // 512 x 256

  it('a pitm of version 1 with a 6-byte payload, at the end of meta, is read without throwing', async () => {
    const iprp = wrap('iprp', wrap('ipco', ispe), box('ipma', 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0x81));
    const file = heifOf(iprp, box('pitm', 1, 0, 0, 0, 0, 1));
    await expect(heifProperties(bytesReader(file))).resolves.toMatchObject({ primary: [] });
    expect(await readDimensions(bytesReader(file), 'heif')).toEqual({ width: 512, height: 256 });
  });

  it('an empty ipma at the end of meta is read without throwing', async () => {
    const file = heifOf(box('pitm', 0, 0, 0, 0, 0, 1), wrap('iprp', wrap('ipco', ispe), box('ipma')));
    await expect(heifProperties(bytesReader(file))).resolves.toMatchObject({ primary: [] });
    expect(await readDimensions(bytesReader(file), 'heif')).toEqual({ width: 512, height: 256 });
  });
});

function wrap(type: string, ...children: Buffer[]): Buffer {
  const payload = Buffer.concat(children);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(payload.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}
