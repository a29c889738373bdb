import type { Backend } from '../backend.ts';
import type { EngineKind } from '../protocol.ts';

export interface BackendHooks {
  log: (message: string) => void;
  onLost: (reason: string) => void;
  onRestored: () => void;
}

/** The backends in the order the worker tries them: the GPU ones first, the CPU as the last resort. */
export const BACKEND_ORDER: readonly EngineKind[] = ['webgpu', 'webgl2', 'cpu'];

export interface BackendChoice {
  backend: Backend | null;
  /** Why each backend tried before the chosen one (or every one, when none) could not be had. */
  reasons: string[];
}

/**
 * WebGPU first, then WebGL2, then the CPU, less those in `skip` (their self-tests drew wrong earlier in
 * this session); each backend's code is loaded only when it is tried, and not at all where the browser
 * plainly lacks its API. `forced` limits the choice to one backend. The backend is null when none is
 * available, and `reasons` say why.
 */
export async function chooseBackend(
  canvas: OffscreenCanvas,
  forced: EngineKind | undefined,
  hooks: BackendHooks,
  skip: readonly EngineKind[] = [],
): Promise<BackendChoice> {
  const reasons: string[] = [];
  const log = (message: string) => {
    reasons.push(message);
    hooks.log(message);
  };
  const order = forced ? [forced] : BACKEND_ORDER.filter((kind) => kind === 'cpu' || !skip.includes(kind));
  for (const kind of order) {
    const backend = await create(kind, canvas, log, hooks).catch((error: unknown) => {
      log(`${kind}: setup failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    if (backend) return { backend, reasons };
  }
  return { backend: null, reasons };
}

/**
 * Why the browser cannot have this backend at all, seen without loading its code (so a browser without
 * WebGPU never downloads the WebGPU backend), or null when it is worth trying.
 */
function missing(kind: EngineKind): string | null {
  if (kind === 'webgpu' && !('gpu' in self.navigator)) return 'WebGPU: navigator.gpu is missing';
  if (kind === 'webgl2' && typeof WebGL2RenderingContext === 'undefined')
    return 'WebGL2: this worker has no WebGL2RenderingContext';
  return null;
}

async function create(
  kind: EngineKind,
  canvas: OffscreenCanvas,
  log: (message: string) => void,
  hooks: BackendHooks,
): Promise<Backend | null> {
  const reason = missing(kind);
  if (reason) {
    log(reason);
    return null;
  }
  switch (kind) {
    case 'webgpu': {
      const { createWebGpuBackend } = await import('../webgpu/create.ts');
      return createWebGpuBackend(canvas, log, {
        onDeviceLost: (reason, message) => hooks.onLost(`WebGPU device lost (${reason}): ${message}`),
      });
    }
    case 'webgl2': {
      const { createWebGl2Backend } = await import('../webgl2/backend.ts');
      return createWebGl2Backend(canvas, log, {
        onContextLost: () => hooks.onLost('WebGL2 context lost'),
        onContextRestored: hooks.onRestored,
      });
    }
    case 'cpu': {
      const { createCpuBackend } = await import('../cpu/backend.ts');
      return createCpuBackend(canvas, log, { onLost: hooks.onLost });
    }
  }
}
