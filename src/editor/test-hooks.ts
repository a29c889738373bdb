import type { TestHookAction } from '../engine/protocol.ts';

/** Only with `?testHooks=1`: lets the reliability tests break the engine and count its GPU objects. */
export interface TestHooks {
  testHook: (action: TestHookAction) => void;
  stats: () => Promise<{ textures: number; buffers: number }>;
  /** Every worker status the editor state passed through, including ones too brief to render. */
  statuses: () => string[];
}

declare global {
  interface Window {
    __retrocam?: TestHooks;
  }
}
