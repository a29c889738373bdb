// Times every stage and every effect on each backend beside an identity pass at the same size (the floor
// of one read and one write per pixel). Runs in the browser; scripts/bench.mjs drives it and writes the
// results.
import '../tests/gpu/harness.ts';
import { EFFECTS } from '../src/effects/index.ts';
import type { EngineKind } from '../src/engine/protocol.ts';
import { STAGE_CASES } from '../tests/gpu/stage-cases.ts';

export interface BenchRow {
  engine: EngineKind;
  size: string;
  kind: 'stage' | 'effect';
  /** The stage name or the effect id. */
  stage: string;
  label: string;
  medianMs: number;
  identityMs: number;
  /** Cost in identity passes. */
  ratio: number;
}

export interface BenchOptions {
  engines: EngineKind[];
  sizes: [number, number][];
  warmup: number;
  iterations: number;
}

async function runBenchmark(options: BenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const engine of options.engines) {
    for (const [width, height] of options.sizes) {
      const size = `${width}x${height}`;
      const identity = await window.harness.bench(
        engine,
        width,
        height,
        [{ stage: 'copy', params: {} }],
        options.warmup,
        options.iterations,
      );
      for (const [stage, cases] of Object.entries(STAGE_CASES)) {
        const first = cases[0];
        if (!first || stage === 'copy') continue;
        const result = await window.harness.bench(
          engine,
          width,
          height,
          first.chain,
          options.warmup,
          options.iterations,
          // Extra textures (a LUT) are made here in the page; RGBA images are what the worker uploads.
          first.resources?.(),
        );
        rows.push({
          engine,
          size,
          kind: 'stage',
          stage,
          label: first.label,
          medianMs: result.medianMs,
          identityMs: identity.medianMs,
          ratio: result.medianMs / identity.medianMs,
        });
        console.info(`${engine} ${size} ${stage}: ${result.medianMs.toFixed(2)} ms`);
      }
      for (const effect of EFFECTS.filter((e) => e.runsOn === 'worker')) {
        const result = await window.harness.benchEffect(
          engine,
          width,
          height,
          effect.id,
          {},
          options.warmup,
          options.iterations,
        );
        rows.push({
          engine,
          size,
          kind: 'effect',
          stage: effect.id,
          label: `${effect.name} at its defaults`,
          medianMs: result.medianMs,
          identityMs: identity.medianMs,
          ratio: result.medianMs / identity.medianMs,
        });
        console.info(`${engine} ${size} ${effect.id}: ${result.medianMs.toFixed(2)} ms`);
      }
      rows.push({
        engine,
        size,
        kind: 'stage',
        stage: 'copy',
        label: 'identity',
        medianMs: identity.medianMs,
        identityMs: identity.medianMs,
        ratio: 1,
      });
    }
  }
  return rows;
}

declare global {
  interface Window {
    runBenchmark: typeof runBenchmark;
  }
}

window.runBenchmark = runBenchmark;
document.body.dataset.ready = 'true';
