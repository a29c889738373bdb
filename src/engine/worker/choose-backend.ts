import type { Backend } from '../backend.ts';
import type { EngineKind } from '../protocol.ts';

export interface BackendHooks {
  log: (message: string) => void;
  onLost: (reason: string) => void;
  onRestored: () => void;
  /**
   * Whether a GPU backend draws right (null) or why not: run before it has the canvas (WebGL2 on a
   * scratch canvas of its own), so a backend that fails leaves the canvas to the next. Only where the
   * choice is automatic.
   */
  selfTest?: (backend: Backend) => Promise<string | null>;
  /** Self-test a software adapter too (where a test hook spoils the check). */
  selfTestSoftware?: boolean;
}

/** The backends in the order the worker tries them: the GPU ones first, the CPU as the last resort. */
export const BACKEND_ORDER: readonly EngineKind[] = ['webgpu', 'webgl2', 'cpu'];

export interface BackendChoice {
  backend: Backend | null;
  /** Why each backend tried before the chosen one (or every one, when none) could not be had. */
  reasons: string[];
  /** The backends that started but drew the self-test wrong, and were left for the next, in order. */
  failedSelfTests: EngineKind[];
}

/**
 * WebGPU first, then WebGL2, then the CPU; each backend's code is loaded only when it is tried, and not
 * at all where the browser plainly lacks its API. `forced`
 * limits the choice to one backend. The backend is null when none is available, and `reasons` say why.
 */
export async function chooseBackend(
  canvas: OffscreenCanvas,
  forced: EngineKind | undefined,
  hooks: BackendHooks,
): Promise<BackendChoice> {
  const reasons: string[] = [];
  const log = (message: string) => {
    reasons.push(message);
    hooks.log(message);
  };
  const failedSelfTests: EngineKind[] = [];
  for (const kind of forced ? [forced] : BACKEND_ORDER) {
    let failed = false;
    const check =
      forced || !hooks.selfTest
        ? undefined
        : async (backend: Backend) => {
            const started = performance.now();
            const reason = await hooks.selfTest?.(backend);
            failed = Boolean(reason);
            const ms = (performance.now() - started).toFixed(0);
            hooks.log(`${kind}: self-test ${reason ? 'failed' : 'passed'} in ${ms} ms`);
            return reason ?? null;
          };
    const backend = await create(kind, canvas, log, hooks, check).catch((error: unknown) => {
      log(`${kind}: setup failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    if (failed) failedSelfTests.push(kind);
    if (backend) return { backend, reasons, failedSelfTests };
  }
  return { backend: null, reasons, failedSelfTests };
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
  check?: (backend: Backend) => Promise<string | null>,
): Promise<Backend | null> {
  const reason = missing(kind);
  if (reason) {
    log(reason);
    return null;
  }
  switch (kind) {
    case 'webgpu': {
      const { createWebGpuBackend } = await import('../webgpu/create.ts');
      return createWebGpuBackend(
        canvas,
        log,
        { onDeviceLost: (reason, message) => hooks.onLost(`WebGPU device lost (${reason}): ${message}`) },
        check,
        hooks.selfTestSoftware,
      );
    }
    case 'webgl2': {
      const { createCheckedWebGl2Backend } = await import('../webgl2/create.ts');
      return createCheckedWebGl2Backend(
        canvas,
        log,
        {
          onContextLost: () => hooks.onLost('WebGL2 context lost'),
          onContextRestored: hooks.onRestored,
        },
        check,
        hooks.selfTestSoftware,
      );
    }
    case 'cpu': {
      const { createCpuBackend } = await import('../cpu/backend.ts');
      return createCpuBackend(canvas, log, { onLost: hooks.onLost });
    }
  }
}
