/**
 * Adobe .cube 3D LUTs (Cube LUT Specification 1.0): parsed from text into the RGBA8 atlas of the `lut`
 * stage (src/grading/lut-atlas.ts). Worker-safe; no DOM.
 *
 * Accepted: `LUT_3D_SIZE N` (N from 2 to 65), optional `TITLE "..."`, `DOMAIN_MIN r g b` and
 * `DOMAIN_MAX r g b` (or Resolve's `LUT_3D_INPUT_RANGE min max`), comments from `#`, blank lines, then
 * N^3 lines of three numbers with red changing fastest, then green, then blue. Output values may lie
 * outside 0..1; the atlas clamps them. Other keywords before the table (vendor extensions) are ignored.
 */
import { decimal, msg, MessageError, type Message } from '../i18n/msg.ts';
import {
  CUBE_DOMAIN_COUNT_TEMPLATE,
  CUBE_ENTRIES_TEMPLATE,
  CUBE_ENTRY_COUNT_TEMPLATE,
  CUBE_KEYWORD_AFTER_TABLE_TEMPLATE,
  CUBE_KEYWORD_NOT_NUMBER_TEMPLATE,
  CUBE_RANGE_COUNT_TEMPLATE,
  CUBE_SIZE_NOT_WHOLE_TEMPLATE,
  CUBE_SIZE_RANGE_TEMPLATE,
  CUBE_TOO_LARGE_TEMPLATE,
  CUBE_TOO_MANY_ENTRIES_TEMPLATE,
  CUBE_VALUE_NOT_NUMBER_TEMPLATE,
} from '../i18n/templates.ts';
import { atlasOffset, createAtlas, setAtlasPoint, type LutAtlas } from './lut-atlas.ts';

export const MIN_CUBE_SIZE = 2;
/** 65 is the largest common size; a 65-point atlas is 4225 x 65 texels. */
export const MAX_CUBE_SIZE = 65;

/**
 * No supported table needs a larger file: 65^3 lines of three numbers are about 11 MB even written with
 * ten digits each. A larger file is refused before it is read.
 */
export const MAX_CUBE_BYTES = 16 * 1024 * 1024;

export function cubeTooLargeMessage(bytes: number): Message {
  return msg(CUBE_TOO_LARGE_TEMPLATE, {
    size: decimal(bytes / (1024 * 1024), 1),
    largest: MAX_CUBE_SIZE,
    limit: MAX_CUBE_BYTES / (1024 * 1024),
  });
}

/**
 * A .cube file that cannot be used; `shown` says why for the user (a catalogue message, or a template of
 * `src/i18n/templates.ts` with its values), translated where it is shown.
 */
export class CubeFormatError extends MessageError {
  override readonly name = 'CubeFormatError';
}

