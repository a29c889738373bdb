import { describe, expect, it } from 'vitest';
import { findEffect } from '../../src/effects/index.ts';
import { defaultSettings, resolveSettings } from '../../src/effects/settings.ts';
import type { EffectDefinition } from '../../src/effects/types.ts';
import { blockGrid } from '../../src/pipeline/stages/pixel-blocks.ts';
import { gaussianReach, gaussianTaps } from '../../src/pipeline/stages/gaussian-pass-plan.ts';
import {
  DEFAULT_MAX_TILE_PIXELS,
  fitsOneTile,
  fitWithin,
  planTiles,
  tileLimits,
  type Tile,
  type TileLimits,
} from '../../src/engine/tiling.ts';
import {
  chainOutputSize,
  chainReach,
  planSteps,
  stepRuns,
  stepTexture,
} from '../../src/engine/worker/export-step-plan.ts';

/** Whether the cores cover the image exactly once: inside it, no two overlapping, areas adding up. */
function coversOnce(tiles: Tile[], width: number, height: number): boolean {
  const cores = tiles.map((t) => t.core);
  const inside = cores.every(
    (c) => c.x >= 0 && c.y >= 0 && c.x + c.width <= width && c.y + c.height <= height,
  );
  const overlap = cores.some((a, i) =>
    cores.some(
      (b, j) =>
        i < j && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height,
    ),
  );
  const area = cores.reduce((sum, c) => sum + c.width * c.height, 0);
  return inside && !overlap && area === width * height;
}

function checkTiles(tiles: Tile[], width: number, height: number, reach: number, limits: TileLimits) {
  expect(coversOnce(tiles, width, height)).toBe(true);
  for (const { core, region } of tiles) {
    // The region is the core grown by the reach on every side, stopped by the image's edges.
    expect(region.x).toBe(Math.max(0, core.x - reach));
    expect(region.y).toBe(Math.max(0, core.y - reach));
    expect(region.x + region.width).toBe(Math.min(width, core.x + core.width + reach));
    expect(region.y + region.height).toBe(Math.min(height, core.y + core.height + reach));
    expect(fitsOneTile(region.width, region.height, limits)).toBe(true);
    expect(core.width).toBeGreaterThan(0);
    expect(core.height).toBeGreaterThan(0);
  }
}

function effect(id: string): EffectDefinition {
  const found = findEffect(id);
  if (!found) throw new Error(`no effect ${id}`);
  return found;
}

function step(id: string, settings: Record<string, number | string | boolean> = {}) {
  const definition = effect(id);
  return { effect: definition, settings: resolveSettings(definition, settings) };
}

// The planner on a backend of 8192 px with 32 MP tiles (the default is smaller: see below).
const LARGE: TileLimits = { maxSide: 8192, maxPixels: 32 * 1024 * 1024 };
const FULL = { width: 6000, height: 4000 };
const PROCESSING = { width: 1080, height: 720 };

describe('tile limits', () => {
  it('take the backend limit, or a smaller test limit, and cap the pixels of one tile', () => {
    expect(tileLimits(8192)).toEqual({ maxSide: 8192, maxPixels: DEFAULT_MAX_TILE_PIXELS });
    expect(tileLimits(8192, 512)).toEqual({ maxSide: 512, maxPixels: 512 * 512 });
    expect(tileLimits(4096, 16384).maxSide).toBe(4096);
  });

  it('by default a tile holds at most 4 MP (16 MB), so a 120 MP save costs what a small one does per tile', () => {
    const limits = tileLimits(16384);
    expect(limits.maxPixels).toBe(DEFAULT_MAX_TILE_PIXELS);
    expect(DEFAULT_MAX_TILE_PIXELS * 4).toBeLessThanOrEqual(16 * 2 ** 20);
    const tiles = planTiles(10950, 10950, 20, limits)!;
    checkTiles(tiles, 10950, 10950, 20, limits);
    for (const { region } of tiles)
      expect(region.width * region.height).toBeLessThanOrEqual(DEFAULT_MAX_TILE_PIXELS);
  });

  it('a 24 MP photo fits one tile of 32 MP on an 8192 px backend; a 48 MP one does not', () => {
    expect(fitsOneTile(6000, 4000, LARGE)).toBe(true);
    expect(fitsOneTile(8000, 6000, LARGE)).toBe(false);
    expect(fitsOneTile(9000, 1000, LARGE)).toBe(false);
  });

  it('fitWithin keeps the aspect ratio and lands inside the limits', () => {
    const size = fitWithin(8000, 6000, LARGE);
    expect(fitsOneTile(size.width, size.height, LARGE)).toBe(true);
    expect(size.width / size.height).toBeCloseTo(8000 / 6000, 3);
    expect(size.width * size.height).toBeGreaterThan(0.99 * LARGE.maxPixels);
    expect(fitWithin(20000, 500, LARGE)).toEqual({ width: 8192, height: 204 });
    expect(fitWithin(600, 400, LARGE)).toEqual({ width: 600, height: 400 });
  });
});

