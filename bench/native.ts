// The benchmark on a real GPU without a browser: the engine's own WebGPU backend, stage runner, effects
// and shaders, driven from Node through Dawn (the WebGPU implementation inside Chromium, packaged for Node
// as the `webgpu` npm package). `npm run bench:native` builds this file into one script for Node; see
// scripts/bench-native.mjs. It is for machines with a GPU and no display (CI has neither GPU nor need of
// it): the browser benchmark (`npm run bench`) remains the one that measures the app as users get it.
//
// It times, for the same rows as the browser benchmark (identity pass, every worker effect at its
// defaults, the jpeg stage alone; 1080x720 and 4000x3000):
//   - GPU time: the sum of every compute pass's duration from timestamp queries (what the GPU spent);
//   - wall time: from the apply's first encoded pass to its work being done (what a user waits for on an
//     otherwise idle GPU: JavaScript encoding, submission and the GPU together);
// and issue 38's two GPU questions: the self-test's time on a fresh device (nothing compiled: what it
// would add to the start if it ran before the first photo; it runs behind it, so this is how long
// the first thumbnail waits) and the editor's thumbnail set beside one CCD apply at 1080 px (wall);
// and, on the same machine's CPU, the tests' CPU references at 4000x3000 in worker threads (one effect per
// thread, single-threaded each). The JPEG round trip of the browser is measured outside (libjpeg-turbo
// through Pillow, the same library Chromium encodes and decodes JPEG with), on the raw synthetic images
// this script writes next to its results.
/// <reference types="@webgpu/types" />
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { EFFECTS } from '../src/effects/index.ts';
import { bakeLut } from '../src/grading/luts.ts';
import { resolveSettings } from '../src/effects/settings.ts';
import type { Backend, GpuTexture } from '../src/engine/backend.ts';
import type { StageInvocation } from '../src/pipeline/stages/invocation.ts';
import { StageRunner } from '../src/engine/runner.ts';
import { createWebGpuBackend } from '../src/engine/webgpu/create.ts';
import { EngineResources } from '../src/engine/worker/resources.ts';
import { renderSelfTest } from '../src/engine/worker/self-test.ts';
import { ThumbnailRenderer } from '../src/engine/worker/thumbnails.ts';
import type { RgbaImage } from '../tests/reference/image.ts';
import { runReference } from '../tests/reference/index.ts';
import { cpuResources } from './cpu-resources.ts';
import { median, syntheticPixels } from '../tests/support/synthetic.ts';

interface DawnModule {
  create(flags: string[]): GPU;
  globals: Record<string, unknown>;
}

const SIZES: [number, number][] = [
  [1080, 720],
  [4000, 3000],
];
const WARMUP = 3;
const ITERATIONS = 10;
const JPEG_QUALITY = 70;
const MAX_TIMED_PASSES = 256;
const BATCH = 20;
const WORKER_EFFECTS = EFFECTS.filter((e) => e.runsOn === 'worker');

interface Row {
  name: string;
  width: number;
  height: number;
  passes: number;
  /** Summed pass durations (timestamp queries). */
  gpuMs: number;
  /** First pass's start to last pass's end. */
  spanMs: number;
  wallMs: number;
  /** Per apply, when BATCH applies are queued back to back without timestamps (CPU and GPU overlap). */
  batchMs: number;
  /** Each pass (stage:entry at its output size) with its median duration. */
  passDetail: { pass: string; ms: number }[];
  gpuSamplesMs: number[];
  wallSamplesMs: number[];
}

interface Sample {
  wallMs: number;
  labels: string[];
  passes: number;
  gpuMs: number;
  spanMs: number;
  passMs: number[];
}

/**
 * ImageData for Node: the backend uploads its `data` with writeTexture. Both of the browser's forms:
 * (data, width, height) and (width, height), a blank picture (the self-test draws its own).
 */
class NodeImageData {
  readonly colorSpace = 'srgb';
  readonly data: Uint8ClampedArray;
  readonly width: number;
  readonly height: number;
  constructor(dataOrWidth: Uint8ClampedArray | number, width: number, height?: number) {
    if (typeof dataOrWidth === 'number') {
      this.width = dataOrWidth;
      this.height = width;
      this.data = new Uint8ClampedArray(dataOrWidth * width * 4);
    } else {
      this.data = dataOrWidth;
      this.width = width;
      this.height = height ?? dataOrWidth.length / 4 / width;
    }
  }
}

