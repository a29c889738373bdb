/// <reference lib="webworker" />
// Runs stage chains on a chosen backend, in a worker like the product's engine, for tests/gpu and the
// benchmark. Uses the engine's own backend choice and stage runner.
import type { Backend } from '../../src/engine/backend.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import { StageRunner } from '../../src/engine/runner.ts';
import { chooseBackend } from '../../src/engine/worker/choose-backend.ts';
import type { GpuTexture } from '../../src/engine/backend.ts';
import { findEffect } from '../../src/effects/index.ts';
import { bakeLut } from '../../src/grading/luts.ts';
import { resolveSettings } from '../../src/effects/settings.ts';
import { stepStages } from '../../src/effects/strength.ts';
import { EngineResources } from '../../src/engine/worker/resources.ts';
import { exportCube } from '../../src/engine/worker/cube-export.ts';
import { parseCube } from '../../src/grading/cube.ts';
import { ThumbnailRenderer } from '../../src/engine/worker/thumbnails.ts';
import { chainReach } from '../../src/engine/worker/export-step-plan.ts';
import { into, runInTiles } from '../../src/engine/worker/tiles.ts';
import { pixelsReader } from '../../src/pixels/strips.ts';
import { planTiles, tileLimits, type Tile } from '../../src/engine/tiling.ts';
import { median, syntheticPixels } from '../support/synthetic.ts';
import type {
  BenchRequest,
  CodecBenchRequest,
  CubeRequest,
  EffectRequest,
  HarnessRequest,
  HarnessResponse,
  RunRequest,
  StepsRequest,
  TextureData,
  TilesRequest,
} from './harness-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

const runners = new Map<EngineKind, Promise<StageRunner>>();

function runnerFor(engine: EngineKind): Promise<StageRunner> {
  let runner = runners.get(engine);
  if (!runner) {
    runner = chooseBackend(new OffscreenCanvas(1, 1), engine, {
      log: (message) => console.info(message),
      onLost: (reason) => console.error(reason),
      onRestored: () => undefined,
    }).then(({ backend, reasons }: { backend: Backend | null; reasons: string[] }) => {
      if (!backend) throw new Error(`${engine} is not available: ${reasons.join('; ')}`);
      return new StageRunner(backend);
    });
    runners.set(engine, runner);
  }
  return runner;
}

/** Uploads the request's extra textures; returns a resolver for the runner and a cleanup. */
function uploadResources(runner: StageRunner, resources: Record<string, TextureData> = {}) {
  const textures = new Map<string, GpuTexture>();
  for (const [key, texture] of Object.entries(resources)) {
    const image = new ImageData(new Uint8ClampedArray(texture.data.buffer), texture.width, texture.height);
    textures.set(key, runner.backend.uploadImage(image));
  }
  return {
    resolve: (key: string) => {
      const texture = textures.get(key);
      if (!texture) throw new Error(`No resource ${key} in this request`);
      return texture;
    },
    dispose: () => {
      for (const texture of textures.values()) runner.backend.destroyTexture(texture);
    },
  };
}

async function run(request: RunRequest) {
  const runner = await runnerFor(request.engine);
  const input = runner.pool.adopt(runner.backend.uploadImage(request.image));
  request.image.close();
  const resources = uploadResources(runner, request.resources);
  const passesBefore = runner.passCount;
  runner.fuse = request.fuse ?? true;
  const output = await runner.backend
    .validate(() => runner.run(input, request.chain, resources.resolve))
    .finally(() => {
      runner.fuse = true;
    });
  const result = {
    passes: runner.passCount - passesBefore,
    inputWidth: input.width,
    inputHeight: input.height,
    width: output.width,
    height: output.height,
    input: await runner.backend.readPixels(input),
    output: await runner.backend.readPixels(output),
  };
  runner.pool.release(input);
  runner.pool.release(output);
  resources.dispose();
  return result;
}

