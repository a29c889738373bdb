/**
 * The worker's start (`init`): the iOS limits mode, the backend chosen for the transferred canvas, the
 * engine made on it, and whether the backend's self-test is due once the worker is first idle.
 */
import { msg } from '../../i18n/msg.ts';
import { bakeLut } from '../../grading/luts.ts';
import { setDeviceLimits } from '../device-limits.ts';
import type { EngineKind, InitMessage, ReplyOf } from '../protocol.ts';
import { chooseBackend } from './choose-backend.ts';
import { Engine, type Fields } from './photo-engine.ts';
import type { ScalableOriginal } from './crop.ts';
import { log, post } from './post.ts';

const NO_ENGINE = msg('OffscreenCanvas not supported. Cannot initialize effect engine.');

/** Why no backend could be had, in the user's terms, with each backend's own reason. */
export function noEngineMessage(forced: EngineKind | undefined, reasons: readonly string[]): string {
  const why = reasons.length > 0 ? ` (${reasons.join('; ')})` : '';
  return forced
    ? `The ${forced} engine asked for is not available in this browser's worker${why}. Cannot initialize effect engine.`
    : `No rendering context could be made in the effect worker${why}. Cannot initialize effect engine.`;
}

/** What a start made: the engine, and what its self-test needs. */
export interface Started {
  readonly engine: Engine;
  readonly selfTestDue: boolean;
  /** Test hook: the backends whose self-tests read back black. */
  readonly breakEngine: readonly EngineKind[];
}

/**
 * Starts the engine on the canvas `message` brings; `isIdle` says whether no message waits (the engine
 * prepares effects only then). The reply is the `init` status; `started` is null when no engine could be had.
 */
export async function startUp(
  message: InitMessage,
  isIdle: () => boolean,
  decodeOriginal: (file: Blob) => Promise<ScalableOriginal>,
): Promise<{ reply: Fields<ReplyOf<'init'>>; started: Started | null }> {
  // The iOS limits mode: this worker's canvases fail past the cap too, and textures stop at 4096.
  if (message.deviceLimits) setDeviceLimits(message.deviceLimits);
  if (typeof OffscreenCanvas === 'undefined' || !message.canvas) {
    return { reply: { status: 'WorkerError', message: NO_ENGINE }, started: null };
  }
  const hooks = {
    log: (text: string) => log('info', text),
    onLost: (text: string) => {
      log('warn', text);
      post({ type: 'status', status: 'ContextLost', message: text });
    },
    onRestored: () => post({ type: 'status', status: 'ContextRestoring' }),
  };
  const { backend, reasons } = await chooseBackend(message.canvas, message.engine, hooks, message.skip);
  if (!backend) {
    return {
      reply: { status: 'WorkerError', message: noEngineMessage(message.engine, reasons) },
      started: null,
    };
  }
  const engine = new Engine(backend, post, bakeLut, isIdle, decodeOriginal);
  log('info', `Effect engine running on ${backend.kind}`);
  // Where the choice is automatic, a GPU driver is held to the CPU's pixels once the worker is first
  // idle (behind the first photo, when one comes at once): so the test adds nothing to the start. A
  // software rasteriser cannot draw wrong as a driver can; the test hook tests it all the same.
  const due =
    !message.engine && backend.kind !== 'cpu' && (!backend.software || message.breakEngine !== undefined);
  return {
    reply: { status: 'WorkerReady', engine: backend.kind, ...(due ? { selfTest: true } : {}) },
    started: { engine, selfTestDue: due, breakEngine: message.breakEngine ?? [] },
  };
}
