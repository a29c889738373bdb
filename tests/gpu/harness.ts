// The harness page: one worker per backend, reached by tests and the benchmark through window.harness.
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import type {
  BenchResult,
  CubeResult,
  HarnessRequest,
  HarnessResponse,
  RunResult,
  TextureData,
  TilesResult,
} from './harness-protocol.ts';
import { checkStage, checkTiles, type HarnessRunner, type TilesSetup } from './harness-checks.ts';

/** Extra textures as the tests send them: RGBA8 bytes in base64. */
export type EncodedResources = Record<string, { width: number; height: number; data: string }>;

function decodeResources(resources: EncodedResources = {}): Record<string, TextureData> {
  return Object.fromEntries(
    Object.entries(resources).map(([key, r]) => [
      key,
      { width: r.width, height: r.height, data: fromBase64(r.data) },
    ]),
  );
}

type Pending = { resolve: (value: HarnessResponse) => void };

const workers = new Map<EngineKind, Worker>();
const pending = new Map<number, Pending>();
let nextId = 1;

function workerFor(engine: EngineKind): Worker {
  let worker = workers.get(engine);
  if (!worker) {
    worker = new Worker(new URL('./harness-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<HarnessResponse>) => {
      pending.get(event.data.id)?.resolve(event.data);
      pending.delete(event.data.id);
    };
    workers.set(engine, worker);
  }
  return worker;
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

async function send(request: WithoutId<HarnessRequest>, transfer: Transferable[] = []): Promise<unknown> {
  const id = nextId++;
  const response = await new Promise<HarnessResponse>((resolve) => {
    pending.set(id, { resolve });
    workerFor(request.engine).postMessage({ ...request, id }, transfer);
  });
  if (!response.ok) throw new Error(response.error);
  return response.result;
}

// The browser's own base64 (the page runs in Chromium): string loops took a quarter of a second per 2 MB.
// (Typed here: the page's lib, ES2023, predates them.)
function toBase64(bytes: Uint8Array): string {
  return (bytes as Uint8Array & { toBase64(): string }).toBase64();
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return (Uint8Array as unknown as { fromBase64(text: string): Uint8Array<ArrayBuffer> }).fromBase64(text);
}

/** The checks' way to the backends' workers (harness-checks.ts). */
const runner: HarnessRunner = {
  run: async (engine, image, chain, resources) =>
    (await send({ type: 'run', engine, image, chain, resources }, [image])) as RunResult,
  tiles: async (engine, image, chain, tileLimit, resources) =>
    (await send({ type: 'tiles', engine, image, chain, tileLimit, resources }, [image])) as TilesResult,
};

const harness = {
  /** A stage case against its CPU reference on each backend: only the scores come back. */
  checkStage(stage: string, index: number, engines: EngineKind[]) {
    return checkStage(runner, stage, index, engines);
  },

  /** A stage case whole and in tiles on each backend: only the scores come back. */
  checkTiles(stage: string, index: number, setup: TilesSetup, engines: EngineKind[]) {
    return checkTiles(runner, stage, index, setup, engines);
  },

  /** Runs a chain on an encoded image (base64 file bytes); returns input and output RGBA as base64. */
  async run(
    engine: EngineKind,
    fileBase64: string,
    chain: StageInvocation[],
    resources?: EncodedResources,
    options: { fuse?: boolean } = {},
  ) {
    const image = await createImageBitmap(new Blob([fromBase64(fileBase64)]), {
      colorSpaceConversion: 'none',
      premultiplyAlpha: 'none',
    });
    const result = (await send(
      { type: 'run', engine, image, chain, resources: decodeResources(resources), ...options },
      [image],
    )) as RunResult;
    return {
      passes: result.passes,
      inputWidth: result.inputWidth,
      inputHeight: result.inputHeight,
      width: result.width,
      height: result.height,
      input: toBase64(result.input),
      output: toBase64(result.output),
    };
  },

  /** Runs a chain whole and in tiles of at most `tileLimit` px; returns both results as RGBA base64. */
  async runTiles(
    engine: EngineKind,
    fileBase64: string,
    chain: StageInvocation[],
    tileLimit: number,
    resources?: EncodedResources,
  ) {
    const image = await createImageBitmap(new Blob([fromBase64(fileBase64)]), {
      colorSpaceConversion: 'none',
      premultiplyAlpha: 'none',
    });
    const result = (await send(
      { type: 'tiles', engine, image, chain, tileLimit, resources: decodeResources(resources) },
      [image],
    )) as TilesResult;
    return {
      width: result.width,
      height: result.height,
      tiles: result.tiles,
      reach: result.reach,
      whole: toBase64(result.whole),
      tiled: toBase64(result.tiled),
    };
  },

  /**
   * Runs a whole effect step with its settings on an encoded image (or, with `ownStages`, the effect's
   * stages without its strength); returns input and output RGBA as base64.
   */
  async runEffect(
    engine: EngineKind,
    fileBase64: string,
    effectId: string,
    settings: Record<string, number | string | boolean> = {},
    ownStages = false,
  ) {
    const image = await createImageBitmap(new Blob([fromBase64(fileBase64)]), {
      colorSpaceConversion: 'none',
      premultiplyAlpha: 'none',
    });
    const result = (await send({ type: 'effect', engine, image, effectId, settings, ownStages }, [
      image,
    ])) as RunResult;
    return {
      passes: result.passes,
      inputWidth: result.inputWidth,
      inputHeight: result.inputHeight,
      width: result.width,
      height: result.height,
      input: toBase64(result.input),
      output: toBase64(result.output),
    };
  },

  /**
   * Runs a recipe's steps one after another on an encoded image, each stored 8-bit before the next as
   * the editor commits them; `cube` (a .cube's text) is loaded first as the user's own look.
   */
  async runSteps(
    engine: EngineKind,
    fileBase64: string,
    steps: { effectId: string; settings: Record<string, number | string | boolean> }[],
    cube?: string,
  ) {
    const image = await createImageBitmap(new Blob([fromBase64(fileBase64)]), {
      colorSpaceConversion: 'none',
      premultiplyAlpha: 'none',
    });
    const request = { type: 'steps', engine, image, steps, ...(cube === undefined ? {} : { cube }) } as const;
    const result = (await send(request, [image])) as RunResult;
    return {
      width: result.width,
      height: result.height,
      input: toBase64(result.input),
      output: toBase64(result.output),
    };
  },

  /** A recipe's colour as a .cube, made by the engine's own export on a backend. */
  async exportCube(
    engine: EngineKind,
    title: string,
    steps: { effectId: string; settings: Record<string, number | string | boolean> }[],
    cubes?: Record<string, string>,
  ) {
    return (await send({ type: 'cube', engine, title, steps, ...(cubes ? { cubes } : {}) })) as CubeResult;
  },

  /**
   * Chromium's own JPEG encode and decode of RGBA pixels (base64): the pixels go into a 2D canvas as they
   * are, `convertToBlob({ type: 'image/jpeg', quality: quality / 100 })`, and the file is decoded again
   * without colour conversion. Returns what the canvas held before encoding (to check it is what was
   * given) and the decoded pixels, both RGBA base64, and the file's size.
   */
  async browserJpegRoundTrip(width: number, height: number, rgbaBase64: string, quality: number) {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d context');
    const pixels = new ImageData(new Uint8ClampedArray(fromBase64(rgbaBase64).buffer), width, height);
    context.putImageData(pixels, 0, 0);
    const held = context.getImageData(0, 0, width, height).data;
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: quality / 100 });
    const bitmap = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
    const decoded = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    if (!decoded) throw new Error('no 2d context');
    decoded.drawImage(bitmap, 0, 0);
    bitmap.close();
    const output = decoded.getImageData(0, 0, width, height).data;
    return {
      input: toBase64(new Uint8Array(held.buffer)),
      output: toBase64(new Uint8Array(output.buffer)),
      bytes: blob.size,
    };
  },

  /** Times a whole effect at a size, at its defaults unless settings are given. */
  async benchEffect(
    engine: EngineKind,
    width: number,
    height: number,
    effectId: string,
    settings: Record<string, number | string | boolean> = {},
    warmup = 3,
    iterations = 10,
    fuse = true,
    present = false,
  ) {
    return (await send({
      type: 'bench',
      engine,
      width,
      height,
      effectId,
      settings,
      warmup,
      iterations,
      fuse,
      present,
    })) as BenchResult;
  },

  /** Times the editor's whole thumbnail set (every effect and look, read back) of an image of this size. */
  async benchThumbnails(engine: EngineKind, width: number, height: number, warmup = 2, iterations = 5) {
    return (await send({
      type: 'bench',
      engine,
      width,
      height,
      warmup,
      iterations,
      thumbnails: true,
    })) as BenchResult;
  },

  /** Times the browser's JPEG encode (2D OffscreenCanvas) and decode (createImageBitmap) at a size. */
  async benchBrowserJpeg(width: number, height: number, quality: number, warmup = 3, iterations = 10) {
    return (await send({
      type: 'codec',
      engine: 'webgpu',
      width,
      height,
      quality,
      warmup,
      iterations,
    })) as BenchResult;
  },

  /** Times a chain at a size: median of `iterations` runs after `warmup`, GPU work finished each time. */
  async bench(
    engine: EngineKind,
    width: number,
    height: number,
    chain: StageInvocation[],
    warmup = 3,
    iterations = 10,
    resources?: Record<string, { width: number; height: number; data: Uint8Array }>,
    present = false,
  ) {
    const textures = resources
      ? Object.fromEntries(
          Object.entries(resources).map(([key, r]): [string, TextureData] => [
            key,
            { width: r.width, height: r.height, data: new Uint8Array(r.data) },
          ]),
        )
      : undefined;
    return (await send({
      type: 'bench',
      engine,
      width,
      height,
      chain,
      warmup,
      iterations,
      present,
      ...(textures ? { resources: textures } : {}),
    })) as BenchResult;
  },
};

export type Harness = typeof harness;

declare global {
  interface Window {
    harness: Harness;
  }
}

window.harness = harness;
document.body.dataset.ready = 'true';
