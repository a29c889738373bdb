/**
 * Stand-ins for the page's workers, by the name it gives each (`effect-engine`, `intake`): the real
 * Worker for every other. `restore()` puts the browser's own constructor back.
 */
const RealWorker = window.Worker;

export type WorkerFactory = (url: string | URL, options?: WorkerOptions) => Worker;

/** Workers named `name` are made by `make` from now on; returns how many it has made so far. */
export function replaceWorker(name: string, make: WorkerFactory): { made: () => number } {
  let count = 0;
  window.Worker = new Proxy(RealWorker, {
    construct(target, args: ConstructorParameters<typeof Worker>) {
      if (args[1]?.name !== name) return Reflect.construct(target, args);
      count++;
      return make(...args);
    },
  });
  return { made: () => count };
}

export function restoreWorkers(): void {
  window.Worker = RealWorker;
}

/** A worker whose script throws as it loads, every time (an ErrorEvent, as a broken script gives). */
export function failingScript(message: string): WorkerFactory {
  return () => {
    const worker = new EventTarget() as Worker;
    Object.assign(worker, {
      onmessage: null,
      onerror: null,
      postMessage: () => undefined,
      terminate: () => undefined,
    });
    setTimeout(() => {
      const event = new ErrorEvent('error', { message: `Uncaught Error: ${message}`, cancelable: true });
      worker.onerror?.(event);
      worker.dispatchEvent(event);
    }, 0);
    return worker;
  };
}

/**
 * The real worker script, run after `prelude` (code that spoils something of the worker's own scope):
 * a module worker from a Blob that imports the original.
 */
export function withPrelude(prelude: string): WorkerFactory {
  return (url, options) => {
    const source = `${prelude}\nawait import(${JSON.stringify(new URL(url, location.href).href)});`;
    const blob = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    return new RealWorker(blob, { ...options, type: 'module' });
  };
}

/**
 * The real worker, with a gate on what it says: while `hold()` is in force, its messages that `held`
 * picks are kept back (the worker itself runs on); `release()` hands them to the page in order. The page
 * then sees a worker that is slow to answer those, and quick with the rest. `sent()` lists the types of
 * the messages the page has posted to it, in order.
 */
export function gatedWorker(held: (data: unknown) => boolean) {
  let closed = false;
  const queue: MessageEvent[] = [];
  const sent: string[] = [];
  let page: Worker | null = null;
  const factory: WorkerFactory = (url, options) => {
    const real = new RealWorker(url, options);
    const facade = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      onerror: null as ((event: ErrorEvent) => void) | null,
      postMessage: (message: unknown, transfer?: Transferable[]) => {
        sent.push(String((message as { type?: unknown }).type));
        real.postMessage(message, transfer ?? []);
      },
      terminate: () => real.terminate(),
      addEventListener: real.addEventListener.bind(real),
      removeEventListener: real.removeEventListener.bind(real),
    };
    real.onmessage = (event) => {
      if (closed && held(event.data)) queue.push(event);
      else facade.onmessage?.(event);
    };
    real.onerror = (event) => facade.onerror?.(event);
    page = facade as unknown as Worker;
    return page;
  };
  return {
    factory,
    hold: () => {
      closed = true;
    },
    sent: () => [...sent],
    /** How many messages are held back now. */
    waiting: () => queue.length,
    release: () => {
      closed = false;
      for (const event of queue.splice(0)) page?.onmessage?.call(page, event);
    },
  };
}

/**
 * The real worker, with the page's messages that `held` picks kept back on their way to it until
 * `release()` (in order): the worker then draws nothing for them meanwhile.
 */
export function heldPosts(held: (data: unknown) => boolean) {
  const queue: [unknown, Transferable[]][] = [];
  let send: ((message: unknown, transfer: Transferable[]) => void) | null = null;
  const factory: WorkerFactory = (url, options) => {
    const worker = new RealWorker(url, options);
    const post = worker.postMessage.bind(worker) as (message: unknown, transfer: Transferable[]) => void;
    send = post;
    Object.defineProperty(worker, 'postMessage', {
      value: (message: unknown, transfer: Transferable[] = []) => {
        if (held(message)) queue.push([message, transfer]);
        else post(message, transfer);
      },
    });
    return worker;
  };
  return {
    factory,
    waiting: () => queue.length,
    release: () => {
      for (const [message, transfer] of queue.splice(0)) send?.(message, transfer);
    },
  };
}