export interface CubeLut {
  /** The TITLE, or null when the file has none. */
  readonly title: string | null;
  readonly size: number;
  readonly domainMin: readonly [number, number, number];
  readonly domainMax: readonly [number, number, number];
  /** The table as written, N^3 RGB triples, red fastest: entry r + N*g + N*N*b. */
  readonly values: Float32Array;
  /** The table as the `lut` stage reads it, sampled over inputs 0..1 through the domain. */
  readonly atlas: LutAtlas;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// Keywords are upper case; anything else on a line of its own is taken as (malformed) table data.
const KEYWORD = /^[A-Z][A-Z0-9_]*$/;

/** The tokens as numbers; `what` is the keyword they follow, null for a table entry's values. */
function numbers(tokens: readonly string[], line: number, what: string | null): number[] {
  return tokens.map((token) => {
    if (!NUMBER.test(token)) {
      throw new CubeFormatError(
        what === null
          ? msg(CUBE_VALUE_NOT_NUMBER_TEMPLATE, { line, token })
          : msg(CUBE_KEYWORD_NOT_NUMBER_TEMPLATE, { line, keyword: what, token }),
      );
    }
    return Number(token);
  });
}

/** The longest TITLE kept, in characters: it is shown in a notification and the sidebar. */
export const MAX_TITLE_LENGTH = 60;

/**
 * A TITLE as shown: control characters and runs of spaces made one space, and cut at MAX_TITLE_LENGTH
 * with an ellipsis: a file may carry a TITLE of any length, and laying out a long one blocks the page.
 */
export function shortTitle(raw: string): string {
  const head = raw.slice(0, MAX_TITLE_LENGTH * 4);
  const clean = head.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim();
  const characters = Array.from(clean);
  if (characters.length <= MAX_TITLE_LENGTH && head.length === raw.length) return clean;
  return `${characters
    .slice(0, MAX_TITLE_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

export function parseCube(text: string): CubeLut {
  let title: string | null = null;
  let size: number | null = null;
  let domainMin: [number, number, number] = [0, 0, 0];
  let domainMax: [number, number, number] = [1, 1, 1];
  let values: Float32Array | null = null;
  let entries = 0;
  const lines = text.split(/\r\n|\r|\n/);

  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    let line = (lines[index] ?? '').trim();
    const titleMatch = /^TITLE\s+"([^"]*)"/.exec(line);
    if (titleMatch) {
      title = shortTitle(titleMatch[1] ?? '');
      continue;
    }
    const hash = line.indexOf('#');
    if (hash >= 0) line = line.slice(0, hash).trim();
    if (line === '') continue;
    const tokens = line.split(/\s+/);
    const first = tokens[0] ?? '';

    if (KEYWORD.test(first)) {
      if (entries > 0) {
        throw new CubeFormatError(
          msg(CUBE_KEYWORD_AFTER_TABLE_TEMPLATE, { line: lineNumber, keyword: first }),
        );
      }
      const args = tokens.slice(1);
      switch (first) {
        case 'TITLE':
          title = shortTitle(args.join(' '));
          break;
        case 'LUT_1D_SIZE':
          throw new CubeFormatError(
            msg('This is a 1D .cube LUT (LUT_1D_SIZE); only 3D LUTs (LUT_3D_SIZE) are supported.'),
          );
        case 'LUT_3D_SIZE': {
          if (size !== null)
            throw new CubeFormatError(msg('This .cube file has more than one LUT_3D_SIZE line.'));
          const [n] = numbers(args.slice(0, 1), lineNumber, 'LUT_3D_SIZE');
          if (args.length !== 1 || n === undefined || !Number.isInteger(n)) {
            throw new CubeFormatError(
              msg(CUBE_SIZE_NOT_WHOLE_TEMPLATE, { line: lineNumber, value: args.join(' ') }),
            );
          }
          if (n < MIN_CUBE_SIZE || n > MAX_CUBE_SIZE) {
            throw new CubeFormatError(
              msg(CUBE_SIZE_RANGE_TEMPLATE, { size: n, min: MIN_CUBE_SIZE, max: MAX_CUBE_SIZE }),
            );
          }
          size = n;
          values = new Float32Array(n * n * n * 3);
          break;
        }
        case 'DOMAIN_MIN':
        case 'DOMAIN_MAX': {
          const triple = numbers(args, lineNumber, first);
          if (triple.length !== 3) {
            throw new CubeFormatError(
              msg(CUBE_DOMAIN_COUNT_TEMPLATE, { line: lineNumber, keyword: first, count: triple.length }),
            );
          }
          const value = triple as [number, number, number];
          if (first === 'DOMAIN_MIN') domainMin = value;
          else domainMax = value;
          break;
        }
        case 'LUT_3D_INPUT_RANGE': {
          const range = numbers(args, lineNumber, first);
          const [low = 0, high = 1] = range;
          if (range.length !== 2) {
            throw new CubeFormatError(
              msg(CUBE_RANGE_COUNT_TEMPLATE, { line: lineNumber, count: range.length }),
            );
          }
          domainMin = [low, low, low];
          domainMax = [high, high, high];
          break;
        }
        default:
          // Keywords of other tools (LUT_1D_INPUT_RANGE, LUT_IN_VIDEO_RANGE, ...) do not change the table.
          break;
      }
      continue;
    }

    if (size === null || values === null) {
      throw new CubeFormatError(msg('This .cube file has no LUT_3D_SIZE line before its table.'));
    }
    const rgb = numbers(tokens, lineNumber, null);
    if (rgb.length !== 3) {
      throw new CubeFormatError(msg(CUBE_ENTRY_COUNT_TEMPLATE, { line: lineNumber, count: rgb.length }));
    }
    // Stop at the first entry past the table's declared size, rather than read on through the rest.
    if (entries >= size ** 3) {
      throw new CubeFormatError(
        msg(CUBE_TOO_MANY_ENTRIES_TEMPLATE, { line: lineNumber, entries: size ** 3, size }),
      );
    }
    values.set(rgb, entries * 3);
    entries++;
  }

  if (size === null || values === null) {
    throw new CubeFormatError(msg('This .cube file has no LUT_3D_SIZE line.'));
  }
  if (entries !== size ** 3) {
    throw new CubeFormatError(msg(CUBE_ENTRIES_TEMPLATE, { entries, expected: size ** 3, size }));
  }
  for (let c = 0; c < 3; c++) {
    if (!((domainMax[c] ?? 1) > (domainMin[c] ?? 0))) {
      throw new CubeFormatError(msg('This .cube file has a DOMAIN_MAX that is not above its DOMAIN_MIN.'));
    }
  }
  return { title, size, domainMin, domainMax, values, atlas: bakeCube(size, values, domainMin, domainMax) };
}

function bakeCube(
  size: number,
  values: Float32Array,
  domainMin: readonly [number, number, number],
  domainMax: readonly [number, number, number],
): LutAtlas {
  const atlas = createAtlas(size);
  const plainDomain = domainMin.every((v) => v === 0) && domainMax.every((v) => v === 1);
  if (plainDomain) {
    // The lattices coincide: copy, red fastest in the file, blue slices side by side in the atlas.
    for (let b = 0; b < size; b++) {
      for (let g = 0; g < size; g++) {
        for (let r = 0; r < size; r++) {
          const i = (r + size * (g + size * b)) * 3;
          setAtlasPoint(atlas, r, g, b, [values[i] ?? 0, values[i + 1] ?? 0, values[i + 2] ?? 0]);
        }
      }
    }
    return atlas;
  }
  // The file's lattice spans its domain: sample it (trilinearly, in float) at the atlas's inputs 0..1,
  // clamping inputs outside the domain to its edge as the specification says.
  const last = size - 1;
  const at = (r: number, g: number, b: number, c: number) => values[(r + size * (g + size * b)) * 3 + c] ?? 0;
  const cell = (v: number, c: number) => {
    const t = Math.min(
      1,
      Math.max(0, (v - (domainMin[c] ?? 0)) / ((domainMax[c] ?? 1) - (domainMin[c] ?? 0))),
    );
    const position = t * last;
    const i = Math.min(Math.floor(position), last - 1);
    return [i, position - i] as const;
  };
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) {
        const [ri, rf] = cell(r / last, 0);
        const [gi, gf] = cell(g / last, 1);
        const [bi, bf] = cell(b / last, 2);
        const out: [number, number, number] = [0, 0, 0];
        for (let c = 0; c < 3; c++) {
          const lerp = (x: number, y: number, t: number) => x + (y - x) * t;
          const plane = (bb: number) =>
            lerp(
              lerp(at(ri, gi, bb, c), at(ri + 1, gi, bb, c), rf),
              lerp(at(ri, gi + 1, bb, c), at(ri + 1, gi + 1, bb, c), rf),
              gf,
            );
          out[c] = lerp(plane(bi), plane(bi + 1), bf);
        }
        setAtlasPoint(atlas, r, g, b, out);
      }
    }
  }
  return atlas;
}

/** The atlas texel of lattice point (r, g, b) as 8-bit RGB, for tests and tools. */
export function atlasTexel(atlas: LutAtlas, r: number, g: number, b: number): [number, number, number] {
  const offset = atlasOffset(atlas.size, r, g, b);
  return [atlas.data[offset] ?? 0, atlas.data[offset + 1] ?? 0, atlas.data[offset + 2] ?? 0];
}
