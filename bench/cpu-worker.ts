/// <reference lib="webworker" />
// The benchmark's CPU baseline: an effect's own stage list run by the tests' CPU references
// (tests/reference, plain TypeScript) in a worker, as a page without a GPU engine would have to.
import { findEffect } from '../src/effects/index.ts';
import { resolveSettings } from '../src/effects/settings.ts';
import type { RgbaImage } from '../tests/reference/image.ts';
import { runReference } from '../tests/reference/index.ts';
import { cpuResources } from './cpu-resources.ts';
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

self.onmessage = (event: MessageEvent<CpuRequest>) => {
  const { effectId, width, height, warmup, iterations } = event.data;
  try {
    const effect = findEffect(effectId);
    if (!effect) throw new Error(`Unknown effect ${effectId}`);
    const input: RgbaImage = { width, height, data: syntheticPixels(width, height) };
    const chain = effect.stages(resolveSettings(effect, {}), input);
    const resources = cpuResources(chain.flatMap((step) => Object.values(step.textures ?? {})));
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
