/**
 * Only with `?testHooks=1`: the viewfinder's worker's GPU object counts, and its last processed frame as a
 * PNG data URL (tests compare it with the same frame processed as a still).
 */
export interface CameraHooks {
  stats: () => Promise<{ textures: number; buffers: number }>;
  frame: () => Promise<string | null>;
}

declare global {
  interface Window {
    __retrocamCamera?: CameraHooks;
  }
}
