import type { TestHookAction } from '../engine/protocol.ts';

/** Only with `?testHooks=1`: lets the reliability tests break the engine and count its GPU objects. */
export interface TestHooks {
  testHook: (action: TestHookAction) => void;
  stats: () => Promise<{ textures: number; buffers: number }>;
  /** Every worker status the editor state passed through, including ones too brief to render. */
  statuses: () => string[];
  /** Full-resolution saves use tiles no longer than this a side (null: as the GPU allows). */
  setTileLimit: (limit: number | null) => void;
  /** What the canvas shows, read from the worker at its own size, as a PNG data URL (null: no image). */
  pixels: () => Promise<string | null>;
}

declare global {
  interface Window {
    __retrocam?: TestHooks;
  }
}
