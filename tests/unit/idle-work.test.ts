import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToWorkerMessage } from '../../src/engine/protocol.ts';
import { AFTER_MESSAGE_MS, PHOTO_FIRST_MS } from '../../src/engine/worker/idle-timing.ts';

// The worker's idle work (the self-test, then the thumbnails) under fake timers: whatever the page sends
// and whenever, the work that is due runs once the page has gone quiet. The self-test itself is replaced
// by a stub that counts its runs.
const runSelfTest = vi.hoisted(() => vi.fn(() => Promise.resolve('passed' as const)));
vi.mock('../../src/engine/worker/self-test.ts', () => ({ runSelfTest }));

const { IdleWork } = await import('../../src/engine/worker/idle-work.ts');
type Engine = ConstructorParameters<typeof IdleWork>[0] extends () => infer E ? E : never;

/** An engine with no thumbnails to make; `hasImage` as the test sets it. */
function fakeEngine() {
  return { hasImage: false, thumbnailsPending: false, prepareWhenIdle: () => {} };
}

const message = (type: string) => ({ type }) as unknown as ToWorkerMessage;

describe('idle work', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.stubGlobal('self', globalThis);
    runSelfTest.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function start() {
    const engine = fakeEngine();
    let queue = Promise.resolve();
    const idle = new IdleWork(
      () => engine as unknown as Engine,
      (work) => {
        queue = queue.then(work);
      },
    );
    idle.started(true, []);
    idle.handled(message('init'));
    return { engine, idle };
  }

  it('runs the self-test once the page is quiet after the start', async () => {
    start();
    await vi.advanceTimersByTimeAsync(PHOTO_FIRST_MS + 200);
    expect(runSelfTest).toHaveBeenCalledTimes(1);
  });

  it('a message just before the due time puts the self-test off, and it still runs after it', async () => {
    const { engine, idle } = start();
    // The photo arrives a moment before the self-test's time: the waiting work wakes too early for the
    // message's own rest, and must wait again rather than be dropped.
    await vi.advanceTimersByTimeAsync(PHOTO_FIRST_MS - 20);
    engine.hasImage = true;
    idle.handled(message('loadImage'));
    await vi.advanceTimersByTimeAsync(40);
    expect(runSelfTest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(AFTER_MESSAGE_MS + 200);
    expect(runSelfTest).toHaveBeenCalledTimes(1);
  });
});
