/// <reference lib="webworker" />
/**
 * What the worker does while no message waits: the backend's self-test once, then the thumbnails, a piece
 * at a time, each in the queue behind whatever is queued then, never in the way of what the page is
 * about to ask for (idle-timing.ts).
 */
import type { EngineKind, ToWorkerMessage } from '../protocol.ts';
import { AFTER_MESSAGE_MS, FRAME_WAIT_MS, heldAfter, PHOTO_FIRST_MS } from './idle-timing.ts';
import type { Engine } from './photo-engine.ts';
import { log, logText } from './post.ts';
import { runSelfTest, type SelfTestResult } from './self-test.ts';

declare const self: DedicatedWorkerGlobalScope;

export class IdleWork {
  private scheduled = false;
  private lastMessageAt = 0;
  /** Idle work starts no sooner (`performance.now()`): the page said work is coming (heldAfter). */
  private heldUntil = 0;
  /** How long the last idle work (a thumbnail, the self-test) took: the next waits as long (see nextFrame). */
  private lastWorkMs = 0;
  /** The backend's self-test: still to run, its verdict, or not for this backend. */
  private selfTest: 'due' | SelfTestResult['verdict'] | 'none' = 'none';
  /** Test hook: the backends whose self-tests read back black. */
  private breakEngine: readonly EngineKind[] = [];

  constructor(
    /** The engine, once started. */
    private readonly engine: () => Engine | null,
    /** Puts work at the end of the worker's queue. */
    private readonly enqueue: (work: () => Promise<void>) => void,
  ) {}

  /** The engine has started: whether its self-test is due, and the test hook's broken backends. */
  started(selfTestDue: boolean, breakEngine: readonly EngineKind[]): void {
    this.selfTest = selfTestDue ? 'due' : 'none';
    this.breakEngine = breakEngine;
  }

  /** A queued message has been handled: idle work waits for the page's next step, then resumes. */
  handled(message: ToWorkerMessage): void {
    this.lastMessageAt = performance.now();
    this.heldUntil = heldAfter(message, this.heldUntil, this.lastMessageAt);
    this.engine()?.prepareWhenIdle();
    this.schedule();
  }

  /** What the worker does while idle, the most needed first, and from when on (`performance.now()`). */
  private next(): { run: () => Promise<void>; from: number } | null {
    const engine = this.engine();
    // Nothing more is drawn in the background after a failed self-test (no thumbnail from a GPU that
    // draws wrong).
    if (!engine || this.selfTest === 'failed') return null;
    const afterMessage = Math.max(this.lastMessageAt + AFTER_MESSAGE_MS, this.heldUntil);
    if (this.selfTest === 'due') {
      const from = engine.hasImage
        ? afterMessage
        : Math.max(this.lastMessageAt + PHOTO_FIRST_MS, afterMessage);
      return {
        run: async () => {
          this.selfTest = await runSelfTest(engine, this.breakEngine);
        },
        from,
      };
    }
    return engine.thumbnailsPending ? { run: () => engine.renderNextThumbnail(), from: afterMessage } : null;
  }

  /**
   * Idle work runs one piece at a time behind whatever is queued then: a message that arrives while one
   * runs (an apply) is queued before the next, so it waits for one call's thumbnails at most (a camera
   * effect's, or a few looks'). A message that arrives before a piece's time puts it off.
   */
  schedule(): void {
    const work = this.next();
    if (this.scheduled || !work) return;
    this.scheduled = true;
    // A frame apart: the canvas's newest frame (an apply's) is handed on between pieces, which back to
    // back would keep the worker too busy for that.
    this.nextFrame(work.from, () => {
      this.enqueue(async () => {
        try {
          this.scheduled = false;
          const due = this.next();
          // Woken before its time (a message came meanwhile): it waits again, below.
          if (!due || performance.now() < due.from) return;
          const started = performance.now();
          await due.run();
          this.lastWorkMs = performance.now() - started;
        } catch (error) {
          // A thumbnail that fails is left out; the editor is not told of an error it did not ask for.
          log('warn', `A thumbnail could not be made: ${logText(error)}`);
        } finally {
          // Whatever is due next (or still due) is scheduled again, even when this wake-up ran nothing.
          this.schedule();
        }
      });
    });
  }

  /**
   * Calls back on a frame from `from` on (AFTER_MESSAGE_MS after the last message, at the soonest), and
   * after a rest as long as the last idle work took. Where the browser's compositor shares the GPU (or
   * the CPU of a software one: Firefox on llvmpipe) with the worker's drawing, thumbnails back to back
   * keep the page from drawing; with half the time left to it, the page draws the photo at once. A
   * worker's frame callbacks can stop coming (Chromium gave a camera's WebGL2 worker none, its canvas
   * drawn or not): after FRAME_WAIT_MS without one, the work goes on anyway.
   */
  private nextFrame(from: number, callback: () => void): void {
    const wait = Math.max(0, from - performance.now(), this.lastWorkMs);
    const frame = () => {
      let called = false;
      const once = () => {
        if (called) return;
        called = true;
        callback();
      };
      if (typeof self.requestAnimationFrame === 'function') self.requestAnimationFrame(once);
      setTimeout(once, typeof self.requestAnimationFrame === 'function' ? FRAME_WAIT_MS : 16);
    };
    if (wait > 0) setTimeout(frame, wait);
    else frame();
  }
}
