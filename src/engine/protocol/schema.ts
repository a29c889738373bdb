/**
 * What a protocol is written in: one table per direction, one entry per message type, each entry its
 * fields' valibot schemas (the library the recipe reader uses) and, for a request, the type of the
 * message that answers it. The TypeScript types, the one schema each direction's messages are checked by
 * where they enter, and the set of answered requests are derived from the tables (src/engine/protocol.ts),
 * never written again. Worker-safe: no DOM, no React.
 */
import * as v from 'valibot';
import { isShown, type Shown } from '../../i18n/msg.ts';

/** Every message may carry an id: a request's, which its reply (or its progress, or its error) repeats. */
export type RequestId = number;

/** A field's schema: what the field's type is derived from, and what checks it where it enters. */
export type FieldSchema = v.GenericSchema;

type Fields = Readonly<Record<string, FieldSchema>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The fields' types: a field whose schema is `v.optional` becomes an optional property. */
export type FieldTypes<F extends Fields> = v.InferOutput<v.ObjectSchema<F, undefined>>;

/** One message type: its fields, what answers it (requests only), and a check across fields. */
export interface MessageSpec<F extends Fields = Fields, R extends string = string> {
  readonly fields: F;
  /** The type of the message that answers it; absent: nothing answers it (an error may, if it fails). */
  readonly reply?: R;
  /** The type of the messages that report its progress before the reply (they carry its id too). */
  readonly progress?: string;
  /** What the field schemas cannot say alone (a length that depends on two fields). */
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

// ---------------------------------------------------------------- schemas the tables are written in

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export const positiveInt = v.pipe(v.number(), v.integer(), v.minValue(1));
/** A whole number from 0: a count, an id. */
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const blob = v.instance(Blob);
/** A JPEG quality: above 0, at most 1. */
export const quality = v.pipe(v.number(), v.gtValue(0), v.maxValue(1));

/**
 * A field checked only as far as `check` can (an object handed over: a canvas, a bitmap, a stream),
 * typed as `T`; `what` names it in the error.
 */
export function trusted<T>(check: (value: unknown) => boolean, what: string): v.GenericSchema<T> {
  return v.custom<T>(check, `expected ${what}`);
}

/** An object handed over (a bitmap, a canvas, a blob read back): checked to be an object. */
export function handed<T>(what: string): v.GenericSchema<T> {
  return trusted<T>(isRecord, what);
}

/** What a user is told: text, or a message and its values (src/i18n/msg.ts). */
export const shown = trusted<Shown>(isShown, 'a message (text, or an id and its values)');

// ---------------------------------------------------------------- what is derived

/** The id a message may carry: a count. */
const ID = v.optional(count);

/**
 * The one schema of a table's messages: the type is one of its own, the id a count, every field passes
 * its schema, and the message's own check holds. Unknown fields are dropped from what it gives.
 */
export function schemaOf<T extends MessageTable>(table: T): v.GenericSchema<unknown, MessageUnion<T>> {
  const options = Object.entries(table).map(([type, spec]) =>
    v.object({ type: v.literal(type), id: ID, ...spec.fields }),
  );
  const variant = v.variant('type', options, (issue) =>
    issue.path?.length
      ? `unknown message type ${JSON.stringify(issue.input) ?? 'undefined'}`
      : 'not a message (an object with a type)',
  );
  const checked = v.pipe(
    variant,
    v.check(
      (value) => table[value.type]?.check?.(value as never) ?? true,
      (issue) => `its fields disagree (${String((issue.input as { type: unknown }).type)})`,
    ),
  );
  return checked as unknown as v.GenericSchema<unknown, MessageUnion<T>>;
}

/** A message that a schema refused: where and why, in one line (for the log and the refusal). */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = v.getDotPath(issue);
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** The guard of a table: whether a value is one of its messages (its schema, as a type guard). */
export function guardOf<T extends MessageTable>(table: T): (value: unknown) => value is MessageUnion<T> {
  const schema = schemaOf(table);
  return (value): value is MessageUnion<T> => v.is(schema, value);
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