/** The chain on the whole image, and in tiles through the export's own tiling. */
async function runTiles(request: TilesRequest) {
  const runner = await runnerFor(request.engine);
  const { width, height } = request.image;
  const source = new OffscreenCanvas(width, height);
  const context = source.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(request.image, 0, 0);
  request.image.close();
  const resources = uploadResources(runner, request.resources);
  try {
    const input = runner.pool.adopt(runner.backend.uploadImage(context.getImageData(0, 0, width, height)));
    const output = await runner.backend.validate(() => runner.run(input, request.chain, resources.resolve));
    const whole = await runner.backend.readPixels(output);
    runner.pool.release(input);
    runner.pool.release(output);
    const reach = chainReach(request.chain, { width, height });
    if (reach === null) throw new Error('This chain cannot run in tiles');
    const tiles = planTiles(
      width,
      height,
      reach,
      tileLimits(runner.backend.maxTextureSize, request.tileLimit ?? undefined),
    );
    if (!tiles)
      throw new Error(`No tiles of ${request.tileLimit ?? 'the default'} px fit a reach of ${reach} px`);
    // In place, as the full-resolution save runs a step between two others.
    const pixels = { width, height, data: context.getImageData(0, 0, width, height).data };
    // The textures the pool holds after each tile: the same after every tile of a size, or they pile up.
    let held = 0;
    let last = { size: '', count: 0 };
    const count = ({ region }: Tile) => {
      const size = `${region.width}x${region.height}`;
      if (size === last.size) held = Math.max(held, runner.pool.liveCount - last.count);
      last = { size, count: runner.pool.liveCount };
      return Promise.resolve();
    };
    await runInTiles(
      runner,
      pixelsReader(pixels),
      into(pixels, true),
      request.chain,
      tiles,
      resources.resolve,
      count,
    );
    return {
      width,
      height,
      whole,
      tiled: new Uint8Array(pixels.data.buffer),
      tiles: tiles.length,
      cores: tiles.map((tile) => tile.core),
      reach,
      held,
    };
  } finally {
    resources.dispose();
  }
}

const effectResources = new Map<StageRunner, EngineResources>();

/** The engine's own resources (LUTs baked on first use), one set per backend. */
function engineResources(runner: StageRunner): EngineResources {
  let resources = effectResources.get(runner);
  if (!resources) {
    resources = new EngineResources(runner.backend, bakeLut);
    effectResources.set(runner, resources);
  }
  return resources;
}

function workerEffect(effectId: string) {
  const effect = findEffect(effectId);
  if (!effect || effect.runsOn !== 'worker') throw new Error(`Unknown effect ${effectId}`);
  return effect;
}

async function runEffect(request: EffectRequest) {
  const runner = await runnerFor(request.engine);
  const resources = engineResources(runner);
  const effect = workerEffect(request.effectId);
  const input = runner.pool.adopt(runner.backend.uploadImage(request.image));
  request.image.close();
  const settings = resolveSettings(effect, request.settings);
  const passesBefore = runner.passCount;
  // The step as the engine runs it (with its strength), or the effect's own stages alone.
  const chain = request.ownStages ? effect.stages(settings, input) : stepStages(effect, settings, input);
  const output = await runner.backend.validate(() => runner.run(input, chain, resources.resolve));
  const result = {
    passes: runner.passCount - passesBefore,
    inputWidth: input.width,
    inputHeight: input.height,
    width: output.width,
    height: output.height,
    input: await runner.backend.readPixels(input),
    output: await runner.backend.readPixels(output),
  };
  runner.pool.release(input);
  runner.pool.release(output);
  return result;
}

/** Steps one after another, each committed (stored 8-bit) before the next, as the editor runs a recipe. */
async function runRecipeSteps(request: StepsRequest) {
  const runner = await runnerFor(request.engine);
  const resources = engineResources(runner);
  if (request.cube !== undefined) {
    // As the engine's loadCube takes the user's file.
    const cube = parseCube(request.cube);
    resources.setCube('harness', { size: cube.size, data: new Uint8Array(cube.atlas.data) });
  }
  const input = runner.pool.adopt(runner.backend.uploadImage(request.image));
  request.image.close();
  let current = input;
  for (const step of request.steps) {
    const effect = workerEffect(step.effectId);
    const chain = effect.stages(resolveSettings(effect, step.settings), current);
    const from = current;
    const resolve = resources.forStep({ cube: 'harness' });
    const next = await runner.backend.validate(() => runner.run(from, chain, resolve));
    if (current !== input) runner.pool.release(current);
    current = next;
  }
  const result = {
    passes: 0,
    inputWidth: input.width,
    inputHeight: input.height,
    width: current.width,
    height: current.height,
    input: await runner.backend.readPixels(input),
    output: await runner.backend.readPixels(current),
  };
  if (current !== input) runner.pool.release(current);
  runner.pool.release(input);
  return result;
}

