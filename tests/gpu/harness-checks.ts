/**
 * The stage checks, run inside the harness page: the photo is fetched from the dev server, the chain runs
 * on each backend's worker, the CPU reference and the metrics are computed here, and only the numbers go
 * back to the test. Pixels crossing to the test process (base64 through the DevTools protocol) cost about a
 * second per 2 MB on two cores, more than the work they checked: a stage case moved 12 MB of them, a
 * tiles case 14 MB. The specs (stages.spec.ts, tiles.spec.ts) keep every expectation.
 */
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import type { Rect } from '../../src/engine/tiling.ts';
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
    tileLimit: number | null,
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
  /** The picture's size. */
  width: number;
  height: number;
  /** The tiled result against the whole one. */
  psnr: number;
  worst: number;
  /** The same within SEAM_BAND px of a seam, and everywhere else. */
  seam: PartScores;
  rest: PartScores;
  /** The same in bands of distance from the seams, where asked for. */
  profile?: PartScores[];
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

/** Pixels within this many of a seam are the seam's: where a margin too small shows first. */
export const SEAM_BAND = 4;

/** The differences of one part of the picture (the seams' band or the rest). */
export interface PartScores {
  pixels: number;
  psnr: number;
  worst: number;
  /** Share of the pixels with any channel a level or more apart. */
  changed: number;
}

/** Each pixel's distance along one axis to the nearest seam at `cuts` (a seam lies before each cut). */
function seamDistances(length: number, cuts: readonly number[]): Int32Array {
  const distances = new Int32Array(length).fill(1 << 30);
  for (const cut of cuts) {
    for (let i = 0; i < length; i++) {
      const d = i < cut ? cut - 1 - i : i - cut;
      if (d < (distances[i] ?? 0)) distances[i] = d;
    }
  }
  return distances;
}

/**
 * The tiled result against the whole one in bands of distance from the nearest seam (the cores' edges
 * inside the image): `limits` are the bands' upper bounds, exclusive, the last open.
 */
export function seamProfile(
  whole: RgbaImage,
  tiled: RgbaImage,
  cores: readonly Rect[],
  limits: readonly number[],
): PartScores[] {
  const { width, height } = whole;
  const columns = seamDistances(width, [...new Set(cores.map((c) => c.x).filter((x) => x > 0))]);
  const rows = seamDistances(height, [...new Set(cores.map((c) => c.y).filter((y) => y > 0))]);
  const parts = limits.map(() => ({ pixels: 0, squares: 0, worst: 0, changed: 0 }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const distance = Math.min(columns[x] ?? 0, rows[y] ?? 0);
      let band = limits.findIndex((limit) => distance < limit);
      if (band < 0) band = limits.length - 1;
      const part = parts[band]!;
      const i = (y * width + x) * 4;
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs((whole.data[i + c] ?? 0) - (tiled.data[i + c] ?? 0));
        part.squares += d * d;
        worst = Math.max(worst, d);
      }
      part.pixels++;
      part.worst = Math.max(part.worst, worst);
      if (worst > 0) part.changed++;
    }
  }
  return parts.map(({ pixels, squares, worst, changed }) => {
    const mse = pixels ? squares / (3 * pixels) : 0;
    return {
      pixels,
      psnr: mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse),
      worst,
      changed: pixels ? changed / pixels : 0,
    };
  });
}

/**
 * A test photo made larger than one of the product's tiles: the photo enlarged `scale` times (smoothly),
 * with fine detail added (a hashed speckle of up to 24 levels per channel), so that a seam has edges
 * and texture at every scale to show on.
 */
async function enlargedBitmap(file: string, scale: number): Promise<ImageBitmap> {
  const photo = await fixtureBitmap(file);
  const width = Math.round(photo.width * scale);
  const height = Math.round(photo.height * scale);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.imageSmoothingQuality = 'high';
  context.drawImage(photo, 0, 0, width, height);
  photo.close();
  const image = context.getImageData(0, 0, width, height);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      // An integer hash of the channel's index: fixed from run to run, uncorrelated from pixel to pixel.
      let h = Math.imul((i + c) ^ 0x9e3779b9, 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
      h ^= h >>> 16;
      data[i + c] = (data[i + c] ?? 0) + ((h & 0xff) % 49) - 24;
    }
  }
  context.putImageData(image, 0, 0);
  return createImageBitmap(canvas, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
}

/** How a tiles check cuts the picture: tiles of at most `tileLimit` px, or the product's own; `enlarge`
 * the photo that many times first (with fine detail added), or 1 for the photo itself. */
export interface TilesSetup {
  tileLimit: number | null;
  enlarge: number;
  /** Upper bounds of the distance bands from the seams to report (seamProfile), if any. */
  profile?: number[];
}

/** A stage case whole and in tiles, on each backend. */
export async function checkTiles(
  runner: HarnessRunner,
  stage: string,
  index: number,
  setup: TilesSetup,
  engines: EngineKind[],
): Promise<TileScores[]> {
  const found = stageCase(stage, index);
  const resources = found.resources?.() ?? {};
  const scores: TileScores[] = [];
  const photo = found.photo ?? CASE_PHOTO;
  for (const engine of engines) {
    const image =
      setup.enlarge === 1 ? await fixtureBitmap(photo) : await enlargedBitmap(photo, setup.enlarge);
    const result = await runner.tiles(engine, image, found.chain, setup.tileLimit, textures(resources));
    const whole = { width: result.width, height: result.height, data: result.whole };
    const tiled = { width: result.width, height: result.height, data: result.tiled };
    const [seam, rest] = seamProfile(whole, tiled, result.cores, [SEAM_BAND, Infinity]);
    scores.push({
      engine,
      width: result.width,
      height: result.height,
      tiles: result.tiles,
      reach: result.reach,
      held: result.held,
      psnr: psnr(tiled, whole),
      worst: maxAbsoluteError(tiled, whole),
      seam: seam!,
      rest: rest!,
      ...(setup.profile ? { profile: seamProfile(whole, tiled, result.cores, setup.profile) } : {}),
    });
  }
  return scores;
}
