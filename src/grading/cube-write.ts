/**
 * Writes Adobe .cube 3D LUTs (Cube LUT Specification 1.0), the counterpart of the parser in cube.ts: a
 * title, `LUT_3D_SIZE N`, the domain 0..1, then N^3 lines of red, green and blue with red changing
 * fastest, then green, then blue. Worker-safe; no DOM.
 */
import { MAX_CUBE_SIZE, MAX_TITLE_LENGTH, MIN_CUBE_SIZE } from './cube.ts';

export interface CubeTable {
  /** Written as the TITLE line; cut and cleaned so that every reader takes it. */
  readonly title: string;
  readonly size: number;
  /** N^3 RGB triples, red fastest: entry r + N*g + N*N*b, each 0..1 (clamped when written). */
  readonly values: ArrayLike<number>;
}

/**
 * A title as a TITLE line can hold it: no double quotes (the line ends at one) and no line breaks or
 * other control characters, at most MAX_TITLE_LENGTH characters.
 */
export function cubeTitle(raw: string): string {
  const clean = raw
    .replace(/[\p{Cc}\p{Cf}"\s]+/gu, ' ')
    .trim()
    .slice(0, MAX_TITLE_LENGTH * 4);
  return Array.from(clean).slice(0, MAX_TITLE_LENGTH).join('').trim();
}

/**
 * One value: six decimals, so that an 8-bit level (k / 255) reads back as the same level, with the
 * trailing zeros left off.
 */
function number(value: number): string {
  const clamped = value > 0 ? Math.min(1, value) : 0;
  if (clamped === 0 || clamped === 1) return String(clamped);
  return clamped.toFixed(6).replace(/\.?0+$/, '');
}

export function writeCube(table: CubeTable): string {
  const { size, values } = table;
  if (!Number.isInteger(size) || size < MIN_CUBE_SIZE || size > MAX_CUBE_SIZE) {
    throw new Error(`A .cube LUT has ${MIN_CUBE_SIZE} to ${MAX_CUBE_SIZE} points a side, not ${size}`);
  }
  const entries = size ** 3;
  if (values.length !== entries * 3) {
    throw new Error(`A ${size}-point .cube needs ${entries * 3} values, got ${values.length}`);
  }
  const lines = [
    `TITLE "${cubeTitle(table.title)}"`,
    '# Made by RetroCam',
    `LUT_3D_SIZE ${size}`,
    'DOMAIN_MIN 0 0 0',
    'DOMAIN_MAX 1 1 1',
  ];
  for (let i = 0; i < entries; i++) {
    lines.push(
      `${number(values[i * 3] ?? 0)} ${number(values[i * 3 + 1] ?? 0)} ${number(values[i * 3 + 2] ?? 0)}`,
    );
  }
  return lines.join('\n') + '\n';
}