describe('planTiles', () => {
  it('gives one tile, the whole image, when it fits', () => {
    expect(planTiles(6000, 4000, 50, LARGE)).toEqual([
      { core: { x: 0, y: 0, width: 6000, height: 4000 }, region: { x: 0, y: 0, width: 6000, height: 4000 } },
    ]);
  });

  const cases: [number, number, number, TileLimits][] = [
    [1800, 1200, 0, tileLimits(8192, 360)],
    [1800, 1200, 76, tileLimits(8192, 360)],
    [20000, 3000, 12, LARGE],
    [12000, 9000, 300, LARGE],
    [1001, 999, 17, tileLimits(8192, 100)],
    [5000, 7, 3, tileLimits(8192, 64)],
  ];
  for (const [width, height, reach, limits] of cases) {
    it(`covers ${width}x${height} exactly once with margins of ${reach} px, within ${limits.maxSide} px tiles`, () => {
      const tiles = planTiles(width, height, reach, limits);
      expect(tiles).not.toBeNull();
      checkTiles(tiles!, width, height, reach, limits);
    });
  }

  it('uses as few tiles as the limits allow along each axis', () => {
    // 1800 wide in 360 px regions with 76 px margins: inner cores of at most 208 px -> 9 columns.
    const tiles = planTiles(1800, 1200, 76, tileLimits(8192, 360))!;
    const columns = new Set(tiles.map((t) => t.core.x)).size;
    const rows = new Set(tiles.map((t) => t.core.y)).size;
    expect(columns).toBe(9);
    expect(rows).toBe(6);
    // Two tiles each with a single margin: 12000 / 2 + 300 fits 8192, one tile alone does not.
    const wide = planTiles(12000, 3000, 300, LARGE)!;
    expect(wide).toHaveLength(2);
  });

  it('splits further when a region would hold too many pixels', () => {
    const limits = { maxSide: 8192, maxPixels: 8 * 1024 * 1024 };
    const tiles = planTiles(8000, 8000, 10, limits)!;
    checkTiles(tiles, 8000, 8000, 10, limits);
    expect(tiles.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses when the margins alone fill a tile', () => {
    expect(planTiles(5000, 5000, 200, tileLimits(8192, 400))).toBeNull();
  });
});

describe('what each stage reaches', () => {
  it('a gaussian reaches its 3-sigma radius, and further when it blurs at low resolution', () => {
    const image = { width: 768, height: 512 };
    expect(gaussianReach(0, 1, image)).toBe(0);
    expect(gaussianReach(0.1, 1, image)).toBe(0);
    expect(gaussianReach(1.2, 1, image)).toBe(4);
    for (const sigma of [0.5, 2, 5, 20, 111]) {
      expect(gaussianReach(sigma, 1, FULL)).toBeGreaterThanOrEqual(Math.ceil(3 * sigma));
    }
    // At 1/4 resolution a small blur still reaches the low texels it is read back from: 4 px each.
    expect(gaussianReach(1, 4, image)).toBeGreaterThanOrEqual(8);
    expect(gaussianReach(2, 4, image)).toBeGreaterThan(gaussianReach(2, 1, image));
    expect(gaussianTaps(1.2).count).toBeGreaterThan(1);
  });

  it('pointwise effects reach nothing; a blur reaches its radius at the size it runs at', () => {
    expect(chainReach(step('vibrance', { vibrance: 0.5 }).effect.stages({ vibrance: 0.5 }, FULL), FULL)).toBe(
      0,
    );
    const pg = step('pg2016');
    expect(chainReach(pg.effect.stages(pg.settings, FULL), FULL)).toBe(0);
    const blur = step('smartBlur', { blurType: 'gaussian', sigma: 10 });
    // sigma 10 at 1080 px is 55.6 px at 6000 px.
    expect(chainReach(blur.effect.stages(blur.settings, FULL), FULL)).toBe(
      gaussianReach((10 * 6000) / 1080, 1, FULL),
    );
    const blocks = step('smartBlur', { pixelSize: 8 });
    expect(chainReach(blocks.effect.stages(blocks.settings, FULL), FULL)).toBe(44);
  });

  it('camera effects need the whole image, and their output is the camera resolution', () => {
    const ccd = step('ccdEffect');
    const chain = ccd.effect.stages(ccd.settings, FULL);
    expect(chainReach(chain, FULL)).toBeNull();
    // Long side 500, then the pixelated 2x upscale.
    expect(chainOutputSize(chain, FULL)).toEqual({ width: 1000, height: 666 });
  });

  it('pixel blocks of a tile placed by its origin fall where the whole image has them', () => {
    const whole = blockGrid(1800, 1200, 8);
    const column = (grid: { startX: number; size: number }, x: number) =>
      Math.floor((x - grid.startX) / grid.size);
    for (const x0 of [0, 3, 204, 1499]) {
      const tile = blockGrid(300, 300, 8, -x0, -x0);
      for (let x = 0; x < 299; x++) {
        const sameInTile = column(tile, x) === column(tile, x + 1);
        const sameInWhole = column(whole, x0 + x) === column(whole, x0 + x + 1);
        expect(sameInTile).toBe(sameInWhole);
      }
    }
  });
});

describe('planSteps', () => {
  it('runs everything on one texture when the image fits', () => {
    const plans = planSteps([step('pg2016'), step('vibrance')], FULL, PROCESSING, LARGE);
    expect(plans.map((p) => p.plan.kind)).toEqual(['whole', 'whole']);
    expect(plans.map((p) => p.output)).toEqual([FULL, FULL]);
  });

  it('tiles full-size effects that do not fit', () => {
    const limits = tileLimits(8192, 2048);
    const plans = planSteps([step('pg2016'), step('smartBlur')], FULL, PROCESSING, limits);
    expect(plans.map((p) => p.plan.kind)).toEqual(['tiles', 'tiles']);
    const [, blur] = plans;
    if (blur?.plan.kind !== 'tiles') throw new Error('expected tiles');
    checkTiles(blur.plan.tiles, 6000, 4000, chainReach(blur.chain, FULL)!, limits);
  });

  it('runs a camera at the preview size, a second camera on the first one pixels, then full size again', () => {
    const plans = planSteps(
      [step('jpegSimulation'), step('nokiaEffect', { jpeg_longSidePixels: 300 }), step('vibrance')],
      FULL,
      PROCESSING,
      LARGE,
    );
    expect(plans[0]?.plan).toEqual({ kind: 'scaled', width: 1080, height: 720, why: 'camera' });
    expect(plans[0]?.output).toEqual({ width: 400, height: 267 });
    expect(plans[1]?.plan).toEqual({ kind: 'scaled', width: 400, height: 267, why: 'camera' });
    // 300 px long side, then 2x upscaled.
    expect(plans[1]?.output).toEqual({ width: 600, height: 400 });
    expect(plans[2]?.plan).toEqual({ kind: 'whole' });
    expect(plans[2]?.output).toEqual(FULL);
    // Each counts its stages, and one unit for scaling its input.
    expect(plans[0]?.units).toBe(plans[0]!.chain.length + 1);
  });

  it('runs the steps before a camera at the size the camera reads, as the preview did', () => {
    const limits = tileLimits(8192, 2048);
    const plans = planSteps(
      [step('vibrance'), step('pg2016'), step('ccdEffect'), step('vibrance')],
      FULL,
      PROCESSING,
      limits,
    );
    const before = { kind: 'scaled', width: 1080, height: 720, why: 'before-camera' };
    expect(plans.map((p) => p.plan)).toEqual([
      before,
      before,
      { kind: 'scaled', width: 1080, height: 720, why: 'camera' },
      expect.objectContaining({ kind: 'tiles' }),
    ]);
    // Made at the processing size: their sizes (grain, vignette) are the preview's.
    expect(plans[1]?.chain).toEqual(step('pg2016').effect.stages(step('pg2016').settings, PROCESSING));
    expect(plans[1]?.output).toEqual(PROCESSING);
  });

  it('a photo no larger than the processing size runs as it is', () => {
    const small = { width: 800, height: 600 };
    const plans = planSteps([step('ccdEffect')], small, small, LARGE);
    expect(plans[0]?.plan).toEqual({ kind: 'whole' });
  });

  it('scales a step down to the largest size that fits when it can neither fit nor be tiled', () => {
    // A bloom-only effect: not a camera (it keeps the size) and bloom needs the whole image.
    const glow: EffectDefinition = {
      id: 'glow',
      name: 'Glow',
      runsOn: 'worker',
      settings: [],
      stages: () => [
        { stage: 'bloom', params: { threshold: 0.7, knee: 0.2, amount: 1, tint: [1, 1, 1], radius: 40 } },
      ],
    };
    const limits = tileLimits(8192, 2048);
    const plans = planSteps([{ effect: glow, settings: defaultSettings(glow) }], FULL, PROCESSING, limits);
    expect(plans[0]?.plan).toEqual({ kind: 'scaled', width: 2048, height: 1365, why: 'fit' });
  });
});

describe('stepRuns', () => {
  it('runs consecutive tiled steps as one pass over tiles that fit their reach together', () => {
    const limits = tileLimits(8192, 2048);
    const plans = planSteps([step('pg2016'), step('smartBlur'), step('vibrance')], FULL, PROCESSING, limits);
    const runs = stepRuns(plans, FULL, limits);
    expect(runs).toHaveLength(1);
    const [run] = runs;
    if (run?.plan.kind !== 'tiles') throw new Error('expected tiles');
    expect(run.steps).toEqual([0, 1, 2]);
    expect(run.chain.map((i) => i.stage)).toEqual(plans.flatMap((p) => p.chain.map((i) => i.stage)));
    const reach = plans.reduce((sum, p) => sum + chainReach(p.chain, FULL)!, 0);
    checkTiles(run.plan.tiles, 6000, 4000, reach, limits);
    expect(run.units).toBe(run.plan.tiles.length);
  });

  it('names each step its own textures, so that two freehand masks do not meet', () => {
    const limits = tileLimits(8192, 2048);
    const draw = step('smartBlur', { applicationMode: 'draw' });
    const plans = planSteps([draw, draw], FULL, PROCESSING, limits);
    const [run] = stepRuns(plans, FULL, limits);
    const names = run!.chain.flatMap((i) => Object.values(i.textures ?? {}));
    expect(names).toContain(stepTexture('mask:freehand', 0));
    expect(names).toContain(stepTexture('mask:freehand', 1));
  });

  it('keeps a camera, a whole step and steps whose reach no tile fits apart', () => {
    const camera = planSteps([step('ccdEffect'), step('vibrance')], FULL, PROCESSING, LARGE);
    expect(stepRuns(camera, FULL, LARGE).map((r) => r.steps)).toEqual([[0], [1]]);
    // Tiles three reaches wide: each blur fits alone, both together do not.
    const blur = step('smartBlur', { sigma: 10 });
    const reach = chainReach(planSteps([blur], FULL, PROCESSING, LARGE)[0]!.chain, FULL)!;
    const tiny = tileLimits(8192, 3 * reach);
    const blurs = planSteps([blur, blur], FULL, PROCESSING, tiny);
    if (blurs.some((p) => p.plan.kind !== 'tiles')) throw new Error('expected tiles');
    expect(stepRuns(blurs, FULL, tiny).map((r) => r.steps)).toEqual([[0], [1]]);
  });
});