async function runCubeExport(request: CubeRequest) {
  const runner = await runnerFor(request.engine);
  const { title, steps, cubes } = request;
  const resources = engineResources(runner);
  return exportCube(runner, (step) => resources.forStep(step), { title, steps, cubes }, '2026-01-01');
}

function syntheticImage(width: number, height: number): ImageData {
  return new ImageData(new Uint8ClampedArray(syntheticPixels(width, height).buffer), width, height);
}

async function bench(request: BenchRequest) {
  const runner = await runnerFor(request.engine);
  const input = runner.pool.adopt(runner.backend.uploadImage(syntheticImage(request.width, request.height)));
  const resources = uploadResources(runner, request.resources);
  let chain = request.chain ?? [];
  let resolve = resources.resolve;
  if (request.effectId) {
    const effect = workerEffect(request.effectId);
    chain = stepStages(effect, resolveSettings(effect, request.settings ?? {}), input);
    resolve = engineResources(runner).resolve;
  }
  let passes = 0;
  const thumbnails = request.thumbnails
    ? new ThumbnailRenderer(runner.backend, engineResources(runner).resolve)
    : null;
  const once = async () => {
    if (thumbnails) {
      // As the editor makes them: each rendered and read back.
      const before = thumbnails.passCount;
      thumbnails.queue(0);
      while (await thumbnails.next(input));
      passes = thumbnails.passCount - before;
    } else {
      const before = runner.passCount;
      const output = await runner.backend.validate(() => runner.run(input, chain, resolve));
      if (request.present) await runner.backend.present(output);
      runner.pool.release(output);
      passes = runner.passCount - before;
    }
    await runner.backend.finish();
  };
  const samplesMs: number[] = [];
  runner.fuse = request.fuse ?? true;
  try {
    for (let i = 0; i < request.warmup; i++) await once();
    for (let i = 0; i < request.iterations; i++) {
      const start = performance.now();
      await once();
      samplesMs.push(performance.now() - start);
    }
  } finally {
    runner.fuse = true;
  }
  runner.pool.release(input);
  runner.pool.trim();
  resources.dispose();
  return { samplesMs, medianMs: median(samplesMs), passes };
}

async function benchCodec(request: CodecBenchRequest) {
  const canvas = new OffscreenCanvas(request.width, request.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.putImageData(syntheticImage(request.width, request.height), 0, 0);
  const once = async () => {
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: request.quality / 100 });
    const bitmap = await createImageBitmap(blob);
    bitmap.close();
  };
  for (let i = 0; i < request.warmup; i++) await once();
  const samplesMs: number[] = [];
  for (let i = 0; i < request.iterations; i++) {
    const start = performance.now();
    await once();
    samplesMs.push(performance.now() - start);
  }
  return { samplesMs, medianMs: median(samplesMs) };
}

self.onmessage = async (event: MessageEvent<HarnessRequest>) => {
  const request = event.data;
  let response: HarnessResponse;
  const transfer: Transferable[] = [];
  try {
    if (request.type === 'tiles') {
      const result = await runTiles(request);
      transfer.push(result.whole.buffer, result.tiled.buffer);
      response = { id: request.id, ok: true, result, engine: request.engine };
    } else if (request.type === 'cube') {
      response = { id: request.id, ok: true, result: await runCubeExport(request), engine: request.engine };
    } else if (request.type === 'run' || request.type === 'effect' || request.type === 'steps') {
      const result =
        request.type === 'run'
          ? await run(request)
          : request.type === 'effect'
            ? await runEffect(request)
            : await runRecipeSteps(request);
      transfer.push(result.input.buffer, result.output.buffer);
      response = { id: request.id, ok: true, result, engine: request.engine };
    } else {
      const result = request.type === 'codec' ? await benchCodec(request) : await bench(request);
      response = { id: request.id, ok: true, result, engine: request.engine };
    }
  } catch (error) {
    response = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(response, transfer);
};
