import { describe, expect, it } from 'vitest';
import { atlasTexel, MAX_TITLE_LENGTH, parseCube } from '../../src/grading/cube.ts';
import { cubeTitle, writeCube } from '../../src/grading/cube-write.ts';

/** A table of 8-bit levels (k / 255), red fastest, from a seeded sequence: what the export writes. */
function levels(size: number, seed = 7): Float32Array {
  const values = new Float32Array(size ** 3 * 3);
  let state = seed;
  for (let i = 0; i < values.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    values[i] = (state % 256) / 255;
  }
  return values;
}

describe('writeCube', () => {
  it('writes a table the parser reads back as the same levels, red fastest', () => {
    const size = 33;
    const values = levels(size);
    const text = writeCube({ title: 'Party 2005', size, values });
    const cube = parseCube(text);
    expect(cube.size).toBe(size);
    expect(cube.title).toBe('Party 2005');
    expect(cube.domainMin).toEqual([0, 0, 0]);
    expect(cube.domainMax).toEqual([1, 1, 1]);
    let worst = 0;
    for (let i = 0; i < values.length; i++) {
      worst = Math.max(worst, Math.abs((cube.values[i] ?? -1) - (values[i] ?? 0)));
    }
    expect(worst).toBeLessThan(1e-6);
    // The atlas the lut stage reads holds each level exactly, at its lattice point: entry
    // r + N*g + N*N*b of the file is the output for (r, g, b).
    for (const [r, g, b] of [
      [0, 0, 0],
      [32, 0, 0],
      [0, 32, 0],
      [0, 0, 32],
      [5, 17, 29],
      [32, 32, 32],
    ] as const) {
      const i = (r + size * (g + size * b)) * 3;
      const expected = [0, 1, 2].map((c) => Math.round((values[i + c] ?? 0) * 255));
      expect(atlasTexel(cube.atlas, r, g, b)).toEqual(expected);
    }
  });

  it('begins with the title and LUT_3D_SIZE, and writes one line per entry', () => {
    const text = writeCube({ title: 'x', size: 2, values: levels(2) });
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('TITLE "x"');
    expect(lines).toContain('LUT_3D_SIZE 2');
    const table = lines.filter((line) => /^[\d.]+ [\d.]+ [\d.]+$/.test(line));
    expect(table).toHaveLength(8);
    expect(lines.slice(-8)).toEqual(table);
  });

  it('clamps values outside 0..1 and writes levels without trailing zeros', () => {
    const values = new Float32Array(8 * 3).fill(0.5);
    values.set([-0.2, 1.7, 128 / 255], 0);
    const text = writeCube({ title: 't', size: 2, values });
    expect(text).toContain('\n0 1 0.501961\n');
    expect(text).toContain('\n0.5 0.5 0.5\n');
  });

  it('keeps a title every reader takes: no quotes or line breaks, not too long', () => {
    expect(cubeTitle('My "best"\nlook')).toBe('My best look');
    expect(Array.from(cubeTitle('é'.repeat(500)))).toHaveLength(MAX_TITLE_LENGTH);
    const cube = parseCube(writeCube({ title: 'a "quoted"\r\ntitle', size: 2, values: levels(2) }));
    expect(cube.title).toBe('a quoted title');
  });

  it('refuses a size or a table it cannot write', () => {
    expect(() => writeCube({ title: '', size: 1, values: [0, 0, 0] })).toThrow(/points a side/);
    expect(() => writeCube({ title: '', size: 2, values: levels(3) })).toThrow(/needs 24 values/);
  });
});
