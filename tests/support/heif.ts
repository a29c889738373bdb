/**
 * HEIF files tagged as a phone tags them, made from our own untagged fixtures: a `colr` property (an ICC
 * profile, `prof`, or code points, `nclx`) added to ipco and associated with every item, the box sizes
 * and iloc's file offsets moved by the bytes added. The coded pixels stay as they are. Node only.
 */

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

/** ipma with property `index` (1-based) associated with every item. */
function withAssociation(ipma: Buffer, index: number): Buffer {
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
    const extra = Buffer.alloc(entryBytes);
    if (wide) extra.writeUInt16BE(index, 0);
    else extra[0] = index;
    out.push(ipma.subarray(at, at + idBytes), Buffer.from([n + 1]), entries, extra);
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

/** The HEIF file with a `colr` property of this payload ('prof' + ICC bytes, or 'nclx' + code points). */
export function withColour(heif: Buffer, colrPayload: Buffer): Buffer {
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
      box('ipma', withAssociation(payloadOf(heif, ipma), properties + 1)),
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
