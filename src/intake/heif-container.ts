/**
 * The HEIF container (ISO base media file format, ISO/IEC 23008-12): its item properties, read from the
 * header before anything is decoded. meta -> pitm names the primary item; iprp -> ipco holds the
 * properties (ispe: the size; colr: the colour profile) and ipma lists each item's, by index into ipco.
 * Worker-safe: no DOM.
 */
import type { ByteReader } from './byte-reader.ts';
import { nclxSpace, parseIccProfile, type RgbSpace } from '../colour/profile.ts';

export interface HeifProperty {
  type: string;
  /** The property box's payload (after its size and type). */
  payload: Uint8Array;
}

export interface HeifProperties {
  /** The properties of the primary item, in association order. */
  primary: HeifProperty[];
  /** Every property in ipco, in order. */
  all: HeifProperty[];
}

interface Box {
  type: string;
  /** Offset of the box's payload in the buffer it was read from. */
  start: number;
  end: number;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function fourcc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

function* boxes(bytes: Uint8Array, start: number, end: number): Generator<Box, void, undefined> {
  const v = view(bytes);
  let at = start;
  while (at + 8 <= end) {
    let size = v.getUint32(at);
    const type = fourcc(bytes, at + 4);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(v.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function child(bytes: Uint8Array, parent: Box, type: string, skip = 0): Box | undefined {
  for (const box of boxes(bytes, parent.start + skip, parent.end)) if (box.type === type) return box;
  return undefined;
}

/** Largest meta box we read: real ones are tens of KB (many tiles of a grid image). */
const MAX_META_BYTES = 8 * 1024 * 1024;

/** The top-level meta box, found by walking box headers; null if there is none or it is too large. */
async function readMeta(reader: ByteReader): Promise<Uint8Array | null> {
  let at = 0;
  while (at + 16 <= reader.size) {
    const head = await reader.read(at, 16);
    const v = view(head);
    let size = v.getUint32(0);
    const type = fourcc(head, 4);
    if (size === 1) size = Number(v.getBigUint64(8));
    else if (size === 0) size = reader.size - at;
    if (size < 8) return null;
    if (type === 'meta') return size > MAX_META_BYTES ? null : reader.read(at, size);
    at += size;
  }
  return null;
}

/** The item properties of a HEIF file, or null where its header cannot be read. */
export async function heifProperties(reader: ByteReader): Promise<HeifProperties | null> {
  const meta = await readMeta(reader);
  if (!meta) return null;
  const root = boxes(meta, 0, meta.length).next().value;
  if (!root) return null;
  // meta is a FullBox: 4 bytes of version and flags before its children.
  const pitm = child(meta, root, 'pitm', 4);
  const iprp = child(meta, root, 'iprp', 4);
  const ipco = iprp && child(meta, iprp, 'ipco');
  if (!ipco) return null;
  const all = [...boxes(meta, ipco.start, ipco.end)].map((box) => ({
    type: box.type,
    payload: meta.subarray(box.start, box.end),
  }));
  const primaryId = pitm ? primaryItemId(meta, pitm) : null;
  const ipma = iprp && child(meta, iprp, 'ipma');
  const primary =
    primaryId !== null && ipma
      ? associatedProperties(meta, ipma, primaryId).flatMap((index) => all[index - 1] ?? [])
      : [];
  return { primary, all };
}

function primaryItemId(bytes: Uint8Array, pitm: Box): number | null {
  const v = view(bytes);
  if (pitm.end - pitm.start < 6) return null;
  const version = bytes[pitm.start]!;
  // Version 0 names the item in 16 bits, later ones in 32: a payload too short for its version names none.
  if (version === 0) return v.getUint16(pitm.start + 4);
  return pitm.end - pitm.start < 8 ? null : v.getUint32(pitm.start + 4);
}

/** The 1-based ipco indices associated with an item. */
function associatedProperties(bytes: Uint8Array, ipma: Box, itemId: number): number[] {
  // Version and flags, then the entry count: an ipma without them (empty, or cut short) lists nothing.
  if (ipma.end - ipma.start < 8) return [];
  const v = view(bytes);
  const version = bytes[ipma.start]!;
  const flags = v.getUint32(ipma.start) & 0xffffff;
  let at = ipma.start + 4;
  const count = v.getUint32(at);
  at += 4;
  for (let i = 0; i < count; i++) {
    const idBytes = version < 1 ? 2 : 4;
    if (at + idBytes + 1 > ipma.end) return [];
    const id = version < 1 ? v.getUint16(at) : v.getUint32(at);
    at += idBytes;
    const associations = bytes[at]!;
    at += 1;
    const entryBytes = flags & 1 ? 2 : 1;
    const indices: number[] = [];
    for (let j = 0; j < associations; j++) {
      if (at + entryBytes > ipma.end) return [];
      indices.push(entryBytes === 2 ? v.getUint16(at) & 0x7fff : bytes[at]! & 0x7f);
      at += entryBytes;
    }
    if (id === itemId) return indices;
  }
  return [];
}

/**
 * The colour space the file's pixels are coded in, from the primary item's own `colr` properties: an ICC
 * profile (`prof`, `rICC`), which wins where it is usable, else code points (`nclx`). Another item's (a thumbnail's, a gain
 * map's) says nothing about the primary's pixels and is never taken. Null where the primary says nothing
 * the project can use, and the pixels are taken as sRGB. The decoder asks libheif first (heif-worker.ts),
 * which also follows a grid to its tiles; this is its fallback.
 */
export async function heifColourSpace(reader: ByteReader): Promise<RgbSpace | null> {
  const properties = await heifProperties(reader);
  if (!properties) return null;
  const colrs = properties.primary.filter((p) => p.type === 'colr' && p.payload.length >= 4);
  const icc = colrs.find((p) => ['prof', 'rICC'].includes(fourcc(p.payload, 0)));
  const fromIcc = icc ? parseIccProfile(icc.payload.subarray(4)) : null;
  if (fromIcc) return fromIcc;
  const coded = colrs.find((p) => fourcc(p.payload, 0) === 'nclx' && p.payload.length >= 10);
  if (!coded) return null;
  const v = view(coded.payload);
  return nclxSpace(v.getUint16(4), v.getUint16(6));
}

// ---------------------------------------------------------------- the Exif item

/** Largest Exif item read: a phone's is a few KB; the dates sit in its first IFDs in any case. */
const MAX_EXIF_BYTES = 1024 * 1024;

/** The ids of the items of a type, from iinf's infe entries (versions 2 and 3 carry the type). */
function itemsOfType(bytes: Uint8Array, iinf: Box, type: string): number[] {
  const v = view(bytes);
  if (iinf.end - iinf.start < 6) return [];
  const skip = 4 + (bytes[iinf.start] === 0 ? 2 : 4);
  const ids: number[] = [];
  for (const infe of boxes(bytes, iinf.start + skip, iinf.end)) {
    if (infe.type !== 'infe' || infe.end - infe.start < 4) continue;
    const version = bytes[infe.start]!;
    const idBytes = version === 2 ? 2 : version === 3 ? 4 : 0;
    if (idBytes === 0 || infe.start + 4 + idBytes + 2 + 4 > infe.end) continue;
    const id = idBytes === 2 ? v.getUint16(infe.start + 4) : v.getUint32(infe.start + 4);
    if (fourcc(bytes, infe.start + 4 + idBytes + 2) === type) ids.push(id);
  }
  return ids;
}

/** The items a `cdsc` reference says describe `itemId` (iref: from the metadata to the image). */
function describing(bytes: Uint8Array, iref: Box, itemId: number): number[] {
  const v = view(bytes);
  if (iref.end - iref.start < 4) return [];
  const idBytes = bytes[iref.start] === 0 ? 2 : 4;
  const read = (at: number) => (idBytes === 2 ? v.getUint16(at) : v.getUint32(at));
  const out: number[] = [];
  for (const reference of boxes(bytes, iref.start + 4, iref.end)) {
    if (reference.type !== 'cdsc' || reference.start + idBytes + 2 > reference.end) continue;
    const from = read(reference.start);
    const count = v.getUint16(reference.start + idBytes);
    for (let i = 0; i < count; i++) {
      const at = reference.start + idBytes + 2 + i * idBytes;
      if (at + idBytes > reference.end) break;
      if (read(at) === itemId) out.push(from);
    }
  }
  return out;
}

interface Extent {
  /** 0: offsets in the file; 1: offsets in the meta box's idat. */
  method: number;
  offset: number;
  length: number;
}

/** Where iloc puts an item's bytes; null where it does not list the item or says it in a form not read. */
function itemExtents(bytes: Uint8Array, iloc: Box, itemId: number): Extent[] | null {
  const v = view(bytes);
  if (iloc.end - iloc.start < 8) return null;
  const version = bytes[iloc.start]!;
  const sizes = bytes[iloc.start + 4]!;
  const more = bytes[iloc.start + 5]!;
  const [offsetSize, lengthSize, baseSize] = [sizes >> 4, sizes & 15, more >> 4];
  const indexSize = version >= 1 ? more & 15 : 0;
  let at = iloc.start + 6;
  // The next field of `size` bytes (0, 2, 4 or 8), or null past the box's end or in a size not defined.
  const next = (size: number): number | null => {
    if (at + size > iloc.end || ![0, 2, 4, 8].includes(size)) return null;
    const value =
      size === 0
        ? 0
        : size === 2
          ? v.getUint16(at)
          : size === 4
            ? v.getUint32(at)
            : Number(v.getBigUint64(at));
    at += size;
    return value;
  };
  const idSize = version < 2 ? 2 : 4;
  const count = next(idSize);
  if (count === null) return null;
  for (let i = 0; i < count; i++) {
    const id = next(idSize);
    const method = version >= 1 ? next(2) : 0;
    const base = next(2) === null ? null : next(baseSize); // data_reference_index, then the base offset
    const extentCount = next(2);
    if (id === null || method === null || base === null || extentCount === null) return null;
    const extents: Extent[] = [];
    for (let e = 0; e < extentCount; e++) {
      const index = next(indexSize);
      const [offset, length] = [next(offsetSize), next(lengthSize)];
      if (index === null || offset === null || length === null) return null;
      extents.push({ method: method & 15, offset: base + offset, length });
    }
    if (id === itemId) return extents;
  }
  return null;
}

/**
 * The TIFF block (the EXIF) of the primary item's Exif item: the Exif item that describes the primary
 * (iref `cdsc`), else the file's only one. Null where there is none or it cannot be read. The item's
 * payload starts with the offset of its TIFF header (four bytes, then usually 'Exif\0\0').
 */
export async function heifExif(reader: ByteReader): Promise<Uint8Array | null> {
  const meta = await readMeta(reader);
  const root = meta && boxes(meta, 0, meta.length).next().value;
  if (!meta || !root) return null;
  const [pitm, iinf, iloc, iref, idat] = ['pitm', 'iinf', 'iloc', 'iref', 'idat'].map((type) =>
    child(meta, root, type, 4),
  );
  if (!iinf || !iloc) return null;
  const exifItems = itemsOfType(meta, iinf, 'Exif');
  const primaryId = pitm ? primaryItemId(meta, pitm) : null;
  const ofPrimary = iref && primaryId !== null ? describing(meta, iref, primaryId) : [];
  const itemId =
    exifItems.find((id) => ofPrimary.includes(id)) ?? (exifItems.length === 1 ? exifItems[0] : undefined);
  if (itemId === undefined) return null;
  const extents = itemExtents(meta, iloc, itemId);
  if (!extents || extents.length === 0) return null;
  const total = extents.reduce((sum, extent) => sum + extent.length, 0);
  if (total < 12 || total > MAX_EXIF_BYTES) return null;
  const payload = new Uint8Array(total);
  let filled = 0;
  for (const { method, offset, length } of extents) {
    let part: Uint8Array;
    if (method === 0) part = await reader.read(offset, length);
    else if (method === 1 && idat) part = meta.subarray(idat.start + offset, idat.start + offset + length);
    else return null;
    if (part.length !== length) return null;
    payload.set(part, filled);
    filled += length;
  }
  const tiffAt = 4 + view(payload).getUint32(0);
  if (tiffAt + 8 > payload.length) return null;
  const tiff = payload.subarray(tiffAt);
  const order = String.fromCharCode(tiff[0]!, tiff[1]!);
  return order === 'II' || order === 'MM' ? tiff : null;
}
