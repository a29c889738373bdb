/**
 * The worker's handlers: one per message type of the protocol, held to its table by the compiler. A
 * handler returns its reply's fields (the dispatcher sends them as the reply the protocol names, with the
 * request's id), or throws: NotReady when the engine is needed and not there, an error for an error reply.
 */
import { msg, MessageError } from '../../i18n/msg.ts';
import { LOAD_IMAGE_FAILED_TEMPLATE, PROCESSING_FAILED_TEMPLATE } from '../../i18n/templates.ts';
import {
  type AnsweredRequestType,
  type InitMessage,
  type ReplyOf,
  type ToWorkerMessageOf,
  type ToWorkerType,
} from '../protocol.ts';
import type { ExportRequests } from './export-requests.ts';
import type { LivePair } from './live.ts';
import type { Engine, Fields } from './photo-engine.ts';
import { log, logText, reason } from './post.ts';
import type { WorkerTestHooks } from './worker-test-hooks.ts';

/** A reply's fields with what it hands over (a bitmap, a buffer of pixels). */
export class Handed<T> {
  constructor(
    readonly fields: T,
    readonly transfer: Transferable[],
  ) {}
}

/**
 * Thrown by a handler that needs the engine before it is there: a message is ignored, as a warning; a
 * request is answered with this error, so that its caller does not wait for an answer that never comes.
 */
export class NotReady extends Error {}

/** What the handler of `K` gives back: its reply's fields for a request, nothing for a message. */
type Answer<K extends ToWorkerType> = K extends AnsweredRequestType
  ? Fields<ReplyOf<K>> | Handed<Fields<ReplyOf<K>>>
  : void;

/** One handler per message type: the compiler holds the table to the protocol's. */
export type Handlers = {
  [K in ToWorkerType]: (message: ToWorkerMessageOf<K>) => Answer<K> | Promise<Answer<K>>;
};

/** What the handlers work with: the engine (once started), the start, the exports and the test hooks. */
export interface HandlerContext {
  /** The engine, or null before it has started. */
  readonly engine: () => Engine | null;
  readonly init: (message: InitMessage) => Promise<Fields<ReplyOf<'init'>>>;
  readonly exports: ExportRequests;
  readonly testHooks: WorkerTestHooks;
}

export function makeHandlers(context: HandlerContext): Handlers {
  const { exports, testHooks } = context;
  /** The engine, for the handlers that need it. */
  const ready = (): Engine => {
    const engine = context.engine();
    if (!engine) throw new NotReady();
    return engine;
  };
  return {
    init: (message) => context.init(message),
    testHook: (message) => testHooks.run(message.action, context.engine()),
    exportFullResolution: (message) => exports.run(message, context.engine(), testHooks.exportFails()),
    cancelExport: () => exports.cancelAll(),
    liveFrame: (message) => {
      const engine = context.engine();
      if (engine) engine.live.offer(message.frame, message.arrived);
      else message.frame.close();
    },
    liveLook: async (message) => {
      const engine = ready();
      // The .cube files its steps read are read first: a look is shown whole or not at all.
      await engine.takeCubes(message.cubes ?? []);
      engine.live.setLook(message);
    },
    liveStream: (message) => {
      // Read on its own: the queue goes on (a shutter, a stop) while frames come.
      void ready().live.attach(message.stream);
    },
    liveShutter: async () => {
      const live = ready().live;
      try {
        return await live.shoot();
      } catch (error) {
        return { blob: null, error: reason(error) };
      }
    },
    liveRead: async (message) => {
      // With `pair`, the next frame and the frame it was made from (tests hold the look to a still).
      const read: LivePair = message.pair
        ? await ready().live.readPair()
        : { ...(await ready().live.read()), source: null, live: null };
      const transfer: Transferable[] = [];
      if (read.pixels) transfer.push(read.pixels.buffer);
      if (read.source) transfer.push(read.source.pixels.buffer);
      return new Handed(read, transfer);
    },
    liveStop: () => ready().live.stop(),
    prepareEffects: (message) => ready().prepareEffects(message.effectIds),
    holdIdleWork: () => undefined,
    renderThumbnails: (message) => ready().queueThumbnails(message.generation, message.recipes),
    loadImage: async (message) => {
      const engine = ready();
      try {
        return await engine.loadImage(message);
      } catch (error) {
        throw new MessageError(msg(LOAD_IMAGE_FAILED_TEMPLATE, { reason: reason(error) }), { cause: error });
      }
    },
    applyEffect: async (message) => {
      const engine = ready();
      try {
        if (testHooks.applyFails()) throw new Error('the GPU rejected the work (test hook)');
        return await engine.applyEffect(message);
      } catch (error) {
        throw new MessageError(msg(PROCESSING_FAILED_TEMPLATE, { reason: reason(error) }), { cause: error });
      }
    },
    commitEffect: () => ready().commitEffect(),
    showEdit: async (message) => {
      const engine = ready();
      try {
        return await engine.showEdit(message);
      } catch (error) {
        throw new MessageError(msg(PROCESSING_FAILED_TEMPLATE, { reason: reason(error) }), { cause: error });
      }
    },
    dropResources: (message) => ready().dropResources(message.masks, message.images),
    replaceBaseImage: (message) => ready().replaceBaseImage(message),
    showOriginal: (message) => ready().showOriginal(message.show),
    setFrame: (message) => ready().setFrame(message.frame),
    loadCube: (message) => ready().loadCube(message),
    exportCube: (message) => ready().exportCube(message),
    requestStats: async () => {
      const engine = ready();
      // Counted at rest: thumbnails under way are finished first (their textures are freed at the end).
      await engine.finishThumbnails();
      return engine.resourceCounts();
    },
    resetCanvasToBase: () => ready().resetCanvasToBase(),
    requestImageData: async (message) => {
      const engine = ready();
      try {
        if (testHooks.exportFails()) throw new Error('the read-back failed (test hook)');
        return await engine.requestImageData(message);
      } catch (error) {
        log('error', `Export failed: ${logText(error)}`);
        return { blob: null, format: 'image/jpeg' };
      }
    },
    requestImageBitmap: async (message) => {
      const engine = ready();
      const source = message.source ?? 'currentBase';
      try {
        if (testHooks.exportFails()) throw new Error('the read-back failed (test hook)');
        const image = await engine.requestImageBitmap(source);
        return new Handed({ image, source }, [image]);
      } catch (error) {
        return { image: null, source, error: reason(error) };
      }
    },
    appVisible: () => ready().redraw(),
  };
}
