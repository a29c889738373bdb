/**
 * The worker's answers to what it cannot do: every request gets exactly one answer with its id, an error
 * included, so that no caller waits on the watchdog (which restarts the engine) for a refusal.
 */
import type { FromWorkerMessage } from '../protocol.ts';
import { asMessage, msg } from '../../i18n/msg.ts';
import { MALFORMED_REQUEST_TEMPLATE, PROCESSING_FAILED_TEMPLATE } from '../../i18n/templates.ts';

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
  const request = typeof type === 'string' && /^\w{1,40}$/.test(type) ? type : null;
  const why =
    request === null
      ? asMessage(msg('the effect engine refused a malformed request.'))
      : msg(MALFORMED_REQUEST_TEMPLATE, { request });
  return { type: 'error', id, message: msg(PROCESSING_FAILED_TEMPLATE, { reason: why }) };
}
