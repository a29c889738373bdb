import { describe, expect, it } from 'vitest';
import type { LiveUpload } from '../../src/engine/protocol.ts';
import { UploadTrial } from '../../src/engine/worker/upload-trial.ts';

/** Runs frames through a trial whose ways cost what `costs` says; returns the ways the frames went. */
function run(trial: UploadTrial, costs: Record<LiveUpload, number>, frames: number): LiveUpload[] {
  const ways: LiveUpload[] = [];
  for (let i = 0; i < frames; i++) {
    const way = trial.next();
    ways.push(way);
    trial.record(way, costs[way], true);
  }
  return ways;
}

describe('the viewfinder keeps the cheapest way to the GPU', () => {
  it('tries each way on a few frames after the warm-up, then keeps the cheapest', () => {
    const trial = new UploadTrial(['frame', 'pixels', 'canvas']);
    const ways = run(trial, { frame: 30, pixels: 12, canvas: 40 }, 40);
    expect(new Set(ways.slice(0, 19))).toEqual(new Set(['frame', 'pixels', 'canvas']));
    expect(trial.chosen).toBe('pixels');
    expect(ways.slice(-10).every((way) => way === 'pixels')).toBe(true);
  });

  it('judges by the median, so one slow frame does not decide', () => {
    const trial = new UploadTrial(['frame', 'pixels']);
    let frame = 0;
    for (let i = 0; i < 20 && !trial.chosen; i++) {
      const way = trial.next();
      // The direct way's one outlier (a stall) is ignored; it is cheaper on every other frame.
      const cost = way === 'frame' ? (frame++ === 1 ? 500 : 10) : 14;
      trial.record(way, cost, true);
    }
    expect(trial.chosen).toBe('frame');
  });

  it('does not count frames that also made programs', () => {
    const trial = new UploadTrial(['frame', 'pixels']);
    for (let i = 0; i < 30; i++) trial.record(trial.next(), 1, false);
    expect(trial.chosen).toBeNull();
  });

  it('drops a way that failed, and with one way left takes it at once', () => {
    const trial = new UploadTrial(['frame', 'pixels', 'canvas']);
    trial.fail('pixels');
    expect(run(trial, { frame: 5, pixels: 1, canvas: 9 }, 30)).not.toContain('pixels');
    expect(trial.chosen).toBe('frame');
    const single = new UploadTrial(['frame', 'canvas']);
    single.fail('frame');
    expect(single.chosen).toBe('canvas');
    expect(single.next()).toBe('canvas');
  });
});
