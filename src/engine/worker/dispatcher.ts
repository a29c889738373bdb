/// <reference lib="webworker" />
/**
 * The effect worker's request dispatcher (its entry, worker.ts, loads it): takes over the page's messages
 * and runs them one at a time, in order, each by its handler (handlers.ts). A handler returns its reply's
 * fields; the queue sends them as the reply the protocol names, with the request's id, and an error
 * thrown as an error with that id. The start (start-up.ts), the work done while idle (idle-work.ts), the
 * exports and their cancels (export-requests.ts) and the test hooks (worker-test-hooks.ts) are its parts.
 */
import {
  readToWorker,
  REPLIES,
  type AnsweredRequestType,
  type FromWorkerMessage,
  type ToWorkerMessage,
  type ToWorkerType,
} from '../protocol.ts';
import type { ScalableOriginal } from './crop.ts';
import { ExportRequests } from './export-requests.ts';
import { Handed, makeHandlers, NotReady, type Handlers } from './handlers.ts';
import { IdleWork } from './idle-work.ts';
import type { Engine } from './photo-engine.ts';
import { log, post, reason } from './post.ts';
import { NOT_READY, refusal } from './refusals.ts';
import { startUp } from './start-up.ts';
import { WorkerTestHooks } from './worker-test-hooks.ts';

declare const self: DedicatedWorkerGlobalScope;

/** Messages that do not wait their turn in the queue. */
const AT_ONCE: ReadonlySet<ToWorkerType> = new Set<ToWorkerType>(['cancelExport', 'liveFrame']);

/** The original at its own size; the intake code (EXIF, HEIC) loads only when an export needs it. */
async function decodeOriginal(file: Blob): Promise<ScalableOriginal> {
  const { openFullSize } = await import('../../intake/decode.ts');
  return openFullSize(file);
}

/** The worker's queue of messages: made once, when the worker takes over its messages. */
class Dispatcher {
  private engine: Engine | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** Messages received and not yet handled. */
  private waiting = 0;
  private readonly testHooks = new WorkerTestHooks();
  private readonly exports = new ExportRequests(decodeOriginal);
  private readonly idle = new IdleWork(
    () => this.engine,
    (work) => {
      this.queue = this.queue.then(work);
    },
  );
  private readonly handlers: Handlers = makeHandlers({
    engine: () => this.engine,
    init: async (message) => {
      this.testHooks.enabled = message.testHooks === true;
      const { reply, started } = await startUp(message, () => this.waiting === 0, decodeOriginal);
      if (started) {
        this.engine = started.engine;
        this.idle.started(started.selfTestDue, started.breakEngine);
      }
      return reply;
    },
    exports: this.exports,
    testHooks: this.testHooks,
  });

  /** Runs a message's handler; a request's answer goes back as its reply, with its id. */
  private async handle(message: ToWorkerMessage): Promise<void> {
    const { id } = message;
    const withId = id === undefined ? {} : { id };
    try {
      const handler = this.handlers[message.type] as (message: ToWorkerMessage) => unknown;
      const answer = await handler(message);
      const reply = REPLIES.get(message.type as AnsweredRequestType);
      if (!reply) return;
      const handed: Handed<unknown> =
        answer instanceof Handed ? (answer as Handed<unknown>) : new Handed(answer, []);
      post({ ...(handed.fields as object), type: reply, ...withId } as FromWorkerMessage, handed.transfer);
    } catch (error) {
      if (!(error instanceof NotReady)) post({ type: 'error', ...withId, message: reason(error) });
      else if (id === undefined) log('warn', `Ignoring ${message.type}: the engine is not ready`);
      else {
        log('warn', `Refusing ${message.type}: the engine is not ready`);
        post({ type: 'error', id, message: NOT_READY });
      }
    }
  }

  receive(event: MessageEvent<unknown>): void {
    // Every message enters here, read by the protocol's one schema (src/engine/protocol.ts).
    const read = readToWorker(event.data);
    if (!read.ok) {
      const answer = refusal(event.data);
      log(
        'warn',
        `${answer ? 'Refusing a malformed request' : 'Ignoring a malformed message'}: ${read.problem}`,
      );
      if (answer) post(answer);
      return;
    }
    const { message } = read;
    // A cancel cannot wait its turn: the export it stops is what the queue is busy with. Nor does a
    // camera frame: the viewfinder keeps only the newest, whatever the queue is doing. Nor does a lost
    // GPU: the loss hook strikes whatever the queue is running, as a real loss would.
    if (AT_ONCE.has(message.type) || (message.type === 'testHook' && message.action === 'loseContext')) {
      void this.handle(message);
      return;
    }
    if (message.type === 'exportFullResolution') this.exports.received(message);
    this.waiting++;
    this.queue = this.queue
      .then(() => this.handle(message))
      .then(() => {
        this.waiting--;
        this.idle.handled(message);
      });
  }
}

/** Takes over the worker's messages, the ones that arrived while this module loaded first. */
export function serve(early: readonly MessageEvent<unknown>[]): void {
  const dispatcher = new Dispatcher();
  self.onmessage = (event) => dispatcher.receive(event);
  for (const event of early) dispatcher.receive(event);
}
