/**
 * The main-thread side of the engine: starts the module worker, hands it the canvas, and turns its
 * messages into callbacks. The UI talks to the engine only through this class.
 */
import {
  isEngineKind,
  isFromWorkerMessage,
  type CubeLoadedMessage,
  type EngineKind,
  type FromWorkerMessage,
  type FullResolutionImageMessage,
  type FullResolutionStep,
  type ImageDataMessage,
  type ToWorkerMessage,
} from '../protocol.ts';
import { deviceLimits } from '../device-limits.ts';
import type { CropGeometry } from '../../crop/geometry.ts';

export interface EngineClientEvents {
  onMessage(message: FromWorkerMessage): void;
  /** The worker failed as a whole (script error, or no answer in time); it has been terminated. */
  onWorkerFailure(message: string): void;
}

export interface EngineClientOptions {
  engine?: EngineKind;
  /** Lets the worker accept test hooks (forced context loss, crashes). */
  testHooks?: boolean;
  /** A worker that does not answer a request for this long is treated as dead. */
  responseTimeoutMs?: number;
}

/** Spec-independent: how long a request may go unanswered before the worker counts as dead. */
export const DEFAULT_RESPONSE_TIMEOUT_MS = 20_000;

/** Requests the worker answers (with a status, an error, image data, a bitmap or stats). */
const ANSWERED: ReadonlySet<ToWorkerMessage['type']> = new Set<ToWorkerMessage['type']>([
  'init',
  'loadImage',
  'applyEffect',
  'commitEffect',
  'undo',
  'redo',
  'replaceBaseImage',
  'cropImage',
  'requestImageData',
  'requestImageBitmap',
  'exportFullResolution',
  'requestStats',
  'loadCube',
  'liveShutter',
  'liveRead',
]);

export interface FullResolutionRequest {
  /** The file the image was loaded from. */
  file: Blob;
  /** The size the image was processed at for the preview. */
  processing: { width: number; height: number };
  /** The committed effects and the current one, in order; masks are transferred. */
  steps: FullResolutionStep[];
  /** The crop in force, if any. */
  crop?: CropGeometry;
  quality: number;
  /** Test option: the longest tile side. */
  tileLimit?: number;
  onProgress?: (fraction: number) => void;
}

export class EngineSetupError extends Error {}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class EngineClient {
  private readonly imageDataWaiters: ((message: ImageDataMessage) => void)[] = [];
  private readonly cubeWaiters: ((message: CubeLoadedMessage) => void)[] = [];
  private readonly statsWaiters: ((stats: { textures: number; buffers: number }) => void)[] = [];
  private readonly exportWaiters: {
    resolve: (message: FullResolutionImageMessage) => void;
    onProgress?: (fraction: number) => void;
  }[] = [];
  private terminated = false;
  /** Requests sent and not yet answered, and when the worker last said anything. */
  private unanswered = 0;
  private lastHeard = Date.now();
  private readonly watchdog: ReturnType<typeof setInterval>;

  private constructor(
    private readonly worker: Worker,
    private readonly events: EngineClientEvents,
    private readonly timeoutMs: number,
  ) {
    worker.onmessage = (event: MessageEvent<unknown>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.fail(`Worker error: ${event.message || 'Worker script failed to load or execution error'}`);
    };
    // A worker that stops answering (stuck, or closed without an error) is as dead as one that threw.
    this.watchdog = setInterval(
      () => {
        if (this.unanswered > 0 && Date.now() - this.lastHeard > this.timeoutMs) {
          this.fail('Worker error: the effect engine stopped responding');
        }
      },
      Math.min(1000, this.timeoutMs / 4),
    );
  }

  private fail(message: string): void {
    if (this.terminated) return;
    this.terminate();
    this.events.onWorkerFailure(message);
  }

  /**
   * Starts the worker on `canvas`. Throws EngineSetupError with the spec's messages when the canvas is
   * missing, cannot be transferred, or the worker cannot be created.
   */
  static start(
    canvas: HTMLCanvasElement | null,
    events: EngineClientEvents,
    options: EngineClientOptions = {},
  ): EngineClient {
    const { engine, testHooks } = options;
    const limits = deviceLimits();
    const broken = testHooks ? new URLSearchParams(self.location.search).get('breakEngine') : null;
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
    const client = new EngineClient(worker, events, options.responseTimeoutMs ?? DEFAULT_RESPONSE_TIMEOUT_MS);
    client.post(
      {
        type: 'init',
        canvas: offscreen,
        ...(engine ? { engine } : {}),
        ...(testHooks ? { testHooks } : {}),
        ...(limits ? { deviceLimits: limits } : {}),
        ...(isEngineKind(broken) ? { breakEngine: broken } : {}),
      },
      [offscreen],
    );
    return client;
  }

