/// <reference lib="webworker" />
/**
 * The worker's test hooks (`testHook` messages, honoured only when the page started the worker with
 * `testHooks`): a lost context, a dropped device, a crash, an exit, a hang, and a next apply or export
 * that fails as a broken driver would make it.
 */
import type { TestHookAction } from '../protocol.ts';
import type { Engine } from './photo-engine.ts';
import { log } from './post.ts';

declare const self: DedicatedWorkerGlobalScope;

export class WorkerTestHooks {
  /** Whether the page turned the hooks on (`init`'s `testHooks`). */
  enabled = false;
  private failNextApply = false;
  private failNextExport = false;

  /** Whether a hook has made this apply fail (it fails once). */
  applyFails(): boolean {
    const fails = this.failNextApply;
    this.failNextApply = false;
    return fails;
  }

  /** Whether a hook has made this read-back (image data, a bitmap, an export) fail (it fails once). */
  exportFails(): boolean {
    const fails = this.failNextExport;
    this.failNextExport = false;
    return fails;
  }

  /** Simulated failures, for the reliability tests only. */
  run(action: TestHookAction, engine: Engine | null): void {
    if (!this.enabled) {
      log('warn', 'Ignoring a test hook: test hooks are off');
      return;
    }
    switch (action) {
      case 'loseContext':
        engine?.backend.loseContextForTest();
        return;
      case 'dropInstance':
        engine?.backend.dropInstanceForTest?.();
        return;
      case 'crash':
        setTimeout(() => {
          throw new Error('Test hook: the worker crashed');
        });
        return;
      case 'exit':
        self.close();
        return;
      case 'hang':
        for (;;) {
          // Never answers again, as a worker stuck in a driver call would.
        }
      case 'failNextApply':
        this.failNextApply = true;
        return;
      case 'failNextExport':
        this.failNextExport = true;
        return;
    }
  }
}
