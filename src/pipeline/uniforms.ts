/**
 * A stage's uniform table and its packing into bytes.
 *
 * One layout serves both backends: WGSL's uniform address-space rules and GLSL's std140 agree for the
 * types allowed here (scalars, 2/3/4-vectors and arrays of vec4), so the same buffer feeds a WGSL
 * `var<uniform> params: Params` and a GLSL `layout(std140) uniform Params` block.
 */

export type UniformType = 'f32' | 'i32' | 'u32' | 'vec2f' | 'vec3f' | 'vec4f' | 'vec2i' | 'vec4fArray';

export interface UniformField {
  readonly name: string;
  readonly type: UniformType;
  /** Element count, for `vec4fArray` only. */
  readonly length?: number;
  /** What the value means, for a stage whose params are its uniforms (UniformParams). */
  readonly doc?: string;
}

export type UniformTable = readonly UniformField[];

/** The TypeScript value of a uniform of this type. */
type UniformTypeValue<T extends UniformType> = T extends 'vec2f' | 'vec2i'
  ? readonly [number, number]
  : T extends 'vec3f'
    ? readonly [number, number, number]
    : T extends 'vec4f'
      ? readonly [number, number, number, number]
      : T extends 'vec4fArray'
        ? readonly number[]
        : number;

/**
 * The params of a stage that takes its uniforms as they are (vibrance, noise), derived from its table
 * (declared `as const`): each name once, in the table, the shaders and here by derivation.
 */
export type UniformParams<T extends UniformTable> = {
  readonly [F in T[number] as F['name']]: UniformTypeValue<F['type']>;
};

export type UniformValue = number | readonly number[];
export type UniformValues = Readonly<Record<string, UniformValue>>;

interface TypeLayout {
  align: number;
  size: number;
  components: number;
  kind: 'f' | 'i' | 'u';
}

const LAYOUTS: Record<Exclude<UniformType, 'vec4fArray'>, TypeLayout> = {
  f32: { align: 4, size: 4, components: 1, kind: 'f' },
  i32: { align: 4, size: 4, components: 1, kind: 'i' },
  u32: { align: 4, size: 4, components: 1, kind: 'u' },
  vec2f: { align: 8, size: 8, components: 2, kind: 'f' },
  vec2i: { align: 8, size: 8, components: 2, kind: 'i' },
  vec3f: { align: 16, size: 12, components: 3, kind: 'f' },
  vec4f: { align: 16, size: 16, components: 4, kind: 'f' },
};

/** The WGSL spelling of each type, as the shader contract test expects to find it. */
export const WGSL_TYPE: Record<UniformType, string> = {
  f32: 'f32',
  i32: 'i32',
  u32: 'u32',
  vec2f: 'vec2f',
  vec2i: 'vec2i',
  vec3f: 'vec3f',
  vec4f: 'vec4f',
  vec4fArray: 'array<vec4f,N>',
};

/** The GLSL ES 3.00 spelling of each type. */
export const GLSL_TYPE: Record<UniformType, string> = {
  f32: 'float',
  i32: 'int',
  u32: 'uint',
  vec2f: 'vec2',
  vec2i: 'ivec2',
  vec3f: 'vec3',
  vec4f: 'vec4',
  vec4fArray: 'vec4[N]',
};

/**
 * The WGSL `struct Params` of a table, generated: a stage's WGSL file declares only its binding
 * (`var<uniform> params: Params`), and the loader (src/engine/shader-sources.ts) prepends this.
 * Empty for a stage without uniforms.
 */
export function wgslParamsStruct(table: UniformTable): string {
  if (table.length === 0) return '';
  const fields = table.map(
    (f) => `  ${f.name}: ${f.type === 'vec4fArray' ? `array<vec4f, ${f.length ?? 0}>` : WGSL_TYPE[f.type]},`,
  );
  return `struct Params {\n${fields.join('\n')}\n}\n`;
}

