import { english } from '../../src/i18n/msg.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CubeFormatError,
  atlasTexel,
  cubeTooLargeMessage,
  MAX_CUBE_BYTES,
  MAX_CUBE_SIZE,
  MAX_TITLE_LENGTH,
  parseCube,
  shortTitle,
} from '../../src/grading/cube.ts';
import { lut } from '../reference/lut.ts';
import { maxAbsoluteError } from '../reference/metrics.ts';
import { fixturePath } from '../support/images.ts';
import { decodePng } from '../support/png.ts';

type Transform = (r: number, g: number, b: number) => [number, number, number];

/** A .cube text sampling a transform of the lattice coordinates (0..1), red fastest. */
function cubeText(size: number, transform: Transform, header: string[] = []): string {
  const lines = [...header, `LUT_3D_SIZE ${size}`];
  const step = 1 / (size - 1);
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) lines.push(transform(r * step, g * step, b * step).join(' '));
    }
  }
  return lines.join('\n') + '\n';
}

const identity: Transform = (r, g, b) => [r, g, b];
const level = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255);

function refusal(text: string): string {
  try {
    parseCube(text);
  } catch (error) {
    expect(error).toBeInstanceOf(CubeFormatError);
    expect(error).toBeInstanceOf(Error);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('.cube files', () => {
  const photo = decodePng(readFileSync(fixturePath('kodak/kodim03.png')));

  for (const size of [2, 17, 33, 65]) {
    it(`loads an identity of size ${size}, and applied on the CPU it returns the photo within 1 level`, () => {
      const cube = parseCube(cubeText(size, identity));
      expect(cube.size).toBe(size);
      expect(cube.values).toHaveLength(size ** 3 * 3);
      expect([cube.atlas.width, cube.atlas.height]).toEqual([size * size, size]);
      const last = size - 1;
      for (const [r, g, b] of [
        [0, 0, 0],
        [last, last, last],
        [last, 0, 1],
        [1, last, 0],
        [Math.floor(last / 2), 1, last],
      ] as const) {
        expect(atlasTexel(cube.atlas, r, g, b)).toEqual([level(r / last), level(g / last), level(b / last)]);
      }
      const output = lut(photo, { intensity: 1, size }, { lut: cube.atlas });
      expect(maxAbsoluteError(output, photo)).toBeLessThanOrEqual(1);
      // A 65-point table parsed and a photo run through it by the reference take seconds: more than
      // vitest's 5 s default when the machine's two cores are shared with a browser test run.
    }, 30_000);
  }

  it('places a known transform at the right lattice points, red fastest', () => {
    // Output (1 - b, r * r, (g + r) / 2): each axis ends up somewhere else.
    const transform: Transform = (r, g, b) => [1 - b, r * r, (g + r) / 2];
    const size = 17;
    const cube = parseCube(cubeText(size, transform));
    for (const [r, g, b] of [
      [3, 0, 0],
      [0, 5, 0],
      [0, 0, 7],
      [16, 2, 9],
      [4, 11, 13],
    ] as const) {
      const expected = transform(r / 16, g / 16, b / 16).map(level);
      expect(atlasTexel(cube.atlas, r, g, b), `${r},${g},${b}`).toEqual(expected);
    }
    const entry = 4 + 17 * (11 + 17 * 13);
    expect(cube.values[entry * 3 + 1]).toBeCloseTo((4 / 16) ** 2, 6);
  });

  it('reads titles, comments, blank lines, CRLF line ends, and clamps values outside 0..1', () => {
    const text = [
      '# made by a test',
      'TITLE "Warm # not a comment"',
      '',
      "LUT_1D_INPUT_RANGE 0 1 # another tool's keyword, ignored",
      '  LUT_3D_SIZE 2  ',
      '-0.2 0 0   # first entry, below 0',
      '',
      '1.3 0 0',
      '0 1 0',
      '\t1 1 0',
      '0 0 1',
      '1 0 1',
      '0 1 1',
      '1 1 1.0e0',
      '',
    ].join('\r\n');
    const cube = parseCube(text);
    expect(cube.title).toBe('Warm # not a comment');
    expect(cube.size).toBe(2);
    const table = ['LUT_3D_SIZE 2', ...Array.from({ length: 8 }, () => '0 0 0')].join('\n');
    // A megabyte of title is shown as its first characters, and quickly.
    const huge = parseCube(`TITLE "${'T'.repeat(2 ** 20)}"\n${table}`);
    expect(Array.from(huge.title ?? '')).toHaveLength(MAX_TITLE_LENGTH);
    expect(huge.title?.endsWith('…')).toBe(true);
    expect(parseCube(`TITLE ${'word '.repeat(100)}\n${table}`).title).toHaveLength(MAX_TITLE_LENGTH);
    expect(cube.values[0]).toBeCloseTo(-0.2, 6);
    expect(cube.values[3]).toBeCloseTo(1.3, 6);
    expect(atlasTexel(cube.atlas, 0, 0, 0)).toEqual([0, 0, 0]);
    expect(atlasTexel(cube.atlas, 1, 0, 0)).toEqual([255, 0, 0]);
    expect(atlasTexel(cube.atlas, 1, 1, 0)).toEqual([255, 255, 0]);
    expect(atlasTexel(cube.atlas, 0, 1, 1)).toEqual([0, 255, 255]);
    expect(parseCube(text.replace(/\r\n/g, '\r')).values).toEqual(cube.values);
  });

  it('rescales inputs into DOMAIN_MIN..DOMAIN_MAX', () => {
    // The table spans inputs 0..2 and outputs half its input: over 0..1 the atlas must hold x / 2.
    const size = 9;
    const text = cubeText(size, (r, g, b) => [r, g, b], ['DOMAIN_MIN 0 0 0', 'DOMAIN_MAX 2 2 2']);
    const cube = parseCube(text);
    expect(cube.domainMax).toEqual([2, 2, 2]);
    for (const [r, g, b] of [
      [8, 0, 4],
      [2, 6, 8],
    ] as const) {
      expect(atlasTexel(cube.atlas, r, g, b)).toEqual([level(r / 16), level(g / 16), level(b / 16)]);
    }
    // Resolve's form, with inputs below the domain clamped to its lower edge.
    const ranged = parseCube(cubeText(size, (r, g, b) => [r, g, b], ['LUT_3D_INPUT_RANGE 0.5 1']));
    expect(atlasTexel(ranged.atlas, 0, 2, 8)).toEqual([0, 0, 255]);
    expect(atlasTexel(ranged.atlas, 6, 6, 6)).toEqual([level(0.5), level(0.5), level(0.5)]);
  });

  it('refuses malformed files with a message for the user', () => {
    const good = cubeText(33, identity);
    const lines = good.trimEnd().split('\n');
    expect(refusal(lines.slice(0, -2).join('\n'))).toBe(
      'This .cube file has 35935 entries, expected 35937 for LUT_3D_SIZE 33.',
    );
    // One entry too many is refused at that line (the table and its keyword line come first).
    expect(refusal(`${good}0.5 0.5 0.5\n`)).toBe(
      'Line 35939 of this .cube file: more than the 35937 entries LUT_3D_SIZE 33 declares.',
    );
    expect(refusal(lines.slice(1).join('\n'))).toBe(
      'This .cube file has no LUT_3D_SIZE line before its table.',
    );
    expect(refusal('TITLE "empty"\n# nothing\n')).toBe('This .cube file has no LUT_3D_SIZE line.');
    expect(refusal('')).toBe('This .cube file has no LUT_3D_SIZE line.');
    expect(refusal(cubeText(2, identity).replace('LUT_3D_SIZE 2', 'LUT_3D_SIZE 1'))).toBe(
      'This .cube file has LUT_3D_SIZE 1; sizes from 2 to 65 are supported.',
    );
    expect(refusal('LUT_3D_SIZE 129\n')).toBe(
      'This .cube file has LUT_3D_SIZE 129; sizes from 2 to 65 are supported.',
    );
    expect(refusal('LUT_3D_SIZE 16.5\n')).toBe(
      'Line 1 of this .cube file: LUT_3D_SIZE must be one whole number, got ‘16.5’.',
    );
    expect(refusal('LUT_3D_SIZE big\n')).toBe(
      'Line 1 of this .cube file: LUT_3D_SIZE ‘big’ is not a number.',
    );
    expect(refusal(cubeText(2, identity).replace('\n1 0 0\n', '\n1 zero 0\n'))).toBe(
      'Line 3 of this .cube file: value ‘zero’ is not a number.',
    );
    expect(refusal(cubeText(2, identity).replace('\n1 0 0\n', '\nnan 0 0\n'))).toBe(
      'Line 3 of this .cube file: value ‘nan’ is not a number.',
    );
    expect(refusal(cubeText(2, identity).replace('\n1 0 0\n', '\n1 0\n'))).toBe(
      'Line 3 of this .cube file has 2 values; each entry needs 3 (red, green, blue).',
    );
    expect(refusal('TITLE "curve"\nLUT_1D_SIZE 1024\n0 0 0\n')).toBe(
      'This is a 1D .cube LUT (LUT_1D_SIZE); only 3D LUTs (LUT_3D_SIZE) are supported.',
    );
    expect(refusal(`${good}DOMAIN_MAX 1 1 1\n`)).toBe(
      'Line 35939 of this .cube file: ‘DOMAIN_MAX’ comes after the table has started; keywords must come first.',
    );
    expect(refusal(cubeText(2, identity, ['DOMAIN_MIN 0 0']))).toBe(
      'Line 1 of this .cube file: DOMAIN_MIN needs 3 numbers, got 2.',
    );
    expect(refusal(cubeText(2, identity, ['DOMAIN_MIN 1 0 0']))).toBe(
      'This .cube file has a DOMAIN_MAX that is not above its DOMAIN_MIN.',
    );
    expect(refusal(`LUT_3D_SIZE 2\n${good}`)).toBe('This .cube file has more than one LUT_3D_SIZE line.');
  });

  it('stops at the first entry past the declared size, without reading the rest', () => {
    // A valid 33-point table, then a million extra rows (the held-out check used 4.4 million): refused at
    // the first extra row, not after counting them all.
    const extra = '0.5 0.5 0.5\n'.repeat(1_000_000);
    expect(refusal(`${cubeText(33, identity)}${extra}`)).toBe(
      'Line 35939 of this .cube file: more than the 35937 entries LUT_3D_SIZE 33 declares.',
    );
  });

  it('has a size limit no supported table needs, with a message that says so', () => {
    // The largest table, written with ten digits a number, fits well within the limit.
    const lines = [`LUT_3D_SIZE ${MAX_CUBE_SIZE}`];
    const row = Array.from({ length: 3 }, () => (1 / 3).toFixed(10)).join(' ');
    for (let i = 0; i < MAX_CUBE_SIZE ** 3; i++) lines.push(row);
    const largest = `${lines.join('\n')}\n`;
    expect(largest.length).toBeLessThan(MAX_CUBE_BYTES * 0.8);
    expect(parseCube(largest).size).toBe(MAX_CUBE_SIZE);
    expect(english(cubeTooLargeMessage(50 * 1024 * 1024))).toBe(
      'This .cube file is too large (50.0 MB). The largest LUT supported (LUT_3D_SIZE 65) fits in 16 MB.',
    );
  });
});

describe('shortTitle', () => {
  it('keeps a short title, folds control characters and runs of spaces, and cuts a long one', () => {
    expect(shortTitle('Warm  film\u0007\u202E look ')).toBe('Warm film look');
    expect(shortTitle('x'.repeat(MAX_TITLE_LENGTH))).toBe('x'.repeat(MAX_TITLE_LENGTH));
    expect(shortTitle('x'.repeat(MAX_TITLE_LENGTH + 1))).toBe(`${'x'.repeat(MAX_TITLE_LENGTH - 1)}…`);
    expect(Array.from(shortTitle('📷'.repeat(100)))).toHaveLength(MAX_TITLE_LENGTH);
  });
});
