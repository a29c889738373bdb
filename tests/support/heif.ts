/**
 * HEIF files tagged as a phone tags them, made from our own untagged fixtures: a `colr` property (an ICC
 * profile, `prof`, or code points, `nclx`) added to ipco and associated with every item, the box sizes
 * and iloc's file offsets moved by the bytes added. The coded pixels stay as they are. Node only.
 */

import { APP1, segmentsOf } from '../../src/jpeg-file/segments.ts';

interface Box {
  type: string;
  at: number;
  header: number;
  size: number;
}

function boxesIn(bytes: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    out.push({ type: bytes.toString('latin1', at + 4, at + 8), at, header, size });
    at += size;
  }
  return out;
}

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(payload.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

const payloadOf = (bytes: Buffer, b: Box) => bytes.subarray(b.at + b.header, b.at + b.size);

/** ipma with property `index` (1-based) associated with every item, or with the items `only` names. */
function withAssociation(ipma: Buffer, index: number, only?: readonly number[]): Buffer {
  const version = ipma[0]!;
  const wide = (ipma.readUInt32BE(0) & 1) === 1;
  const out: Buffer[] = [ipma.subarray(0, 8)];
  const count = ipma.readUInt32BE(4);
  let at = 8;
  for (let i = 0; i < count; i++) {
    const idBytes = version < 1 ? 2 : 4;
    const n = ipma[at + idBytes]!;
    const entryBytes = wide ? 2 : 1;
    const entries = ipma.subarray(at + idBytes + 1, at + idBytes + 1 + n * entryBytes);
    const id = version < 1 ? ipma.readUInt16BE(at) : ipma.readUInt32BE(at);
    const extra = Buffer.alloc(only && !only.includes(id) ? 0 : entryBytes);
    if (extra.length > 0 && wide) extra.writeUInt16BE(index, 0);
    else if (extra.length > 0) extra[0] = index;
    out.push(ipma.subarray(at, at + idBytes), Buffer.from([n + extra.length / entryBytes]), entries, extra);
    at += idBytes + 1 + n * entryBytes;
  }
  return Buffer.concat(out);
}

/** iloc with every file offset (construction method 0) moved by `delta`. */
function shiftedIloc(iloc: Buffer, delta: number): Buffer {
  const out = Buffer.from(iloc);
  const version = out[0]!;
  const offsetSize = out[4]! >> 4;
  const lengthSize = out[4]! & 15;
  const baseSize = out[5]! >> 4;
  const indexSize = version >= 1 ? out[5]! & 15 : 0;
  let at = 6;
  const count = version < 2 ? out.readUInt16BE(at) : out.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  const read = (size: number) =>
    size === 0 ? 0 : size === 4 ? out.readUInt32BE(at) : Number(out.readBigUInt64BE(at));
  const write = (size: number, value: number) => {
    if (size === 4) out.writeUInt32BE(value, at);
    else if (size === 8) out.writeBigUInt64BE(BigInt(value), at);
  };
  for (let i = 0; i < count; i++) {
    at += version < 2 ? 2 : 4;
    const method = version >= 1 ? out.readUInt16BE(at) & 15 : 0;
    if (version >= 1) at += 2;
    at += 2; // data_reference_index
    const base = read(baseSize);
    if (method === 0 && baseSize > 0) write(baseSize, base + delta);
    at += baseSize;
    const extents = out.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      if (method === 0 && baseSize === 0 && offsetSize > 0) write(offsetSize, read(offsetSize) + delta);
      at += offsetSize + lengthSize;
    }
  }
  return out;
}

/**
 * The HEIF file with a `colr` property of this payload ('prof' + ICC bytes, or 'nclx' + code points),
 * associated with every item, or with the items `only` names (a thumbnail's, say).
 */
