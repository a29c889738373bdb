/**
 * The main-thread side of the engine: starts the module worker, hands it the canvas, and turns its
 * messages into callbacks. The UI talks to the engine only through this class.
 */
import {
  isFromWorkerMessage,
  type EffectSettings,
  type EngineKind,
  type FromWorkerMessage,
  type ImageDataMessage,
  type ToWorkerMessage,
} from '../protocol.ts';

export interface EngineClientEvents {
  onMessage(message: FromWorkerMessage): void;
  /** The worker failed as a whole (script error); it has been terminated. */
  onWorkerFailure(message: string): void;
}

export class EngineSetupError extends Error {}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class EngineClient {
  private readonly imageDataWaiters: ((message: ImageDataMessage) => void)[] = [];
  private terminated = false;

  private constructor(
    private readonly worker: Worker,
    private readonly events: EngineClientEvents,
  ) {
    worker.onmessage = (event: MessageEvent<unknown>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.terminate();
      events.onWorkerFailure(
        `Worker error: ${event.message || 'Worker script failed to load or execution error'}`,
      );
    };
  }

  /**
   * Starts the worker on `canvas`. Throws EngineSetupError with the spec's messages when the canvas is
   * missing, cannot be transferred, or the worker cannot be created.
   */
  static start(
    canvas: HTMLCanvasElement | null,
    events: EngineClientEvents,
    engine?: EngineKind,
  ): EngineClient {
    if (!canvas) throw new EngineSetupError('Canvas element unavailable.');
    if (typeof canvas.transferControlToOffscreen !== 'function' || typeof Worker === 'undefined') {
      throw new EngineSetupError('OffscreenCanvas not supported. Cannot initialize effect engine.');
    }
    let offscreen: OffscreenCanvas;
    try {
      offscreen = canvas.transferControlToOffscreen();
    } catch (error) {
      throw new EngineSetupError(`OffscreenCanvas transfer failed: ${reason(error)}`);
    }
    let worker: Worker;
    try {
      worker = new Worker(new URL('../worker/worker.ts', import.meta.url), {
        type: 'module',
        name: 'effect-engine',
      });
    } catch (error) {
      throw new EngineSetupError(`Failed to create Web Worker: ${reason(error)}`);
    }
    const client = new EngineClient(worker, events);
    client.post({ type: 'init', canvas: offscreen, ...(engine ? { engine } : {}) }, [offscreen]);
    return client;
  }

  post(message: ToWorkerMessage, transfer: Transferable[] = []): void {
    if (this.terminated) return;
    this.worker.postMessage(message, transfer);
  }

  loadImage(
    image: ImageBitmap,
    processing: { width: number; height: number },
    original: { width: number; height: number },
  ) {
    this.post(
      {
        type: 'loadImage',
        image,
        processingWidth: processing.width,
        processingHeight: processing.height,
        originalWidth: original.width,
        originalHeight: original.height,
      },
      [image],
    );
  }

  applyEffect(effectId: string, settings: EffectSettings): void {
    this.post({ type: 'applyEffect', effectId, settings });
  }

  /** Asks for the current image as a JPEG; resolves with the worker's answer (blob null on failure). */
  requestImageData(quality = 0.9, exportLongSide?: number): Promise<ImageDataMessage> {
    return new Promise((resolve) => {
      this.imageDataWaiters.push(resolve);
      this.post({
        type: 'requestImageData',
        format: 'image/jpeg',
        quality,
        ...(exportLongSide ? { exportLongSide } : {}),
      });
    });
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.worker.terminate();
    for (const waiter of this.imageDataWaiters.splice(0))
      waiter({ type: 'imageData', blob: null, format: 'image/jpeg' });
  }

  private receive(data: unknown): void {
    if (!isFromWorkerMessage(data)) {
      console.warn('Ignoring a malformed message from the worker', data);
      return;
    }
    if (data.type === 'imageData') {
      this.imageDataWaiters.shift()?.(data);
      return;
    }
    if (data.type === 'log') {
      const write =
        data.level === 'error' ? console.error : data.level === 'warn' ? console.warn : console.info;
      write(`[engine] ${data.message}`);
      return;
    }
    this.events.onMessage(data);
  }
}
