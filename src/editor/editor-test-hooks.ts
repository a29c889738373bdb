/**
 * The editor's test hooks, one adapter (only with `?testHooks=1`, which src/ui/test-hooks.ts reads): on
 * window.__retrocam, they let the reliability tests break the engine, count its GPU objects, read the
 * canvas and follow every status the editor passed through. The controller knows nothing of them.
 */
import { pngDataUrl, type TestOptions } from '../ui/test-hooks.ts';
import type { EngineClient } from '../engine/client/engine-client.ts';
import type { TestHookAction } from '../engine/protocol.ts';
import type { Store } from '../ui/jotai.ts';
import { editorStateAtom } from './state/atoms.ts';
import { isBusy } from '../session/editor-state.ts';
import { exportProgressAtom, savingAtom, tileLimitAtom } from '../ui/atoms.ts';

export interface TestHooks {
  testHook: (action: TestHookAction) => void;
  /** GPU objects the worker holds; `pooled` of the textures are free ones its pool keeps for reuse. */
  stats: () => Promise<{ textures: number; buffers: number; pooled: number }>;
  /** Every worker status the editor state passed through, including ones too brief to render. */
  statuses: () => string[];
  /** Full-resolution saves use tiles no longer than this a side (null: as the GPU allows). */
  setTileLimit: (limit: number | null) => void;
  /** What the canvas shows, read from the worker at its own size, as a PNG data URL (null: no image). */
  pixels: () => Promise<string | null>;
  /**
   * Resolves once the editor has no work pending: no request waits for the worker, the state is not
   * busy, no save is being made, and all three held for two animation frames in a row. Tests wait on it where they check that
   * nothing more happens (no second download, no restart), instead of waiting a fixed time.
   */
  idle: () => Promise<IdleReport>;
}

/** What `idle` saw when it resolved. */
export interface IdleReport {
  status: string;
  requests: number;
  frames: number;
}

declare global {
  interface Window {
    __retrocam?: TestHooks;
  }
}

/**
 * Puts the hooks on window for the editor of this store, whose worker `client` gives; returns the function
 * that takes them off. Installed before the engine starts, so that the statuses begin at its start.
 */
export function installTestHooks(
  store: Store,
  client: () => EngineClient | null,
  options: TestOptions,
): () => void {
  const statuses: string[] = [];
  let last = store.get(editorStateAtom).workerStatus;
  const stopFollowing = store.sub(editorStateAtom, () => {
    const status = store.get(editorStateAtom).workerStatus;
    if (status !== last) statuses.push(status);
    last = status;
  });
  store.set(tileLimitAtom, options.tileLimit ?? null);
  const idle = async (): Promise<IdleReport> => {
    let quiet = 0;
    let frames = 0;
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      frames++;
      const state = store.get(editorStateAtom);
      const requests = client()?.pendingRequests ?? 0;
      const saving = store.get(savingAtom) || store.get(exportProgressAtom) !== null;
      quiet = requests === 0 && !isBusy(state) && !saving ? quiet + 1 : 0;
      if (quiet >= 2) return { status: state.workerStatus, requests, frames };
    }
  };
  window.__retrocam = {
    idle,
    testHook: (action) => client()?.post({ type: 'testHook', action }),
    stats: () => {
      const worker = client();
      return worker ? worker.requestStats() : Promise.reject(new Error('No worker'));
    },
    statuses: () => [...statuses],
    setTileLimit: (limit) => store.set(tileLimitAtom, limit),
    pixels: async () => {
      const worker = client();
      if (!worker) return null;
      const { image } = await worker.request({ type: 'requestImageBitmap', source: 'current' });
      if (!image) return null;
      const url = pngDataUrl(image);
      image.close();
      return url;
    },
  };
  return () => {
    stopFollowing();
    delete window.__retrocam;
  };
}
