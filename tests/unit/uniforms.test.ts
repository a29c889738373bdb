import { describe, expect, it } from 'vitest';
import { layoutUniforms, packUniforms, type UniformTable } from '../../src/pipeline/uniforms.ts';

describe('uniform packing with WGSL alignment', () => {
  it('packs scalars at 4-byte steps and pads the block to 16 bytes', () => {
    const table: UniformTable = [
      { name: 'a', type: 'f32' },
      { name: 'b', type: 'u32' },
      { name: 'c', type: 'i32' },
    ];
    const layout = layoutUniforms(table);
    expect(layout.fields.map((f) => f.offset)).toEqual([0, 4, 8]);
    expect(layout.byteLength).toBe(16);
    const view = new DataView(packUniforms(table, { a: 1.5, b: 4000000000, c: -7 }));
    expect(view.getFloat32(0, true)).toBe(1.5);
    expect(view.getUint32(4, true)).toBe(4000000000);
    expect(view.getInt32(8, true)).toBe(-7);
  });

  it('aligns vec2 to 8, vec3 and vec4 to 16, and lets a scalar fill the slot after a vec3', () => {
    const table: UniformTable = [
      { name: 's', type: 'f32' },
      { name: 'v2', type: 'vec2f' },
      { name: 'v3', type: 'vec3f' },
      { name: 't', type: 'f32' },
      { name: 'u', type: 'f32' },
      { name: 'v4', type: 'vec4f' },
    ];
    const layout = layoutUniforms(table);
    expect(layout.fields.map((f) => [f.field.name, f.offset])).toEqual([
      ['s', 0],
      ['v2', 8],
      ['v3', 16],
      ['t', 28],
      ['u', 32],
      ['v4', 48],
    ]);
    expect(layout.byteLength).toBe(64);
    const view = new DataView(
      packUniforms(table, { s: 1, v2: [2, 3], v3: [4, 5, 6], t: 7, u: 8, v4: [9, 10, 11, 12] }),
    );
    expect([8, 12, 16, 20, 24, 28, 32, 48, 60].map((o) => view.getFloat32(o, true))).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 12,
    ]);
  });

  it('gives arrays of vec4 a 16-byte stride starting on a 16-byte boundary', () => {
    const table: UniformTable = [
      { name: 'n', type: 'f32' },
      { name: 'weights', type: 'vec4fArray', length: 2 },
    ];
    const layout = layoutUniforms(table);
    expect(layout.fields[1]?.offset).toBe(16);
    expect(layout.byteLength).toBe(48);
    const view = new DataView(packUniforms(table, { n: 1, weights: [1, 2, 3, 4, 5, 6, 7, 8] }));
    expect(view.getFloat32(32, true)).toBe(5);
  });

  it('refuses missing values, wrong component counts and non-finite numbers', () => {
    const table: UniformTable = [{ name: 'v', type: 'vec2f' }];
    expect(() => packUniforms(table, {})).toThrow(/no value/);
    expect(() => packUniforms(table, { v: [1] })).toThrow(/2 component/);
    expect(() => packUniforms(table, { v: [1, NaN] })).toThrow(/not finite/);
  });

  it('gives an empty table a minimal 16-byte block', () => {
    expect(layoutUniforms([]).byteLength).toBe(16);
  });
});
