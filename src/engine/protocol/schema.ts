/**
 * What a protocol is written in: one table per direction, one entry per message type, each entry its
 * fields' runtime guards and, for a request, the type of the message that answers it. The TypeScript
 * types, the guards and the set of answered requests are derived from the tables (src/engine/protocol.ts),
 * never written again. Worker-safe: no DOM, no React.
 */

/** Checks a field at runtime; its type is what the field's type is derived from. */
export type Guard<T> = (value: unknown) => value is T;

/** A field that may be absent (undefined); present, it must pass its guard. */
export type Optional<T> = Guard<T | undefined> & { readonly optional: true };

/** Every message may carry an id: a request's, which its reply (or its progress, or its error) repeats. */
export type RequestId = number;

type Fields = Readonly<Record<string, Guard<unknown>>>;

type GuardType<G> = G extends Guard<infer T> ? T : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The fields' types: an Optional field becomes an optional property. */
export type FieldTypes<F> = Simplify<
  { -readonly [K in keyof F as F[K] extends Optional<unknown> ? never : K]: GuardType<F[K]> } & {
    -readonly [K in keyof F as F[K] extends Optional<unknown> ? K : never]?: Exclude<
      GuardType<F[K]>,
      undefined
    >;
  }
>;

/** One message type: its fields, what answers it (requests only), and a check across fields. */
export interface MessageSpec<F extends Fields = Fields, R extends string = string> {
  readonly fields: F;
  /** The type of the message that answers it; absent: nothing answers it (an error may, if it fails). */
  readonly reply?: R;
  /** The type of the messages that report its progress before the reply (they carry its id too). */
  readonly progress?: string;
  /** What the field guards cannot say alone (a length that depends on two fields). */
  readonly check?: (message: never) => boolean;
}

/** A protocol's messages in one direction, by type. */
export type MessageTable = Readonly<Record<string, MessageSpec>>;

/** The message of type `K` of a table, as it travels: its type, its id when it has one, its fields. */
export type MessageOf<T extends MessageTable, K extends keyof T & string> = Simplify<
  { type: K; id?: RequestId } & FieldTypes<T[K]['fields']>
>;

/** Every message of a table, as a union discriminated by `type`. */
export type MessageUnion<T extends MessageTable> = { [K in keyof T & string]: MessageOf<T, K> }[keyof T &
  string];

/** The types of a table's messages that are answered. */
export type AnsweredType<T extends MessageTable> = {
  [K in keyof T & string]: T[K] extends { reply: string } ? K : never;
}[keyof T & string];

/** The type of the message that answers request `K`. */
export type ReplyType<T extends MessageTable, K extends keyof T> = K extends keyof T
  ? T[K] extends { reply: infer R extends string }
    ? R
    : never
  : never;

/** A message with no reply. */
export function message<const F extends Fields>(
  fields: F,
  check?: (message: FieldTypes<F>) => boolean,
): { fields: F; check?: (message: never) => boolean } {
  return check ? { fields, check: check } : { fields };
}

/** A request: answered by a message of type `reply` with its id (or by an error with its id). */
export function request<const F extends Fields, const R extends string>(
  fields: F,
  reply: R,
  progress?: string,
): { fields: F; reply: R; progress?: string } {
  return progress ? { fields, reply, progress } : { fields, reply };
}

// ---------------------------------------------------------------- guards the tables are written in

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
export const isNumber = (value: unknown): value is number => typeof value === 'number';
export function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
export const isBlob = (value: unknown): value is Blob => value instanceof Blob;

/** A JPEG quality: above 0, at most 1. */
export const isQuality = (value: unknown): value is number =>
  typeof value === 'number' && value > 0 && value <= 1;

export function optional<T>(guard: Guard<T>): Optional<T> {
  const check = (value: unknown): value is T | undefined => value === undefined || guard(value);
  return Object.assign(check, { optional: true as const });
}

export function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}

export function oneOf<const V extends readonly (string | number | boolean)[]>(values: V): Guard<V[number]> {
  return (value): value is V[number] => (values as readonly unknown[]).includes(value);
}

export function arrayOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every((item) => guard(item));
}

/**
 * A field checked only as far as `check` can (an object handed over: a canvas, a bitmap, a stream),
 * typed as `T`.
 */
export function trusted<T>(check: (value: unknown) => boolean): Guard<T> {
  return (value): value is T => check(value);
}

// ---------------------------------------------------------------- what is derived

/** The guard of a table: the type is one of its own, the id a count, every field passes its guard. */
export function guardOf<T extends MessageTable>(table: T): (value: unknown) => value is MessageUnion<T> {
  return (value): value is MessageUnion<T> => {
    if (!isRecord(value) || typeof value.type !== 'string' || !Object.hasOwn(table, value.type)) return false;
    const spec = table[value.type];
    if (!spec || (value.id !== undefined && !isCount(value.id))) return false;
    for (const [name, guard] of Object.entries(spec.fields)) if (!guard(value[name])) return false;
    return spec.check ? spec.check(value as never) : true;
  };
}

/** The requests of a table that are answered, each with the type of its reply. */
export function repliesOf<T extends MessageTable>(table: T): ReadonlyMap<string, string> {
  return new Map(
    Object.entries(table).flatMap(([type, spec]) => (spec.reply ? [[type, spec.reply] as const] : [])),
  );
}

/** The progress message types of a table's requests. */
export function progressOf<T extends MessageTable>(table: T): ReadonlySet<string> {
  return new Set(Object.values(table).flatMap((spec) => (spec.progress ? [spec.progress] : [])));
}
