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
