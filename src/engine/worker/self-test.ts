/**
 * The engine's self-test: a GPU that starts is not yet a GPU that draws right (Safari 26.4's
 * WebGPU drew black or dropped objects on macOS and iPadOS while WebGL worked). Once the worker is first
 * idle (idle-work.ts), a GPU backend runs a small known chain (a colour stage, a blur, the JPEG stage) on a
 * tiny generated picture, and its read-back is held to what the CPU backend computes from the same
 * picture. A backend that draws otherwise is left for the next one.
 */
import type { Backend } from '../backend.ts';
import type { EngineKind } from '../protocol.ts';
import { StageRunner } from '../runner.ts';
import type { Engine } from './photo-engine.ts';
import { log, logText, post } from './post.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';

/** The picture's side: a few JPEG blocks, a blur's reach, and nothing to wait for. */
const SIDE = 24;

/** Backends agree far above this (float rounding, a level here and there); a wrong one falls far below. */
export const SELF_TEST_MIN_PSNR = 30;

const CHAIN: StageInvocation[] = [
  { stage: 'vibrance', params: { vibrance: 0.6 } },
  { stage: 'blur', params: { sigma: 1.2 } },
  { stage: 'jpeg', params: { quality: 60 } },
];

/** Gradients in each channel, a ring and a hard edge: something every stage of the chain changes. */
export function selfTestPicture(): ImageData {
  const image = new ImageData(SIDE, SIDE);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      const i = (y * SIDE + x) * 4;
      const ring = Math.hypot(x - 9, y - 13) < 6 ? 90 : 0;
      image.data[i] = 30 + x * 8;
      image.data[i + 1] = 200 - y * 6 + (x > 16 ? 40 : 0);
      image.data[i + 2] = 60 + ring + ((x * y) % 37);
      image.data[i + 3] = 255;
    }
  return image;
}

/** The chain's pixels on `backend`. */
export async function renderSelfTest(backend: Backend): Promise<Uint8Array> {
  const runner = new StageRunner(backend);
  const input = runner.pool.adopt(backend.uploadImage(selfTestPicture()));
  try {
    const output = await backend.validate(() => runner.run(input, CHAIN));
    try {
      return await backend.readPixels(output);
    } finally {
      runner.pool.release(output);
    }
  } finally {
    runner.pool.release(input);
    runner.pool.trim();
  }
}

function psnr(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i += 4)
    for (let c = 0; c < 3; c++) {
      const d = (a[i + c] ?? 0) - (b[i + c] ?? 0);
      sum += d * d;
    }
  const mse = sum / ((a.length / 4) * 3);
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

/**
 * How the self-test went: `passed`; `failed` when the backend drew the chain wrong or could not draw it
 * (it is left for the next); `untested` when the CPU's pixels to hold it to could not be had (its code did
 * not load): nothing is known against the backend, so it is kept.
 */
export type SelfTestResult = { verdict: 'passed' } | { verdict: 'failed' | 'untested'; reason: string };

/**
 * Whether `backend` draws the chain as the CPU does. `expected` is the CPU's pixels; `corrupt` (a test
 * hook) spoils these backends' read-backs, as a GPU that draws black would.
 */
export async function selfTest(
  backend: Backend,
  expected: () => Promise<Uint8Array>,
  corrupt: readonly EngineKind[] = [],
): Promise<SelfTestResult> {
  if (backend.kind === 'cpu') return { verdict: 'passed' };
  // The CPU's pixels are worked out while the GPU draws: its backend's code loads meanwhile.
  const reference = expected();
  reference.catch(() => undefined);
  let pixels: Uint8Array;
  try {
    pixels = await renderSelfTest(backend);
  } catch (error) {
    return { verdict: 'failed', reason: `the self-test failed: ${message(error)}` };
  }
  if (corrupt.includes(backend.kind)) pixels.fill(0);
  let want: Uint8Array;
  try {
    want = await reference;
  } catch (error) {
    return { verdict: 'untested', reason: `the CPU's pixels could not be made: ${message(error)}` };
  }
  const score = psnr(pixels, want);
  if (score >= SELF_TEST_MIN_PSNR) return { verdict: 'passed' };
  return {
    verdict: 'failed',
    reason: `it drew the self-test's picture wrong (${score.toFixed(1)} dB from the CPU's)`,
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The CPU's pixels of the self-test, worked out once for every backend that is checked. */
let cpuPixels: Promise<Uint8Array> | null = null;

/** The CPU's pixels of the self-test; a failure is not kept, so that a later call tries again. */
export function cpuSelfTest(log: (text: string) => void): Promise<Uint8Array> {
  if (!cpuPixels) {
    const pixels = renderOnCpu(log);
    pixels.catch(() => {
      if (cpuPixels === pixels) cpuPixels = null;
    });
    cpuPixels = pixels;
  }
  return cpuPixels;
}

/** What the CPU backend makes of the self-test's chain: what a GPU backend must draw. */
async function renderOnCpu(log: (text: string) => void): Promise<Uint8Array> {
  const { createCpuBackend } = await import('../cpu/backend.ts');
  const cpu = createCpuBackend(new OffscreenCanvas(1, 1), log);
  if (!cpu) throw new Error('the CPU backend is not available');
  try {
    return await renderSelfTest(cpu);
  } finally {
    cpu.destroy();
  }
}

/**
 * Runs the self-test on `engine`'s backend once the worker is idle and tells the page (`selfTest`), which
 * moves to the next backend on a mismatch. A test that could not run (the CPU's pixels were not had, or
 * it threw) keeps the backend and is settled all the same. `corrupt` is the test hook's (`selfTest`).
 */
export async function runSelfTest(
  engine: Engine,
  corrupt: readonly EngineKind[],
): Promise<SelfTestResult['verdict']> {
  const kind = engine.backend.kind;
  const started = performance.now();
  let result: SelfTestResult;
  try {
    result = await selfTest(engine.backend, () => cpuSelfTest((text) => log('info', text)), corrupt);
  } catch (error) {
    result = { verdict: 'untested', reason: logText(error) };
  }
  const ms = (performance.now() - started).toFixed(0);
  if (result.verdict === 'untested') {
    log('warn', `${kind}: self-test could not run in ${ms} ms (${result.reason}); ${kind} is kept`);
  } else {
    log(result.verdict === 'failed' ? 'warn' : 'info', `${kind}: self-test ${result.verdict} in ${ms} ms`);
  }
  // The page leaves a backend only on a failure; an untested one is kept, as a passed one.
  post({
    type: 'selfTest',
    engine: kind,
    passed: result.verdict !== 'failed',
    ...('reason' in result ? { reason: result.reason } : {}),
  });
  return result.verdict;
}
