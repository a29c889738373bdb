/**
 * The stage checks, run inside the harness page: the photo is fetched from the dev server, the chain runs
 * on each backend's worker, the CPU reference and the metrics are computed here, and only the numbers go
 * back to the test. Pixels crossing to the test process (base64 through the DevTools protocol) cost about a
 * second per 2 MB on two cores, more than the work they checked: a stage case moved 12 MB of them, a
 * tiles case 14 MB. The specs (stages.spec.ts, tiles.spec.ts) keep every expectation.
 */
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/engine/stages/invocation.ts';
import type { RgbaImage } from '../reference/image.ts';
import { runReference } from '../reference/index.ts';
import { maxAbsoluteError, meanAbsoluteError, psnr } from '../reference/metrics.ts';
import { STAGE_CASES } from './cases/index.ts';
import type { StageCase } from './cases/types.ts';
import type { RunResult, TextureData, TilesResult } from './harness-protocol.ts';

/** The photo a case runs on unless it names its own. */
export const CASE_PHOTO = 'kodak/kodim23.png';

/** What the harness gives the checks: a chain run on a backend, whole or in tiles. */
export interface HarnessRunner {
  run(
    engine: EngineKind,
    image: ImageBitmap,
    chain: StageInvocation[],
    resources: Record<string, TextureData>,
  ): Promise<RunResult>;
  tiles(
    engine: EngineKind,
    image: ImageBitmap,
    chain: StageInvocation[],
    tileLimit: number,
    resources: Record<string, TextureData>,
  ): Promise<TilesResult>;
}

export interface StageScores {
  /** Each backend against the CPU reference of the input it was given. */
  scores: { engine: EngineKind; psnr: number; meanError: number }[];
  /** WebGPU and the CPU backend against WebGL2. */
  across: { engine: EngineKind; psnr: number }[];
}

export interface TileScores {
  engine: EngineKind;
  tiles: number;
  reach: number;
  /** The most textures the pool gained from one tile to the next of the same size. */
  held: number;
  /** The tiled result against the whole one. */
  psnr: number;
  worst: number;
}

/** A test photo from tests/fixtures, decoded as the tests always have: no colour conversion. */
export async function fixtureBitmap(file: string): Promise<ImageBitmap> {
  const response = await fetch(`/tests/fixtures/${file}`);
  if (!response.ok) throw new Error(`No fixture ${file} (${response.status})`);
  return createImageBitmap(await response.blob(), { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
}

function stageCase(stage: string, index: number): StageCase {
  const found = STAGE_CASES[stage]?.[index];
  if (!found) throw new Error(`No case ${index} of stage ${stage}`);
  return found;
}

function textures(resources: Record<string, RgbaImage>): Record<string, TextureData> {
  return Object.fromEntries(
    Object.entries(resources).map(([key, image]) => [
      key,
      { width: image.width, height: image.height, data: new Uint8Array(image.data) },
    ]),
  );
}

function sameImage(a: RgbaImage, b: RgbaImage): boolean {
  if (a.width !== b.width || a.height !== b.height || a.data.length !== b.data.length) return false;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) return false;
  return true;
}

/** A stage case on each backend against its CPU reference, and the backends against WebGL2. */
export async function checkStage(
  runner: HarnessRunner,
  stage: string,
  index: number,
  engines: EngineKind[],
): Promise<StageScores> {
  const found = stageCase(stage, index);
  const resources = found.resources?.() ?? {};
  const outputs = new Map<EngineKind, RgbaImage>();
  const scores: StageScores['scores'] = [];
  // The reference of each input the backends were given: one photo decoded once, so normally one.
  let known: { input: RgbaImage; reference: RgbaImage } | null = null;
  for (const engine of engines) {
    const image = await fixtureBitmap(found.photo ?? CASE_PHOTO);
    const result = await runner.run(engine, image, found.chain, textures(resources));
    const input = { width: result.inputWidth, height: result.inputHeight, data: result.input };
    const output = { width: result.width, height: result.height, data: result.output };
    if (!known || !sameImage(known.input, input))
      known = { input, reference: runReference(input, found.chain, resources) };
    scores.push({
      engine,
      psnr: psnr(output, known.reference),
      meanError: meanAbsoluteError(output, known.reference),
    });
    outputs.set(engine, output);
  }
  const webgl2 = outputs.get('webgl2');
  const across = webgl2
    ? [...outputs]
        .filter(([engine]) => engine !== 'webgl2')
        .map(([engine, output]) => ({ engine, psnr: psnr(output, webgl2) }))
    : [];
  return { scores, across };
}

/** A stage case whole and in tiles of at most `tileLimit` px, on each backend. */
export async function checkTiles(
  runner: HarnessRunner,
  stage: string,
  index: number,
  tileLimit: number,
  engines: EngineKind[],
): Promise<TileScores[]> {
  const found = stageCase(stage, index);
  const resources = found.resources?.() ?? {};
  const scores: TileScores[] = [];
  for (const engine of engines) {
    const image = await fixtureBitmap(found.photo ?? CASE_PHOTO);
    const result = await runner.tiles(engine, image, found.chain, tileLimit, textures(resources));
    const whole = { width: result.width, height: result.height, data: result.whole };
    const tiled = { width: result.width, height: result.height, data: result.tiled };
    scores.push({
      engine,
      tiles: result.tiles,
      reach: result.reach,
      held: result.held,
      psnr: psnr(tiled, whole),
      worst: maxAbsoluteError(tiled, whole),
    });
  }
  return scores;
}
