/**
 * Renders a component into the test page's document with React's own root, as main.tsx does, and
 * unmounts it after the test. The page is a real Chromium: focus, layout, <dialog>, keyboard events and
 * decoders are the browser's own. Tests wait for what the user would see (`expect.element` retries), so
 * the render itself is synchronous (flushSync), without React's act().
 */
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createStore, Provider, type Store } from '../../../src/ui/jotai.ts';

const mounted: { root: Root; container: HTMLElement }[] = [];

export interface Rendered {
  container: HTMLElement;
  store: Store;
  unmount(): void;
}

export function render(ui: ReactNode, options: { store?: Store } = {}): Rendered {
  const container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
  const root = createRoot(container);
  const store = options.store ?? createStore();
  flushSync(() => root.render(<Provider store={store}>{ui}</Provider>));
  const entry = { root, container };
  mounted.push(entry);
  return {
    container,
    store,
    unmount: () => {
      root.unmount();
      container.remove();
      mounted.splice(mounted.indexOf(entry), 1);
    },
  };
}

/** A page of the app at `path` (with its query), on a router that keeps its address in memory. */
export function renderAt(path: string, ui: ReactNode, options: { store?: Store } = {}) {
  const location = memoryLocation({ path, record: true });
  const rendered = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {ui}
    </Router>,
    options,
  );
  return { ...rendered, history: location.history ?? [] };
}

export function cleanup(): void {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
}

/** A real task's wait: React's scheduler and message events go on, fake timers or not. */
export function nextTask(): Promise<unknown> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(0);
  });
}
