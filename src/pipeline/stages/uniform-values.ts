import type { UniformParams, UniformTable, UniformValue } from '../uniforms.ts';
import type { Region } from './types.ts';

/**
 * The uniforms a stage's table may declare that the region gives: where the input lies in the whole
 * image (see Region), for the stages that measure positions there.
 */
export interface RegionUniforms {
  /** The input's top-left texel, in pixels of the whole image. */
  readonly origin: readonly [number, number];
  /** The whole image's width and height. */
  readonly fullSize: readonly [number, number];
}

export function regionUniforms(region: Region): RegionUniforms {
  return { origin: [region.x, region.y], fullSize: [region.fullWidth, region.fullHeight] };
}

/**
 * The names of the uniforms (U, a table's UniformParams) that come without the stage writing them: a
 * param of P of the same name whose type is the uniform's (an optional param is not: it needs a default),
 * and the region's uniforms of the uniform's type.
 */
type GivenNames<P, U> = {
  [K in keyof U]-?: K extends keyof P
    ? P[K] extends U[K]
      ? K
      : never
    : K extends keyof RegionUniforms
      ? RegionUniforms[K] extends U[K]
        ? K
        : never
      : never;
}[keyof U];

/** The names of the uniforms a stage must write itself for params P: those not given. */
export type DerivedNames<P, T extends UniformTable> = Exclude<
  keyof UniformParams<T>,
  GivenNames<P, UniformParams<T>>
>;

/**
 * What a stage writes of its table's uniforms for params P: every uniform that is not given (by a param
 * of that name or by the region), and any given one it derives otherwise (clamped, defaulted, scaled),
 * which takes the place of the given value.
 */
export type DerivedUniforms<P, T extends UniformTable> = Pick<UniformParams<T>, DerivedNames<P, T>> &
  Partial<UniformParams<T>>;

/**
 * The field of a stage's description that says what it derives (F, a function returning DerivedUniforms):
 * optional where every uniform has a source (its params are its uniforms), required where one has none.
 */
export type ValuesField<P, T extends UniformTable, F> = [DerivedNames<P, T>] extends [never]
  ? { readonly values?: F }
  : { readonly values: F };

/**
 * The values of a stage's uniforms, by its table: what the stage derives, else the param of the same
 * name, else the region's (`origin`, `fullSize`). So a stage writes only what it works out; a param that
 * is its uniform as it is passes through by name. Types (GivenNames) make sure every uniform has a source;
 * packUniforms still throws for one without a value.
 */
export function stageUniforms<P extends object, T extends UniformTable>(
  table: T,
  params: P,
  region: Region,
  derived: DerivedUniforms<P, T>,
): UniformParams<T> {
  const sources: readonly object[] = [derived, params, regionUniforms(region)];
  const values: Record<string, UniformValue> = {};
  for (const { name } of table)
    for (const source of sources) {
      const value = valueOf(source, name);
      if (value === undefined) continue;
      values[name] = value;
      break;
    }
  // Every name of the table is filled in, by the types above (packUniforms checks it again).
  return values as UniformParams<T>;
}

function valueOf(source: object, name: string): UniformValue | undefined {
  return (source as Readonly<Record<string, UniformValue | undefined>>)[name];
}
