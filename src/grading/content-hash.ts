/**
 * A name for a text by its content: two FNV-1a hashes of its UTF-16 code units (32 bits each, with
 * different offsets), as 16 hex digits. The edit names a user's .cube file by it, so that two steps
 * with two files each keep their own table, and the same file loaded twice is one table. Synchronous,
 * so that a recipe file is read in one pass; not for secrets.
 */
export function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x0100019d);
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `${hex(a)}${hex(b)}`;
}
