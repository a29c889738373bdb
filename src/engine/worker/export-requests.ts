/**
 * Full-resolution exports: each runs in its turn in the queue, and a cancel (which does not wait its turn)
 * stops the one running and any still queued, through an AbortController kept from when each arrived.
 */
import type { ExportFullResolutionMessage, ReplyOf } from '../protocol.ts';
import type { ScalableOriginal } from './crop.ts';
import type { Engine, Fields } from './photo-engine.ts';
import { log, logText, post, reason } from './post.ts';

export class ExportRequests {
  /** Exports received and not yet finished, so that a cancel reaches one still queued. */
  private readonly running = new Map<ExportFullResolutionMessage, AbortController>();

  constructor(private readonly decodeOriginal: (file: Blob) => Promise<ScalableOriginal>) {}

  /** An export has arrived (before it waits in the queue). */
  received(message: ExportFullResolutionMessage): void {
    this.running.set(message, new AbortController());
  }

  /** Cancels every export received and not finished. */
  cancelAll(): void {
    for (const controller of this.running.values()) controller.abort();
  }

  /** Runs the export on `engine`; `fails` is a test hook's failure of the read-back. */
  async run(
    message: ExportFullResolutionMessage,
    engine: Engine | null,
    fails: boolean,
  ): Promise<Fields<ReplyOf<'exportFullResolution'>>> {
    const controller = this.running.get(message) ?? new AbortController();
    const id = message.id;
    try {
      if (!engine) throw new Error('the engine is not ready');
      if (fails) throw new Error('the read-back failed (test hook)');
      controller.signal.throwIfAborted();
      const started = performance.now();
      const result = await engine.exportFullResolution(
        message,
        this.decodeOriginal,
        (progress) => post({ type: 'exportProgress', ...(id === undefined ? {} : { id }), progress }),
        controller.signal,
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log('info', `Full-resolution export: ${result.width}x${result.height} in ${seconds} s`);
      return result;
    } catch (error) {
      for (const step of message.steps) step.mask?.close();
      if (controller.signal.aborted) return { blob: null, cancelled: true };
      log('error', `Full-resolution export failed: ${logText(error)}`);
      return { blob: null, error: reason(error) };
    } finally {
      this.running.delete(message);
    }
  }
}