/** A proxy of `target` whose method `name` is `replacement`; its other members are the target's own. */
function overriding<T extends object>(target: T, name: string, replacement: unknown): T {
  return new Proxy(target, {
    get(object, key) {
      if (key === name) return replacement;
      const value = Reflect.get(object, key, object) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/**
 * Compute passes get timestamp writes: every encoder the backend makes is wrapped so that each
 * beginComputePass writes the pass's start and end into the query set, in order.
 */
class PassTimer {
  readonly querySet: GPUQuerySet;
  private readonly resolveBuffer: GPUBuffer;
  private readonly readBuffer: GPUBuffer;
  next = 0;
  /** Off: passes are encoded without timestamp writes. */
  enabled = true;

  constructor(private readonly device: GPUDevice) {
    this.querySet = device.createQuerySet({ type: 'timestamp', count: MAX_TIMED_PASSES * 2 });
    this.resolveBuffer = device.createBuffer({
      size: MAX_TIMED_PASSES * 16,
      usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC,
    });
    this.readBuffer = device.createBuffer({
      size: MAX_TIMED_PASSES * 16,
      usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ,
    });
  }

  wrap(device: GPUDevice): GPUDevice {
    const beginComputePass =
      (encoder: GPUCommandEncoder) =>
      (descriptor: GPUComputePassDescriptor = {}): GPUComputePassEncoder => {
        if (!this.enabled || this.next >= MAX_TIMED_PASSES) return encoder.beginComputePass(descriptor);
        const index = this.next++;
        return encoder.beginComputePass({
          ...descriptor,
          timestampWrites: {
            querySet: this.querySet,
            beginningOfPassWriteIndex: index * 2,
            endOfPassWriteIndex: index * 2 + 1,
          },
        });
      };
    return overriding(device, 'createCommandEncoder', (descriptor?: GPUCommandEncoderDescriptor) => {
      const encoder = device.createCommandEncoder(descriptor);
      return overriding(encoder, 'beginComputePass', beginComputePass(encoder));
    });
  }

  /**
   * The passes timed since the last read: their summed durations, the span from the first pass's start
   * to the last one's end (the gaps between passes included), and each pass's duration, in ms.
   */
  async read(): Promise<{ passes: number; gpuMs: number; spanMs: number; passMs: number[] }> {
    const count = this.next;
    this.next = 0;
    if (count === 0) return { passes: 0, gpuMs: 0, spanMs: 0, passMs: [] };
    const encoder = this.device.createCommandEncoder();
    encoder.resolveQuerySet(this.querySet, 0, count * 2, this.resolveBuffer, 0);
    encoder.copyBufferToBuffer(this.resolveBuffer, 0, this.readBuffer, 0, count * 16);
    this.device.queue.submit([encoder.finish()]);
    await this.readBuffer.mapAsync(GPUMapMode.READ, 0, count * 16);
    const stamps = new BigUint64Array(this.readBuffer.getMappedRange(0, count * 16).slice(0));
    this.readBuffer.unmap();
    let total = 0n;
    let last = 0n;
    const passMs: number[] = [];
    for (let i = 0; i < count; i++) {
      const begin = stamps[i * 2] as bigint;
      const end = stamps[i * 2 + 1] as bigint;
      const duration = end > begin ? end - begin : 0n;
      total += duration;
      passMs.push(Number(duration) / 1e6);
      if (end > last) last = end;
    }
    const first = stamps[0] as bigint;
    return { passes: count, gpuMs: Number(total) / 1e6, spanMs: Number(last - first) / 1e6, passMs };
  }
}

async function gpuRows(dawn: DawnModule, flags: string[], log: (m: string) => void) {
  Object.assign(globalThis, dawn.globals);
  const gpu = dawn.create(flags);
  const adapterOptions: GPURequestAdapterOptions =
    process.env.FEATURE_LEVEL === 'compatibility'
      ? { featureLevel: 'compatibility' }
      : { powerPreference: 'high-performance' };
  let adapterInfo = '';
  let timestamps = false;
  // The backend asks navigator.gpu for its adapter and device: hand it one that adds timestamp queries.
  const wrappedGpu = {
    getPreferredCanvasFormat: () => 'rgba8unorm' as GPUTextureFormat,
    requestAdapter: async () => {
      const adapter = await gpu.requestAdapter(adapterOptions);
      if (!adapter) return null;
      adapterInfo = `${adapter.info.vendor} ${adapter.info.architecture} ${adapter.info.description}`.trim();
      if (!adapter.features.has('timestamp-query')) {
        log('The adapter has no timestamp queries: wall times only');
        return adapter;
      }
      timestamps = true;
      return overriding(adapter, 'requestDevice', (descriptor: GPUDeviceDescriptor = {}) =>
        adapter.requestDevice({ ...descriptor, requiredFeatures: ['timestamp-query'] }),
      );
    },
  };
  const g = globalThis as Record<string, unknown>;
  g.self = globalThis;
  g.ImageData = NodeImageData;
  Object.defineProperty(globalThis, 'navigator', { value: { gpu: wrappedGpu }, configurable: true });
  const canvas = {
    width: 1,
    height: 1,
    getContext: (kind: string) => (kind === 'webgpu' ? { configure() {}, unconfigure() {} } : null),
  } as unknown as OffscreenCanvas;
  const backend = await createWebGpuBackend(canvas, log);
  if (!backend) throw new Error('No WebGPU backend');
  const internals = backend as unknown as { device: GPUDevice };
  const timer = timestamps ? new PassTimer(internals.device) : null;
  if (timer) internals.device = timer.wrap(internals.device);
  // Which pass is which, for the breakdown.
  const passLabels: string[] = [];
  const runPass = backend.runPass.bind(backend);
  backend.runPass = (pass) => {
    passLabels.push(
      `${pass.stage}:${pass.entry ?? 'main'}${(pass.epilogue ?? []).map((f) => `+${f.stage}`).join('')} ${pass.output.width}x${pass.output.height}`,
    );
    runPass(pass);
  };
  // First, on the fresh device: the self-test as the engine's start runs it (its programs compiled then).
  const selfTest = await timeSelfTest(backend, log);
  const runner = new StageRunner(backend);
  const resources = new EngineResources(backend, bakeLut);

  const rows: Row[] = [];
  let thumbnails: ThumbnailTiming | null = null;
  for (const [width, height] of SIZES) {
    const image = new NodeImageData(
      new Uint8ClampedArray(syntheticPixels(width, height).buffer),
      width,
      height,
    ) as unknown as ImageData;
    const input = runner.pool.adopt(backend.uploadImage(image));
    await backend.finish();
    const measure = async (name: string, chain: StageInvocation[]) => {
      const once = async (): Promise<Sample> => {
        if (timer) timer.next = 0;
        passLabels.length = 0;
        const start = performance.now();
        const output = await backend.validate(() => runner.run(input, chain, resources.resolve));
        await backend.finish();
        const wallMs = performance.now() - start;
        runner.pool.release(output);
        const timed = timer ? await timer.read() : { passes: NaN, gpuMs: NaN, spanMs: NaN, passMs: [] };
        return { wallMs, labels: [...passLabels], ...timed };
      };
      for (let i = 0; i < WARMUP; i++) await once();
      const samples: Sample[] = [];
      for (let i = 0; i < ITERATIONS; i++) samples.push(await once());
      // Throughput without timestamp writes: applies back to back, one wait at the end.
      if (timer) timer.enabled = false;
      const batchStart = performance.now();
      for (let i = 0; i < BATCH; i++) {
        const output = await backend.validate(() => runner.run(input, chain, resources.resolve));
        runner.pool.release(output);
      }
      await backend.finish();
      const batchMs = (performance.now() - batchStart) / BATCH;
      if (timer) timer.enabled = true;
      const row: Row = {
        batchMs,
        name,
        width,
        height,
        passes: samples[0]?.passes ?? 0,
        gpuMs: median(samples.map((s) => s.gpuMs)),
        spanMs: median(samples.map((s) => s.spanMs)),
        passDetail: (samples[0]?.labels ?? []).map((pass, i) => ({
          pass,
          ms: median(samples.map((s) => s.passMs[i] ?? NaN)),
        })),
        wallMs: median(samples.map((s) => s.wallMs)),
        gpuSamplesMs: samples.map((s) => s.gpuMs),
        wallSamplesMs: samples.map((s) => s.wallMs),
      };
      rows.push(row);
      log(
        `${width}x${height} ${name}: GPU ${row.gpuMs.toFixed(3)} ms (span ${row.spanMs.toFixed(3)}), wall ${row.wallMs.toFixed(3)} ms, batched ${row.batchMs.toFixed(3)} ms, ${row.passes} passes`,
      );
    };
    await measure('identity', [{ stage: 'copy', params: {} }]);
    for (const effect of WORKER_EFFECTS) {
      await measure(effect.id, effect.stages(resolveSettings(effect, {}), input));
    }
    await measure('jpeg-stage', [{ stage: 'jpeg', params: { quality: JPEG_QUALITY } }]);
    if (width === 1080) thumbnails = await timeThumbnails(backend, input, resources, log);
    await measure('identity', [{ stage: 'copy', params: {} }]);
    runner.pool.release(input);
    runner.pool.trim();
  }
  return { adapter: adapterInfo, rows, selfTest, thumbnails };
}

interface ThumbnailTiming {
  medianMs: number;
  passes: number;
  samplesMs: number[];
}

/** The self-test's chain on a fresh device (cold: its programs compiled), then again (warm). */
async function timeSelfTest(backend: Backend, log: (m: string) => void) {
  const time = async () => {
    const start = performance.now();
    await renderSelfTest(backend);
    return performance.now() - start;
  };
  const coldMs = await time();
  const warmMs = await time();
  log(`self-test: ${coldMs.toFixed(1)} ms on a fresh device, ${warmMs.toFixed(1)} ms again`);
  return { coldMs, warmMs };
}

/** The editor's thumbnail set of `input` as the worker makes it, call after call, read back per group. */
async function timeThumbnails(
  backend: Backend,
  input: GpuTexture,
  resources: EngineResources,
  log: (m: string) => void,
): Promise<ThumbnailTiming> {
  const renderer = new ThumbnailRenderer(backend, resources.resolve);
  let passes = 0;
  const once = async () => {
    const before = renderer.passCount;
    const start = performance.now();
    renderer.queue(0);
    while (await renderer.next(input));
    await backend.finish();
    passes = renderer.passCount - before;
    return performance.now() - start;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const samplesMs: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) samplesMs.push(await once());
  const medianMs = median(samplesMs);
  log(`${input.width}x${input.height} thumbnail set: wall ${medianMs.toFixed(3)} ms, ${passes} passes`);
  return { medianMs, passes, samplesMs };
}

/** One effect's CPU references at a size, one run (as the browser benchmark does at 12 MP). */
function cpuRun(effectId: string, width: number, height: number): number {
  const effect = EFFECTS.find((e) => e.id === effectId);
  if (!effect) throw new Error(`Unknown effect ${effectId}`);
  const input: RgbaImage = { width, height, data: syntheticPixels(width, height) };
  const chain = effect.stages(resolveSettings(effect, {}), input);
  const resources = cpuResources(chain.flatMap((step) => Object.values(step.textures ?? {})));
  const start = performance.now();
  runReference(input, chain, resources);
  return performance.now() - start;
}

async function cpuRows(parallel: number, log: (m: string) => void) {
  const [width, height] = SIZES[1] as [number, number];
  const only = process.env.CPU_EFFECTS?.split(',');
  const queue = WORKER_EFFECTS.map((e) => e.id).filter((id) => !only || only.includes(id));
  const results: { name: string; width: number; height: number; cpuMs: number }[] = [];
  const runOne = (effectId: string) =>
    new Promise<number>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: { effectId, width, height } });
      worker.once('message', (ms: number) => resolve(ms));
      worker.once('error', reject);
    });
  const lanes = Array.from({ length: parallel }, async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      const cpuMs = await runOne(id);
      results.push({ name: id, width, height, cpuMs });
      log(`CPU ${width}x${height} ${id}: ${cpuMs.toFixed(0)} ms`);
    }
  });
  await Promise.all(lanes);
  return results;
}