/** The GLSL `uniform Params` block of a table (std140, the layout packUniforms writes), generated likewise. */
export function glslParamsBlock(table: UniformTable): string {
  if (table.length === 0) return '';
  const fields = table.map((f) =>
    f.type === 'vec4fArray' ? `  vec4 ${f.name}[${f.length ?? 0}];` : `  ${GLSL_TYPE[f.type]} ${f.name};`,
  );
  return `layout(std140) uniform Params {\n${fields.join('\n')}\n};\n`;
}

export interface FieldOffset {
  readonly field: UniformField;
  readonly offset: number;
  readonly size: number;
}

export interface UniformLayout {
  readonly fields: readonly FieldOffset[];
  /** Total size, rounded up to 16 bytes (the uniform struct alignment both languages require). */
  readonly byteLength: number;
}

function roundUp(value: number, multiple: number): number {
  return Math.ceil(value / multiple) * multiple;
}

export function layoutUniforms(table: UniformTable): UniformLayout {
  let offset = 0;
  const fields: FieldOffset[] = [];
  for (const field of table) {
    if (field.type === 'vec4fArray') {
      const length = field.length ?? 0;
      if (!Number.isInteger(length) || length < 1) {
        throw new Error(`Uniform ${field.name}: a vec4fArray needs a positive length`);
      }
      offset = roundUp(offset, 16);
      fields.push({ field, offset, size: 16 * length });
      offset += 16 * length;
      continue;
    }
    const layout = LAYOUTS[field.type];
    offset = roundUp(offset, layout.align);
    fields.push({ field, offset, size: layout.size });
    offset += layout.size;
  }
  return { fields, byteLength: Math.max(16, roundUp(offset, 16)) };
}

function componentsOf(field: UniformField): { count: number; kind: 'f' | 'i' | 'u' } {
  if (field.type === 'vec4fArray') return { count: 4 * (field.length ?? 0), kind: 'f' };
  const layout = LAYOUTS[field.type];
  return { count: layout.components, kind: layout.kind };
}

/**
 * Packs values by the table. Every field must be given, with the right number of components:
 * a missing or misshapen uniform is a programming error, not something to paper over with zeros.
 */
export function packUniforms(table: UniformTable, values: UniformValues, layout = layoutUniforms(table)) {
  const buffer = new ArrayBuffer(layout.byteLength);
  const view = new DataView(buffer);
  for (const { field, offset } of layout.fields) {
    const value = values[field.name];
    if (value === undefined) throw new Error(`Uniform ${field.name} has no value`);
    const list = typeof value === 'number' ? [value] : value;
    const { count, kind } = componentsOf(field);
    if (list.length !== count) {
      throw new Error(`Uniform ${field.name} expects ${count} component(s), got ${list.length}`);
    }
    list.forEach((component, i) => {
      if (!Number.isFinite(component)) throw new Error(`Uniform ${field.name} is not finite`);
      const at = offset + 4 * i;
      if (kind === 'f') view.setFloat32(at, component, true);
      else if (kind === 'i') view.setInt32(at, Math.trunc(component), true);
      else view.setUint32(at, Math.trunc(component) >>> 0, true);
    });
  }
  return buffer;
}

/** The values a packed buffer holds, by the table: what a shader reads (the CPU backend's kernels read them so). */
export function unpackUniforms(
  table: UniformTable,
  buffer: ArrayBuffer,
  layout = layoutUniforms(table),
): Record<string, number | number[]> {
  const view = new DataView(buffer);
  const values: Record<string, number | number[]> = {};
  for (const { field, offset } of layout.fields) {
    const { count, kind } = componentsOf(field);
    const list: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = offset + 4 * i;
      list.push(
        kind === 'f'
          ? view.getFloat32(at, true)
          : kind === 'i'
            ? view.getInt32(at, true)
            : view.getUint32(at, true),
      );
    }
    values[field.name] = count === 1 && field.type !== 'vec4fArray' ? (list[0] as number) : list;
  }
  return values;
}
