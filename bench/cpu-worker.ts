/// <reference lib="webworker" />
// The benchmark's CPU baseline: an effect's own stage list run by the tests' CPU references
// (tests/reference, plain TypeScript) in a worker, as a page without a GPU engine would have to.
import { findEffect } from '../src/effects/index.ts';
import { bakeLut } from '../src/effects/luts.ts';
import { resolveSettings } from '../src/effects/settings.ts';
import type { RgbaImage } from '../tests/reference/image.ts';
import { runReference } from '../tests/reference/index.ts';
import { median, syntheticPixels } from '../tests/support/synthetic.ts';

declare const self: DedicatedWorkerGlobalScope;

export interface CpuRequest {
  effectId: string;
  width: number;
  height: number;
  warmup: number;
  iterations: number;
}

export interface CpuResponse {
  ok: boolean;
  samplesMs?: number[];
  medianMs?: number;
  stages?: string[];
  error?: string;
}

/** The textures an effect's invocations name: baked LUTs, and a blank (transparent) freehand mask. */
function resourcesFor(keys: readonly string[]): Record<string, RgbaImage> {
  const resources: Record<string, RgbaImage> = {};
  for (const key of keys) {
    if (key.startsWith('lut:')) {
      const atlas = bakeLut(key.slice(4));
      if (!atlas) throw new Error(`Unknown LUT ${key}`);
      resources[key] = { width: atlas.size * atlas.size, height: atlas.size, data: atlas.data };
    } else {
      resources[key] = { width: 1, height: 1, data: new Uint8Array(4) };
    }
  }
  return resources;
}

self.onmessage = (event: MessageEvent<CpuRequest>) => {
  const { effectId, width, height, warmup, iterations } = event.data;
  try {
    const effect = findEffect(effectId);
    if (!effect) throw new Error(`Unknown effect ${effectId}`);
    const input: RgbaImage = { width, height, data: syntheticPixels(width, height) };
    const chain = effect.stages(resolveSettings(effect, {}), input);
    const resources = resourcesFor(chain.flatMap((step) => Object.values(step.textures ?? {})));
    for (let i = 0; i < warmup; i++) runReference(input, chain, resources);
    const samplesMs: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      runReference(input, chain, resources);
      samplesMs.push(performance.now() - start);
    }
    const response: CpuResponse = {
      ok: true,
      samplesMs,
      medianMs: median(samplesMs),
      stages: chain.map((step) => step.stage),
    };
    self.postMessage(response);
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