export function withColour(heif: Buffer, colrPayload: Buffer, only?: readonly number[]): Buffer {
  const top = boxesIn(heif, 0, heif.length);
  const meta = top.find((b) => b.type === 'meta');
  if (!meta) throw new Error('no meta box');
  const children = boxesIn(heif, meta.at + meta.header + 4, meta.at + meta.size);
  const iprp = children.find((b) => b.type === 'iprp')!;
  const [ipco, ipma] = ['ipco', 'ipma'].map((type) =>
    boxesIn(heif, iprp.at + iprp.header, iprp.at + iprp.size).find((b) => b.type === type)!,
  ) as [Box, Box];
  const properties = boxesIn(heif, ipco.at + ipco.header, ipco.at + ipco.size).length;
  const newIprp = box(
    'iprp',
    Buffer.concat([
      box('ipco', Buffer.concat([payloadOf(heif, ipco), box('colr', colrPayload)])),
      box('ipma', withAssociation(payloadOf(heif, ipma), properties + 1, only)),
    ]),
  );
  const delta = newIprp.length - iprp.size;
  const metaBody = Buffer.concat([
    heif.subarray(meta.at + meta.header, meta.at + meta.header + 4),
    ...children.map((b) =>
      b.type === 'iprp'
        ? newIprp
        : b.type === 'iloc'
          ? box('iloc', shiftedIloc(payloadOf(heif, b), delta))
          : heif.subarray(b.at, b.at + b.size),
    ),
  ]);
  return Buffer.concat([
    heif.subarray(0, meta.at),
    box('meta', metaBody),
    heif.subarray(meta.at + meta.size),
  ]);
}

/** A colr payload of type nclx: primaries, transfer, matrix, full range. */
export function nclx(primaries: number, transfer: number, matrix: number, fullRange = true): Buffer {
  const out = Buffer.alloc(11);
  out.write('nclx', 0, 'latin1');
  out.writeUInt16BE(primaries, 4);
  out.writeUInt16BE(transfer, 6);
  out.writeUInt16BE(matrix, 8);
  out[10] = fullRange ? 0x80 : 0;
  return out;
}

/** A colr payload of type prof: an ICC profile. */
export function prof(icc: Buffer): Buffer {
  return Buffer.concat([Buffer.from('prof', 'latin1'), icc]);
}

/** An iloc entry for one extent at file offset `offset` (construction method 0), in the box's own sizes. */
function ilocEntry(iloc: Buffer, id: number, offset: number, length: number): Buffer {
  const version = iloc[0]!;
  const [offsetSize, lengthSize, baseSize] = [iloc[4]! >> 4, iloc[4]! & 15, iloc[5]! >> 4];
  const indexSize = version >= 1 ? iloc[5]! & 15 : 0;
  const field = (size: number, value: number) => {
    const out = Buffer.alloc(size);
    if (size === 2) out.writeUInt16BE(value);
    else if (size === 4) out.writeUInt32BE(value);
    else if (size === 8) out.writeBigUInt64BE(BigInt(value));
    return out;
  };
  // The offset goes in the base offset where there is one, else in the extent's.
  const base = baseSize > 0 ? offset : 0;
  return Buffer.concat([
    field(version < 2 ? 2 : 4, id),
    version >= 1 ? field(2, 0) : Buffer.alloc(0), // construction method 0: the file
    field(2, 0), // data_reference_index
    field(baseSize, base),
    field(2, 1), // one extent
    field(indexSize, 0),
    field(offsetSize, offset - base),
    field(lengthSize, length),
  ]);
}

/**
 * The HEIF file with an Exif item describing its primary item, as a phone writes it: an `infe` of type
 * 'Exif' in iinf, a `cdsc` reference from it to the primary in iref, and its bytes (the TIFF header's
 * offset, 'Exif\0\0', then `tiff`) in an mdat at the end of the file, where iloc says.
 */
