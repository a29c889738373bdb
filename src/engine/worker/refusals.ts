/**
 * The worker's answers to what it cannot do: every request gets exactly one answer with its id, an error
 * included, so that no caller waits on the watchdog (which restarts the engine) for a refusal.
 */
import type { FromWorkerMessage } from '../protocol.ts';

/** The catalogue's words for a request that came before the engine (none was made, or none yet). */
export const NOT_READY = 'Image processor not ready.';

/**
 * The answer to a message the protocol's guard refuses, when it carries a request's id: an error with
 * that id, at once, so that its caller hears why rather than waiting for the watchdog. A message with
 * no id (a post) is ignored, as a warning only.
 */
export function refusal(data: unknown): FromWorkerMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { id, type } = data as { id?: unknown; type?: unknown };
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 0) return null;
  const what = typeof type === 'string' && /^\w{1,40}$/.test(type) ? `${type} request` : 'request';
  return {
    type: 'error',
    id,
    message: `Image processing failed: the effect engine refused a malformed ${what}.`,
  };
}