async function main() {
  const out = process.env.OUT_DIR ?? '.';
  const log = (message: string) => console.log(message);
  const dawnPath = process.env.DAWN_NODE ?? 'webgpu';
  const dawn = (await import(dawnPath)) as DawnModule;
  const flags = (process.env.DAWN_FLAGS ?? 'disable-dawn-features=timestamp_quantization')
    .split(' ')
    .filter(Boolean);
  // The raw synthetic images, for the JPEG round trip measured outside (scripts/bench-native-jpeg.py).
  for (const [width, height] of SIZES) {
    writeFileSync(`${out}/synthetic-${width}x${height}.rgba`, syntheticPixels(width, height));
  }
  const gpuResult = process.env.SKIP_GPU
    ? { adapter: '', rows: [], selfTest: null, thumbnails: null }
    : await gpuRows(dawn, flags, log);
  const cpu = process.env.SKIP_CPU ? [] : await cpuRows(Number(process.env.CPU_PARALLEL ?? 4), log);
  const result = {
    date: new Date().toISOString(),
    machine: { cpu: cpus()[0]?.model, cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) },
    adapter: gpuResult.adapter,
    rows: gpuResult.rows,
    selfTest: gpuResult.selfTest,
    thumbnails: gpuResult.thumbnails,
    cpu,
  };
  writeFileSync(`${out}/native-results.json`, JSON.stringify(result, null, 1));
  log(`wrote ${out}/native-results.json`);
  process.exit(0);
}

if (isMainThread) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const { effectId, width, height } = workerData as { effectId: string; width: number; height: number };
  parentPort?.postMessage(cpuRun(effectId, width, height));
}
