/**
 * The viewfinder's frames through the page, where the worker cannot read the camera's track itself: a
 * playing video element, and a VideoFrame (or an ImageBitmap, where there is no VideoFrame) made of each
 * new frame and transferred. One frame is with the worker at a time: a frame that arrives meanwhile waits
 * as the newest and is taken when the worker shows the one before.
 */
import type { EngineClient } from '../../engine/client/engine-client.ts';
import { epochNow, type LiveImage } from '../../engine/protocol.ts';

/** A frame the worker never reports shown (it failed) frees the page's path after this long. */
const FRAME_TIMEOUT_MS = 2000;

export class PageFrames {
  private video: HTMLVideoElement | null = null;
  // Whether a frame is with the worker, and the newest one waiting.
  private inFlightSince: number | null = null;
  private newestArrived: number | null = null;
  private frameCallback: number | null = null;

  constructor(private readonly client: EngineClient) {}

  /** Plays the stream in a video element of its own and sends its frames from now on. */
  async start(stream: MediaStream): Promise<void> {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    this.video = video;
    await video.play().catch(() => undefined);
    this.watchFrames(video);
  }

  /** The worker showed the frame it had: the newest frame that came meanwhile goes now. */
  shown(): void {
    this.inFlightSince = null;
    if (this.newestArrived !== null) void this.sendNewest();
  }

  /** Stops the video element and forgets the frames waiting. */
  stop(): void {
    const video = this.video;
    this.video = null;
    if (video) {
      if (this.frameCallback !== null) {
        if (typeof video.cancelVideoFrameCallback === 'function')
          video.cancelVideoFrameCallback(this.frameCallback);
        else cancelAnimationFrame(this.frameCallback);
      }
      video.pause();
      video.srcObject = null;
    }
    this.frameCallback = null;
    this.inFlightSince = null;
    this.newestArrived = null;
  }

  /** Each new frame of the video element: sent at once if the worker is free, else kept as the newest. */
  private watchFrames(video: HTMLVideoElement): void {
    if (typeof video.requestVideoFrameCallback === 'function') {
      const next = () => {
        this.frameCallback = video.requestVideoFrameCallback(() => {
          if (this.video !== video) return;
          this.frameArrived();
          next();
        });
      };
      next();
      return;
    }
    // No frame callback: a new frame shows as a new current time, looked for on every animation frame.
    let lastTime = -1;
    const poll = () => {
      if (this.video !== video) return;
      if (video.currentTime !== lastTime && video.readyState >= 2) {
        lastTime = video.currentTime;
        this.frameArrived();
      }
      this.frameCallback = requestAnimationFrame(poll);
    };
    poll();
  }

  private frameArrived(): void {
    this.newestArrived = epochNow();
    if (this.inFlightSince !== null && performance.now() - this.inFlightSince > FRAME_TIMEOUT_MS) {
      this.inFlightSince = null;
    }
    if (this.inFlightSince === null) void this.sendNewest();
  }

  private async sendNewest(): Promise<void> {
    const video = this.video;
    const arrived = this.newestArrived;
    if (!video || arrived === null || video.videoWidth === 0) return;
    this.newestArrived = null;
    this.inFlightSince = performance.now();
    let frame: LiveImage;
    try {
      frame =
        typeof VideoFrame === 'function'
          ? new VideoFrame(video, { timestamp: Math.round(arrived * 1000) })
          : await createImageBitmap(video);
    } catch {
      this.inFlightSince = null;
      return;
    }
    if (this.video !== video) {
      frame.close();
      return;
    }
    this.client.post({ type: 'liveFrame', frame, arrived }, [frame as Transferable]);
  }
}
