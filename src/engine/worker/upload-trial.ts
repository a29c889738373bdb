/**
 * How a camera frame gets into the input texture is measured, not guessed: the same frame
 * source is cheap one way on one machine and dear on another. Chromium's fake camera gives frames in
 * shared memory, which SwiftShader's WebGPU imports through a copy and a conversion of its own, dearer
 * than `VideoFrame.copyTo` converting them to RGBA; a real camera's frame in GPU memory is the other way
 * round. The viewfinder tries each way it has on a few frames and keeps the cheapest.
 */
import type { LiveUpload } from '../protocol.ts';

/** Frames run before any is timed (programs made, caches filled), and frames timed for each way. */
const WARM_FRAMES = 4;
const SAMPLES = 5;

export class UploadTrial {
  private readonly costs = new Map<LiveUpload, number[]>();
  private warm = 0;
  private turn = 0;
  private best: LiveUpload | null = null;

  constructor(private readonly ways: LiveUpload[]) {
    if (ways.length === 1) this.best = ways[0] ?? null;
  }

  /** The way for the next frame: the chosen one, or during the trial each in turn. */
  next(): LiveUpload {
    if (this.best) return this.best;
    const untimed = this.ways.filter((way) => (this.costs.get(way)?.length ?? 0) < SAMPLES);
    return untimed[this.turn % untimed.length] ?? this.ways[0] ?? 'canvas';
  }

  /** What a frame cost the way it went; `clean` is false for a frame that also made programs. */
  record(way: LiveUpload, cost: number, clean: boolean): void {
    if (this.best || !clean) return;
    if (this.warm < WARM_FRAMES) {
      this.warm++;
      return;
    }
    const costs = this.costs.get(way) ?? [];
    costs.push(cost);
    this.costs.set(way, costs);
    this.turn++;
    if (this.ways.every((candidate) => (this.costs.get(candidate)?.length ?? 0) >= SAMPLES)) {
      this.best = cheapest(this.ways, this.costs);
    }
  }

  /** A way that threw is not tried again; the next frame goes another way. */
  fail(way: LiveUpload): void {
    const index = this.ways.indexOf(way);
    if (index >= 0) this.ways.splice(index, 1);
    this.costs.delete(way);
    if (this.best === way) this.best = null;
    if (this.ways.length === 1) this.best = this.ways[0] ?? null;
  }

  /** The way kept, once the trial is over. */
  get chosen(): LiveUpload | null {
    return this.best;
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function cheapest(ways: readonly LiveUpload[], costs: ReadonlyMap<LiveUpload, number[]>): LiveUpload {
  let best = ways[0] ?? 'canvas';
  for (const way of ways) {
    if (median(costs.get(way) ?? []) < median(costs.get(best) ?? [])) best = way;
  }
  return best;
}