export function withExif(heif: Buffer, tiff: Buffer): Buffer {
  const top = boxesIn(heif, 0, heif.length);
  const meta = top.find((b) => b.type === 'meta');
  if (!meta) throw new Error('no meta box');
  const children = boxesIn(heif, meta.at + meta.header + 4, meta.at + meta.size);
  const find = (type: string) => children.find((b) => b.type === type);
  const [pitm, iinf, iloc] = [find('pitm'), find('iinf'), find('iloc')];
  if (!pitm || !iinf || !iloc) throw new Error('no pitm, iinf or iloc');
  const pitmPayload = payloadOf(heif, pitm);
  const primary = pitmPayload[0] === 0 ? pitmPayload.readUInt16BE(4) : pitmPayload.readUInt32BE(4);
  const iinfPayload = payloadOf(heif, iinf);
  const countBytes = iinfPayload[0] === 0 ? 2 : 4;
  const entries = boxesIn(heif, iinf.at + iinf.header + 4 + countBytes, iinf.at + iinf.size);
  const ids = entries.map((e) =>
    heif[e.at + e.header] === 2
      ? heif.readUInt16BE(e.at + e.header + 4)
      : heif.readUInt32BE(e.at + e.header + 4),
  );
  const id = Math.max(...ids) + 1;
  const u16 = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from([v >> 8, v & 255])));
  const count = Buffer.alloc(countBytes);
  if (countBytes === 2) count.writeUInt16BE(entries.length + 1);
  else count.writeUInt32BE(entries.length + 1);
  const newIinf = box(
    'iinf',
    Buffer.concat([
      iinfPayload.subarray(0, 4),
      count,
      iinfPayload.subarray(4 + countBytes),
      box('infe', Buffer.concat([Buffer.from([2, 0, 0, 0]), u16(id, 0), Buffer.from('Exif\0', 'latin1')])),
    ]),
  );
  const cdsc = box('cdsc', u16(id, 1, primary));
  const iref = find('iref');
  const newIref = iref
    ? box('iref', Buffer.concat([payloadOf(heif, iref), cdsc]))
    : box('iref', Buffer.concat([Buffer.alloc(4), cdsc]));
  const item = Buffer.concat([Buffer.from([0, 0, 0, 6]), Buffer.from('Exif\0\0', 'latin1'), tiff]);
  // iloc with every offset moved by `shift` (meta's growth) and one more item: the Exif item at `exifAt`.
  const newIloc = (exifAt: number, shift: number) => {
    const shifted = shiftedIloc(payloadOf(heif, iloc), shift);
    if (shifted[0]! < 2) shifted.writeUInt16BE(shifted.readUInt16BE(6) + 1, 6);
    else shifted.writeUInt32BE(shifted.readUInt32BE(6) + 1, 6);
    return box('iloc', Buffer.concat([shifted, ilocEntry(shifted, id, exifAt, item.length)]));
  };
  const metaWith = (exifAt: number, shift: number) =>
    box(
      'meta',
      Buffer.concat([
        heif.subarray(meta.at + meta.header, meta.at + meta.header + 4),
        ...children.map((b) =>
          b.type === 'iinf'
            ? newIinf
            : b.type === 'iloc'
              ? newIloc(exifAt, shift)
              : b.type === 'iref'
                ? newIref
                : heif.subarray(b.at, b.at + b.size),
        ),
        ...(iref ? [] : [newIref]),
      ]),
    );
  // The meta box's size does not depend on the offsets in it: made once to learn it, then for real.
  const shift = metaWith(0, 0).length - meta.size;
  const newMeta = metaWith(heif.length + shift + 8, shift);
  return Buffer.concat([
    heif.subarray(0, meta.at),
    newMeta,
    heif.subarray(meta.at + meta.size),
    box('mdat', item),
  ]);
}

/** The TIFF block (the EXIF) of a JPEG's first APP1 'Exif' segment. */
export function jpegExifTiff(jpeg: Buffer): Buffer {
  const exif = segmentsOf(jpeg).find(
    (segment) =>
      segment.marker === APP1 &&
      jpeg.toString('latin1', segment.payloadAt, segment.payloadAt + 6) === 'Exif\0\0',
  );
  if (!exif) throw new Error('no EXIF segment');
  return jpeg.subarray(exif.payloadAt + 6, exif.end);
}
