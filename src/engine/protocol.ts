/**
 * The messages between the page and the effect worker: the editor's protocol (protocol/editor.ts) and the
 * live viewfinder's (protocol/live.ts), each one table per direction (protocol/schema.ts). Everything
 * here is derived from those tables: the message types, the guards, the requests that are answered and
 * by what. Worker-safe: no DOM, no React. Both sides import this module and nothing else of each other.
 */
import { EDITOR_FROM_WORKER, EDITOR_TO_WORKER } from './protocol/editor.ts';
import { LIVE_FROM_WORKER, LIVE_TO_WORKER } from './protocol/live.ts';
import * as v from 'valibot';
import {
  describeIssues,
  guardOf,
  schemaOf,
  progressOf,
  repliesOf,
  type AnsweredType,
  type MessageOf,
  type MessageUnion,
  type ReplyType,
} from './protocol/schema.ts';

export {
  ENGINE_KINDS,
  TEST_HOOK_ACTIONS,
  WORKER_STATUSES,
  isEngineKind,
  isWorkerStatus,
  isRenderEdit,
  type BitmapSource,
  type ColourStep,
  type EditResources,
  type EffectSettings,
  type EngineKind,
  type FullResolutionStep,
  type LeftOut,
  type RecipeThumbnailJob,
  type RenderEdit,
  type RenderStep,
  type SettingValue,
  type TestHookAction,
  type WorkerStatus,
} from './protocol/editor.ts';
export { LIVE_UPLOADS, epochNow, type LiveImage, type LiveStep, type LiveUpload } from './protocol/live.ts';
export type { RequestId } from './protocol/schema.ts';

/** Every message the worker takes, by type. */
export const TO_WORKER = { ...EDITOR_TO_WORKER, ...LIVE_TO_WORKER } as const;
/** Every message the worker sends, by type. */
export const FROM_WORKER = { ...EDITOR_FROM_WORKER, ...LIVE_FROM_WORKER } as const;
type ToWorker = typeof TO_WORKER;
type FromWorker = typeof FROM_WORKER;

export type ToWorkerType = keyof ToWorker;
export type FromWorkerType = keyof FromWorker;
export type ToWorkerMessage = MessageUnion<ToWorker>;
export type FromWorkerMessage = MessageUnion<FromWorker>;
export type ToWorkerMessageOf<K extends ToWorkerType> = MessageOf<ToWorker, K>;
export type FromWorkerMessageOf<K extends FromWorkerType> = MessageOf<FromWorker, K>;

/** The requests the worker answers, each with an id that its reply repeats. */
export type AnsweredRequestType = AnsweredType<ToWorker>;
/** The message that answers request `K`. */
export type ReplyOf<K extends AnsweredRequestType> = FromWorkerMessageOf<ReplyType<ToWorker, K>>;

/** Each request's reply type, for the page's side (which requests to wait for). */
export const REPLIES = repliesOf(TO_WORKER) as ReadonlyMap<AnsweredRequestType, FromWorkerType>;
/** The messages that report a request's progress (with its id) before its reply. */
export const PROGRESS = progressOf(TO_WORKER) as ReadonlySet<FromWorkerType>;

/** The one schema of the messages the worker takes: checked where they enter (its message handler). */
export const TO_WORKER_SCHEMA = schemaOf(TO_WORKER);

/** A message sent to the worker, read by its schema: the message, or where and why it is malformed. */
export function readToWorker(
  value: unknown,
): { ok: true; message: ToWorkerMessage } | { ok: false; problem: string } {
  const read = v.safeParse(TO_WORKER_SCHEMA, value);
  // The message goes on as it came: the schema checks it and makes no copy of what it holds.
  return read.success
    ? { ok: true, message: value as ToWorkerMessage }
    : { ok: false, problem: describeIssues(read.issues) };
}

/** Whether a value is a message the worker takes (its schema, as a guard). */
export function isToWorkerMessage(value: unknown): value is ToWorkerMessage {
  return v.is(TO_WORKER_SCHEMA, value);
}
/** Checks the shape of a message from the worker. */
export const isFromWorkerMessage = guardOf(FROM_WORKER);

// The tables' names, held to one another by the compiler.
type Check<T extends true> = T;
export type RepliesAreMessages = Check<
  ReplyType<ToWorker, AnsweredRequestType> extends FromWorkerType ? true : false
>;

// The messages by name, as the code knows them.
export type InitMessage = ToWorkerMessageOf<'init'>;
export type LoadImageMessage = ToWorkerMessageOf<'loadImage'>;
export type ApplyEffectMessage = ToWorkerMessageOf<'applyEffect'>;
export type RequestImageBitmapMessage = ToWorkerMessageOf<'requestImageBitmap'>;
export type ResetCanvasToBaseMessage = ToWorkerMessageOf<'resetCanvasToBase'>;
export type CommitEffectMessage = ToWorkerMessageOf<'commitEffect'>;
export type AppVisibleMessage = ToWorkerMessageOf<'appVisible'>;
export type ShowEditMessage = ToWorkerMessageOf<'showEdit'>;
export type ReplaceBaseImageMessage = ToWorkerMessageOf<'replaceBaseImage'>;
export type RequestImageDataMessage = ToWorkerMessageOf<'requestImageData'>;
export type LoadCubeMessage = ToWorkerMessageOf<'loadCube'>;
export type ExportFullResolutionMessage = ToWorkerMessageOf<'exportFullResolution'>;
export type LiveLookMessage = ToWorkerMessageOf<'liveLook'>;
export type StatusMessage = FromWorkerMessageOf<'status'>;
export type ErrorMessage = FromWorkerMessageOf<'error'>;
export type ImageDataMessage = FromWorkerMessageOf<'imageData'>;
export type CubeLoadedMessage = FromWorkerMessageOf<'cubeLoaded'>;
export type ExportCubeMessage = ToWorkerMessageOf<'exportCube'>;
export type CubeExportedMessage = FromWorkerMessageOf<'cubeExported'>;
export type FullResolutionImageMessage = FromWorkerMessageOf<'fullResolutionImage'>;
export type ThumbnailMessage = FromWorkerMessageOf<'thumbnail'>;
export type LiveShownMessage = FromWorkerMessageOf<'liveShown'>;
export type LiveShotMessage = FromWorkerMessageOf<'liveShot'>;
export type LivePixelsMessage = FromWorkerMessageOf<'livePixels'>;
