/**
 * The camera on the page's side: asks for the camera, starts an effect worker of its own on the
 * viewfinder's canvas, and hands it the frames by the cheapest way the browser has:
 *
 * - `stream`: MediaStreamTrackProcessor's readable stream, transferred once; the worker reads the frames
 *   itself and the page's thread never touches one (Chromium);
 * - `video-frame`: a VideoFrame made from a playing video element as each new frame arrives, transferred
 *   (Firefox, Safari);
 * - `bitmap`: the same with an ImageBitmap, where there is no VideoFrame.
 *
 * The page's paths are `page-frames.ts`'s, the reasons a camera cannot be used `camera-problems.ts`'s.
 * No React, no GPU code.
 */
import { EngineClient } from '../../engine/client/engine-client.ts';
import {
  type EffectSettings,
  type EngineKind,
  type FromWorkerMessage,
  type LivePixelsMessage,
  type LiveShotMessage,
  type LiveShownMessage,
  type LiveStep,
  type LiveUpload,
} from '../../engine/protocol.ts';
import { msg, MessageError, shownOf, type Shown } from '../../i18n/msg.ts';
import { PageFrames } from './page-frames.ts';
import { CAMERA_MESSAGES, problemOf, type CameraProblem } from './camera-problems.ts';

export type FramePath = 'stream' | 'video-frame' | 'bitmap';

/**
 * What the viewfinder shows: one effect (null: the frames as they come), or a recipe's steps in order
 * with the text of each .cube they read, by its hash.
 */
export interface LiveLook {
  effectId: string | null;
  settings: EffectSettings;
  steps?: readonly LiveStep[];
  cubes?: Readonly<Record<string, string>>;
}

export interface CameraStats {
  /** Frames shown since the camera opened. */
  frames: number;
  /** Frames shown per second, over the last second or so. */
  fps: number;
  /** From a frame's arrival to its processed frame on the canvas, averaged over recent frames (ms). */
  latency: number;
  /** What the engine spent on a frame, averaged (ms). */
  cost: number;
  /** The size frames are processed at, and the camera's own. */
  width: number;
  height: number;
  camera: { width: number; height: number } | null;
  path: FramePath | null;
  /** How the worker puts frames on the GPU, as its trial chose (null before the first frame). */
  upload: LiveUpload | null;
}

export interface CameraEvents {
  onStats(stats: CameraStats): void;
  /** The camera could not start or stopped; the session holds no track any more. */
  onProblem(problem: CameraProblem, message: Shown): void;
  /** The camera runs (again): frames are coming. */
  onRunning(): void;
  /**
   * The backend drew its self-test wrong and is left: a new session, on a fresh canvas,
   * starts past it (a canvas keeps the context it was given).
   */
  onEngineLeft(): void;
  /** A warning for the user (the backends left, said once the one moved to is trusted). */
  onNotice(message: Shown): void;
}

export interface CameraOptions {
  engine?: EngineKind;
  testHooks?: boolean;
  /** A fixed long side for the preview (a test or bench option); without it the worker adapts it. */
  longSide?: number;
  /** This session replaces one whose backend was left: the user is told once this one is trusted. */
  tellLeft?: boolean;
  /** Test hook: these backends' self-tests read back black. */
  breakEngine?: EngineKind[];
}

/** How many recent frames the rates and averages are taken over. */
const WINDOW = 30;
/** The most frames `timedFrames` keeps (a minute at 30 fps). */
const TIMED_LIMIT = 1800;
interface TrackProcessor {
  readable: ReadableStream<VideoFrame>;
}
type TrackProcessorConstructor = new (init: {
  track: MediaStreamTrack;
  maxBufferSize?: number;
}) => TrackProcessor;

export class CameraSession {
  private readonly client: EngineClient;
  private readonly pageFrames: PageFrames;
  private stream: MediaStream | null = null;
  private look: LiveLook = { effectId: null, settings: {} };
  private deviceId: string | null = null;
  private devices: MediaDeviceInfo[] = [];
  private closed = false;
  /** Counts opens, so that an open overtaken by a newer one (a switch, a close) lets its stream go. */
  private generation = 0;
  private readonly shown: { shown: number; latency: number; cost: number }[] = [];
  /** Every frame's latency and cost since the last `resetStats` (the bench's timed window), bounded. */
  private readonly timed: { latency: number; cost: number }[] = [];
  private stats: CameraStats = {
    frames: 0,
    fps: 0,
    latency: 0,
    cost: 0,
    width: 0,
    height: 0,
    camera: null,
    path: null,
    upload: null,
  };

