/// <reference lib="webworker" />
/**
 * The effect worker's entry. It holds no engine code and nothing imports it: the request dispatcher
 * (dispatcher.ts) and the engine behind it are a chunk of their own that this loads. A bundler puts code
 * shared by an entry and its lazy chunks (the backends) into the entry's chunk, and the lazy chunks then
 * import the entry; WebKit evaluates such an entry module a second time, and the second copy's message
 * handler replaces the first's. With an entry that only loads, no chunk can import it (scripts/size.mjs
 * checks every worker's build).
 */
import type { FromWorkerMessage } from '../protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

// Messages that arrive while the engine's code loads wait here, in order.
const early: MessageEvent<unknown>[] = [];
self.onmessage = (event: MessageEvent<unknown>) => early.push(event);

import('./dispatcher.ts').then(
  ({ serve }) => serve(early),
  (error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    // WORKER_CODE_TEMPLATE (src/i18n/templates.ts) as a message, written out: this entry imports
    // nothing (above). The browser's reason is data.
    const text = { id: "Worker error: the effect engine's code did not load ({reason})", values: { reason } };
    // Every request is answered, with its id: `init` with the status it waits for, any other with an
    // error; those that come later too, at once.
    const answer = (data: unknown) => {
      const { type, id } = (typeof data === 'object' && data !== null ? data : {}) as {
        type?: unknown;
        id?: unknown;
      };
      const withId = typeof id === 'number' ? { id } : {};
      if (type !== 'init' && !('id' in withId)) return;
      const message: FromWorkerMessage =
        type === 'init'
          ? { type: 'status', ...withId, status: 'WorkerError', message: text }
          : { type: 'error', ...withId, message: text };
      self.postMessage(message);
    };
    for (const event of early) answer(event.data);
    self.onmessage = (event: MessageEvent<unknown>) => answer(event.data);
  },
);