  post(message: ToWorkerMessage, transfer: Transferable[] = []): void {
    if (this.terminated) return;
    if (ANSWERED.has(message.type)) {
      if (this.unanswered === 0) this.lastHeard = Date.now();
      this.unanswered++;
    }
    this.worker.postMessage(message, transfer);
  }

  loadImage(
    image: ImageBitmap,
    processing: { width: number; height: number },
    original: { width: number; height: number },
    taken?: string,
  ) {
    this.post(
      {
        type: 'loadImage',
        image,
        processingWidth: processing.width,
        processingHeight: processing.height,
        originalWidth: original.width,
        originalHeight: original.height,
        ...(taken ? { taken } : {}),
      },
      [image],
    );
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

  /**
   * Asks for the image at its original size (issue 7); resolves with the worker's answer: the JPEG, or no
   * blob and whether it was cancelled or failed. Progress arrives through `onProgress` meanwhile.
   */
  exportFullResolution(request: FullResolutionRequest): Promise<FullResolutionImageMessage> {
    return new Promise((resolve) => {
      this.exportWaiters.push({ resolve, ...(request.onProgress ? { onProgress: request.onProgress } : {}) });
      const masks = request.steps.flatMap((step) => (step.mask ? [step.mask] : []));
      this.post(
        {
          type: 'exportFullResolution',
          file: request.file,
          processingWidth: request.processing.width,
          processingHeight: request.processing.height,
          steps: request.steps,
          ...(request.crop ? { crop: request.crop } : {}),
          quality: request.quality,
          ...(request.tileLimit ? { tileLimit: request.tileLimit } : {}),
        },
        masks,
      );
    });
  }

  /** Hands the worker a .cube file to read; resolves with its answer (the title and size, or why not). */
  loadCube(file: Blob): Promise<CubeLoadedMessage> {
    return new Promise((resolve) => {
      this.cubeWaiters.push(resolve);
      this.post({ type: 'loadCube', file });
    });
  }

  /** Stops the running full-resolution export; its promise resolves as cancelled. */
  cancelExport(): void {
    this.post({ type: 'cancelExport' });
  }

  /** The engine's live GPU object counts (for leak checks). */
  requestStats(): Promise<{ textures: number; buffers: number }> {
    return new Promise((resolve) => {
      this.statsWaiters.push(resolve);
      this.post({ type: 'requestStats' });
    });
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    clearInterval(this.watchdog);
    this.worker.terminate();
    for (const waiter of this.imageDataWaiters.splice(0))
      waiter({ type: 'imageData', blob: null, format: 'image/jpeg' });
    for (const waiter of this.cubeWaiters.splice(0))
      waiter({ type: 'cubeLoaded', error: 'the effect engine stopped' });
    for (const waiter of this.exportWaiters.splice(0))
      waiter.resolve({ type: 'fullResolutionImage', blob: null, error: 'the effect engine stopped' });
  }

  private receive(data: unknown): void {
    if (this.terminated) return;
    this.lastHeard = Date.now();
    if (!isFromWorkerMessage(data)) {
      console.warn('Ignoring a malformed message from the worker', data);
      return;
    }
    // Progress is no answer: the export it reports on still is one request waiting.
    if (data.type === 'exportProgress') {
      this.exportWaiters[0]?.onProgress?.(data.progress);
      return;
    }
    // Logs and viewfinder frames answer nothing.
    if (data.type !== 'log' && data.type !== 'liveShown' && this.unanswered > 0) this.unanswered--;
    if (data.type === 'fullResolutionImage') {
      this.exportWaiters.shift()?.resolve(data);
      return;
    }
    if (data.type === 'imageData') {
      this.imageDataWaiters.shift()?.(data);
      return;
    }
    if (data.type === 'cubeLoaded') {
      this.cubeWaiters.shift()?.(data);
      return;
    }
    if (data.type === 'stats') {
      this.statsWaiters.shift()?.({ textures: data.textures, buffers: data.buffers });
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