  constructor(
    canvas: HTMLCanvasElement,
    private readonly events: CameraEvents,
    private readonly options: CameraOptions = {},
  ) {
    this.client = EngineClient.start(
      canvas,
      {
        onMessage: (message) => this.receive(message),
        onWorkerFailure: (message) => this.events.onProblem('engine', message),
        onBackendsLeft: (notice) => this.events.onNotice(notice),
      },
      {
        ...(options.engine ? { engine: options.engine } : {}),
        ...(options.testHooks ? { testHooks: true } : {}),
        ...(options.breakEngine ? { breakEngine: options.breakEngine } : {}),
        ...(options.tellLeft ? { tellLeft: true } : {}),
      },
    );
    this.pageFrames = new PageFrames(this.client);
  }

  /** The cameras the device has (known once one has been opened: labels need the permission). */
  get cameras(): readonly MediaDeviceInfo[] {
    return this.devices;
  }

  get running(): boolean {
    return this.stream !== null;
  }

  /** Opens the camera (the rear one first on phones), or `deviceId`; a problem goes to onProblem. */
  async open(deviceId: string | null = this.deviceId): Promise<void> {
    const generation = ++this.generation;
    this.release();
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
      this.events.onProblem('unsupported', CAMERA_MESSAGES.unsupported);
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: deviceId
          ? { deviceId: { exact: deviceId }, width: { ideal: 1920 }, height: { ideal: 1080 } }
          : { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
      });
    } catch (error) {
      if (generation !== this.generation) return;
      const problem = problemOf(error);
      this.events.onProblem(problem, CAMERA_MESSAGES[problem]);
      return;
    }
    if (generation !== this.generation || this.closed) {
      stopTracks(stream);
      return;
    }
    const track = stream.getVideoTracks()[0];
    if (!track) {
      stopTracks(stream);
      this.events.onProblem('absent', CAMERA_MESSAGES.absent);
      return;
    }
    this.stream = stream;
    const settings = track.getSettings();
    this.deviceId = settings.deviceId ?? deviceId;
    this.stats = {
      ...this.stats,
      camera: settings.width && settings.height ? { width: settings.width, height: settings.height } : null,
    };
    track.addEventListener('ended', () => {
      if (this.stream !== stream) return;
      this.release();
      this.events.onProblem('stopped', CAMERA_MESSAGES.stopped);
    });
    this.sendLook(settings.frameRate);
    // Frames go to the worker only once its engine can show them, and only if this open is still the
    // current one. Chromium holds a camera's frames handed to a worker (a transferred track stream, even
    // one never read) until the page's next garbage collection: a camera opened and closed again before
    // its engine started would otherwise keep frames the next open waits for.
    const started = await this.client.started.catch(() => null);
    if (generation !== this.generation || this.closed || started?.status !== 'WorkerReady') return;
    await this.feed(track, stream);
    this.events.onRunning();
    try {
      this.devices = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
    } catch {
      this.devices = [];
    }
  }

  /** The next camera of the device, in its list's order. */
  async switchCamera(): Promise<void> {
    if (this.devices.length < 2) return;
    const at = this.devices.findIndex((device) => device.deviceId === this.deviceId);
    const next = this.devices[(at + 1) % this.devices.length];
    if (next) await this.open(next.deviceId);
  }

  /** Which way the camera faces, where the browser says: the user's own is shown mirrored. */
  get facing(): string | undefined {
    return this.stream?.getVideoTracks()[0]?.getSettings().facingMode;
  }

  setLook(look: LiveLook): void {
    this.look = look;
    // The rates and averages are the new look's.
    this.resetStats();
    if (this.stream) this.sendLook(this.stream.getVideoTracks()[0]?.getSettings().frameRate);
  }

  /** The newest frame at the camera's own size, as a JPEG file named after when it was taken. */
  async shoot(): Promise<File> {
    if (!this.stream) throw new Error('the camera is not running');
    let shot: LiveShotMessage;
    try {
      shot = await this.client.request({ type: 'liveShutter' });
    } catch (error) {
      throw new MessageError(this.closed ? 'closed' : shownOf(error), { cause: error });
    }
    if (!shot.blob) throw new MessageError(shot.error ?? 'the camera gave no picture');
    return new File([shot.blob], shotName(new Date()), { type: 'image/jpeg', lastModified: Date.now() });
  }

  /** The page hid or the user left: every track stops (the camera's light goes off); `open` starts again. */
  pause(): void {
    this.generation++;
    this.release();
  }

  /** Leaves the camera for good: tracks stopped, the worker ended. */
  close(): void {
    this.closed = true;
    this.pause();
    this.client.terminate();
  }

  /** Starts the rates and averages again from the next frame (a new look; the bench's timed window). */
  resetStats(): void {
    this.shown.length = 0;
    this.timed.length = 0;
  }

  /** Each frame's latency and cost (ms) since the last `resetStats`, oldest first (a test hook). */
  timedFrames(): { latency: number; cost: number }[] {
    return [...this.timed];
  }

  /** The viewfinder's last processed frame, read back from the worker (a test hook). */
  readFrame(): Promise<LivePixelsMessage> {
    return this.client.request({ type: 'liveRead' });
  }

  /** The viewfinder's next processed frame and the frame it was made from (a test hook). */
  readFramePair(): Promise<LivePixelsMessage> {
    return this.client.request({ type: 'liveRead', pair: true });
  }

  /** GPU objects the viewfinder's worker holds (a test hook: counted between frames). */
  resourceCounts(): Promise<{ textures: number; buffers: number }> {
    return this.client.requestStats();
  }

  private sendLook(frameRate: number | undefined): void {
    const { steps, cubes = {} } = this.look;
    // The .cube files the steps read go with them (the worker reads each once).
    const named = new Set(steps?.flatMap((step) => (step.cube ? [step.cube] : [])));
    const files = [...named].flatMap((id) => (cubes[id] ? [{ id, file: new Blob([cubes[id]]) }] : []));
    this.client.post({
      type: 'liveLook',
      effectId: this.look.effectId,
      settings: this.look.settings,
      ...(steps ? { steps: [...steps] } : {}),
      ...(files.length > 0 ? { cubes: files } : {}),
      ...(this.options.longSide ? { longSide: this.options.longSide } : {}),
      ...(frameRate ? { frameInterval: 1000 / frameRate } : {}),
    });
  }

  private async feed(track: MediaStreamTrack, stream: MediaStream): Promise<void> {
    const Processor = (globalThis as { MediaStreamTrackProcessor?: TrackProcessorConstructor })
      .MediaStreamTrackProcessor;
    if (Processor) {
      try {
        // One frame buffered: when the worker reads slower than the camera, older frames are dropped.
        const { readable } = new Processor({ track, maxBufferSize: 1 });
        this.client.post({ type: 'liveStream', stream: readable }, [readable]);
        this.stats = { ...this.stats, path: 'stream' };
        return;
      } catch {
        // A readable stream that cannot be transferred: frames go through the page instead.
      }
    }
    this.stats = { ...this.stats, path: typeof VideoFrame === 'function' ? 'video-frame' : 'bitmap' };
    await this.pageFrames.start(stream);
  }

  private receive(message: FromWorkerMessage): void {
    switch (message.type) {
      case 'liveShown': {
        this.record(message);
        this.pageFrames.shown();
        return;
      }
      case 'selfTest':
        if (!message.passed) this.events.onEngineLeft();
        return;
      case 'status':
        if (message.status === 'WorkerError') {
          this.events.onProblem('engine', message.message ?? msg('The effect engine could not start.'));
        }
        return;
      case 'error':
        this.events.onProblem('engine', message.message);
        return;
      default:
        return;
    }
  }

  private record({ shown, arrived, cost, width, height, upload }: LiveShownMessage): void {
    this.shown.push({ shown, latency: shown - arrived, cost });
    if (this.shown.length > WINDOW) this.shown.shift();
    if (this.timed.length < TIMED_LIMIT) this.timed.push({ latency: shown - arrived, cost });
    const first = this.shown[0];
    const span = first ? shown - first.shown : 0;
    const average = (pick: (entry: { latency: number; cost: number }) => number) =>
      this.shown.reduce((sum, entry) => sum + pick(entry), 0) / this.shown.length;
    this.stats = {
      ...this.stats,
      frames: this.stats.frames + 1,
      fps: span > 0 ? ((this.shown.length - 1) * 1000) / span : 0,
      latency: average((entry) => entry.latency),
      cost: average((entry) => entry.cost),
      width,
      height,
      upload,
    };
    this.events.onStats(this.stats);
  }

  /** Stops the tracks and the frames' path; the worker lets go of its frames. */
  private release(): void {
    this.pageFrames.stop();
    if (this.stream) {
      stopTracks(this.stream);
      this.stream = null;
      this.client.post({ type: 'liveStop' });
    }
    this.shown.length = 0;
  }
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** A shot's file name: `camera_YYYYMMDD-HHMMSS.jpg`, the date stamp's day read from it by no one. */
export function shotName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `camera_${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}` +
    `-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.jpg`
  );
}
