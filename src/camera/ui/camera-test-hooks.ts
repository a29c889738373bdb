/**
 * Only with `?testHooks=1`: the viewfinder's worker's GPU object counts, and its last processed frame as a
 * PNG data URL (tests compare it with the same frame processed as a still), a restart of its averages and
 * each frame's own numbers since then (the bench times a window of frames).
 */
export interface CameraHooks {
  stats: () => Promise<{ textures: number; buffers: number }>;
  frame: () => Promise<string | null>;
  /**
   * The next processed frame and the frame it was made from (as it went to the GPU), as PNG data URLs,
   * with the size the look ran at: the pair a still of the same look is held to.
   */
  framePair: () => Promise<{
    frame: string;
    source: string;
    live: { width: number; height: number };
  } | null>;
  /** Restarts the viewfinder's averages (`data-fps`, `data-latency`, `data-cost`) from the next frame. */
  resetStats: () => void;
  /** Each frame's capture-to-display latency and worker cost (ms) since the last `resetStats`. */
  timedFrames: () => { latency: number; cost: number }[];
}

declare global {
  interface Window {
    __retrocamCamera?: CameraHooks;
  }
}
