// The benchmark page: times stages and effects on each backend beside an identity pass at the same size
// (the floor of one read and one write per pixel), the jpeg stage beside the browser's own JPEG round
// trip, and effects beside their CPU references in a worker. scripts/bench.mjs drives it piece by piece
// and writes the results.
import '../tests/gpu/harness.ts';
import { EFFECTS } from '../src/effects/index.ts';
import { resolveSettings } from '../src/effects/settings.ts';
import { STAGES } from '../src/pipeline/stages/index.ts';
import type { EngineKind } from '../src/engine/protocol.ts';
import { STAGE_CASES } from '../tests/gpu/cases/index.ts';
import { median } from '../tests/support/synthetic.ts';
import type { CpuRequest, CpuResponse } from './cpu-worker.ts';

export interface Timing {
  medianMs: number;
  samplesMs: number[];
}

export interface GpuRow {
  engine: EngineKind;
  width: number;
  height: number;
  /**
   * `unfused`: an effect with its per-pixel stages run one by one, beside `fused`, the same effect timed
   * before and after it (pooled), to show what fusing them saves.
   */
  kind: 'stage' | 'effect' | 'fused' | 'unfused' | 'identity' | 'thumbnails';
  /** The stage name or the effect id. */
  name: string;
  label: string;
  medianMs: number;
  samplesMs: number[];
  /** GPU passes one run took. */
  passes?: number;
}

export interface Repeat {
  warmup: number;
  iterations: number;
}

const bench = {
  /** The identity pass: the unit the other rows are measured in. */
  identity(
    engine: EngineKind,
    width: number,
    height: number,
    repeat: Repeat,
    shown = false,
  ): Promise<Timing> {
    return window.harness.bench(
      engine,
      width,
      height,
      [{ stage: 'copy', params: {} }],
      repeat.warmup,
      repeat.iterations,
      undefined,
      shown,
    );
  },

  /** Each stage's first test case, of every stage or of `only` (rows of what each stage costs alone). */
  async stages(
    engine: EngineKind,
    width: number,
    height: number,
    repeat: Repeat,
    only: readonly string[] | null = null,
  ): Promise<GpuRow[]> {
    const rows: GpuRow[] = [];
    for (const [stage, cases] of Object.entries(STAGE_CASES)) {
      const first = cases[0];
      if (!first || stage === 'copy' || (only && !only.includes(stage))) continue;
      const result = await window.harness.bench(
        engine,
        width,
        height,
        first.chain,
        repeat.warmup,
        repeat.iterations,
        // Extra textures (a LUT) are made here in the page; RGBA images are what the worker uploads.
        first.resources?.(),
      );
      rows.push({ engine, width, height, kind: 'stage', name: stage, label: first.label, ...result });
      console.info(`${engine} ${width}x${height} stage ${stage}: ${result.medianMs.toFixed(1)} ms`);
    }
    return rows;
  },

  /**
   * Every worker effect at its defaults; `shown`: each result also put on the worker's canvas, as the
   * editor shows an apply (what the viewfinder does with each frame).
   */
  async effects(
    engine: EngineKind,
    width: number,
    height: number,
    repeat: Repeat,
    shown = false,
  ): Promise<GpuRow[]> {
    const rows: GpuRow[] = [];
    for (const effect of EFFECTS.filter((e) => e.runsOn === 'worker')) {
      const result = await window.harness.benchEffect(
        engine,
        width,
        height,
        effect.id,
        {},
        repeat.warmup,
        repeat.iterations,
        true,
        shown,
      );
      rows.push({ engine, width, height, kind: 'effect', name: effect.id, label: effect.name, ...result });
      console.info(`${engine} ${width}x${height} ${effect.id}: ${result.medianMs.toFixed(1)} ms`);
    }
    return rows;
  },

  /**
   * The effects whose stages at their defaults include a fused run: each with those stages one by one,
   * between two fused measurements (pooled), so that a drift of the machine's load hits both alike.
   */
  async unfused(engine: EngineKind, width: number, height: number, repeat: Repeat): Promise<GpuRow[]> {
    const rows: GpuRow[] = [];
    for (const effect of EFFECTS.filter((e) => e.runsOn === 'worker')) {
      const chain = effect.stages(resolveSettings(effect, {}), { width, height });
      const perPixel = (i: number) => STAGES.get(chain[i]?.stage ?? '')?.perPixel === true;
      if (!chain.some((_step, i) => i > 0 && perPixel(i) && perPixel(i - 1))) continue;
      const time = (fuse: boolean) =>
        window.harness.benchEffect(
          engine,
          width,
          height,
          effect.id,
          {},
          repeat.warmup,
          repeat.iterations,
          fuse,
        );
      const before = await time(true);
      const separate = await time(false);
      const after = await time(true);
      const samplesMs = [...before.samplesMs, ...after.samplesMs];
      const common = { engine, width, height, name: effect.id, label: effect.name };
      rows.push({ ...common, kind: 'fused', samplesMs, medianMs: median(samplesMs), passes: before.passes });
      rows.push({ ...common, kind: 'unfused', ...separate });
      console.info(
        `${engine} ${width}x${height} ${effect.id}: fused ${median(samplesMs).toFixed(1)} ms, ` +
          `one by one ${separate.medianMs.toFixed(1)} ms`,
      );
    }
    return rows;
  },

  /** The editor's thumbnail set of a photo of this size: every effect and Filters look (issue 23). */
  async thumbnails(engine: EngineKind, width: number, height: number, repeat: Repeat): Promise<GpuRow[]> {
    const result = await window.harness.benchThumbnails(
      engine,
      width,
      height,
      repeat.warmup,
      repeat.iterations,
    );
    console.info(`${engine} ${width}x${height} thumbnails: ${result.medianMs.toFixed(1)} ms`);
    return [
      { engine, width, height, kind: 'thumbnails', name: 'thumbnails', label: 'Thumbnail set', ...result },
    ];
  },

  /** The jpeg stage alone at a quality. */
  jpegStage(engine: EngineKind, width: number, height: number, quality: number, repeat: Repeat) {
    return window.harness.bench(
      engine,
      width,
      height,
      [{ stage: 'jpeg', params: { quality } }],
      repeat.warmup,
      repeat.iterations,
    );
  },

  /** The browser's JPEG encode and decode at the same size and quality. */
  browserJpeg(width: number, height: number, quality: number, repeat: Repeat): Promise<Timing> {
    return window.harness.benchBrowserJpeg(width, height, quality, repeat.warmup, repeat.iterations);
  },

  /** An effect's stages through the CPU references, in a worker of its own. */
  cpu(effectId: string, width: number, height: number, repeat: Repeat): Promise<CpuResponse> {
    return new Promise((resolve) => {
      const worker = new Worker(new URL('./cpu-worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<CpuResponse>) => {
        worker.terminate();
        resolve(event.data);
      };
      worker.onerror = (event) => {
        worker.terminate();
        resolve({ ok: false, error: event.message });
      };
      const request: CpuRequest = { effectId, width, height, ...repeat };
      worker.postMessage(request);
    });
  },

  workerEffects(): { id: string; name: string }[] {
    return EFFECTS.filter((e) => e.runsOn === 'worker').map((e) => ({ id: e.id, name: e.name }));
  },
};

export type Bench = typeof bench;

declare global {
  interface Window {
    bench: Bench;
  }
}

window.bench = bench;
