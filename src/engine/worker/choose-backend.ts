import type { Backend } from '../backend.ts';
import type { EngineKind } from '../protocol.ts';

export interface BackendHooks {
  log: (message: string) => void;
  onLost: (reason: string) => void;
  onRestored: () => void;
}

/**
 * WebGPU first; WebGL2 only when WebGPU cannot be had (its code is loaded only then). `forced` limits the
 * choice to one backend. Resolves null when none is available.
 */
export async function chooseBackend(
  canvas: OffscreenCanvas,
  forced: EngineKind | undefined,
  hooks: BackendHooks,
): Promise<Backend | null> {
  if (forced !== 'webgl2') {
    const { createWebGpuBackend } = await import('../webgpu/backend.ts');
    const backend = await createWebGpuBackend(canvas, hooks.log, {
      onDeviceLost: (reason, message) => hooks.onLost(`WebGPU device lost (${reason}): ${message}`),
    });
    if (backend || forced === 'webgpu') return backend;
  }
  const { createWebGl2Backend } = await import('../webgl2/backend.ts');
  return createWebGl2Backend(canvas, hooks.log, {
    onContextLost: () => hooks.onLost('WebGL2 context lost'),
    onContextRestored: hooks.onRestored,
  });
}
