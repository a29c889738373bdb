/// <reference lib="webworker" />
/**
 * The effect worker's entry. It holds no engine code and nothing imports it: the engine (serve.ts) is a
 * chunk of its own that this loads. A bundler puts code shared by an entry and its lazy chunks (the
 * backends) into the entry's chunk, and the lazy chunks then import the entry; WebKit evaluates such an
 * entry module a second time, and the second copy's message handler replaces the first's. With an entry
 * that only loads, no chunk can import it (scripts/size.mjs checks every worker's build).
 */
import type { FromWorkerMessage } from '../protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

// Messages that arrive while the engine's code loads wait here, in order.
const early: MessageEvent<unknown>[] = [];
self.onmessage = (event: MessageEvent<unknown>) => early.push(event);

import('./serve.ts').then(
  ({ serve }) => serve(early),
  (error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    // The answer to `init`, with its id: the page's request for it is settled.
    const init = early
      .map((event) => event.data as { type?: unknown; id?: unknown } | null)
      .find((data) => data?.type === 'init');
    const message: FromWorkerMessage = {
      type: 'status',
      ...(typeof init?.id === 'number' ? { id: init.id } : {}),
      status: 'WorkerError',
      message: `Worker error: the effect engine's code did not load (${reason})`,
    };
    self.postMessage(message);
  },
);
