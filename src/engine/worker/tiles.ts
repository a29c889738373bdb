/**
 * A chain run over a picture in memory tile by tile (the full-resolution export's `tiles` plan), the
 * result written back into the same pixels: the picture is held at full size once, never in a canvas.
 *
 * Tiles come in bands of rows (planTiles' order). A band's input rows are copied out before it runs; its
 * output waits until no later band reads those rows as its margin, then is written in place.
 */
import type { GpuTexture } from '../backend.ts';
import type { StageRunner } from '../runner.ts';
import type { StageInvocation } from '../stages/invocation.ts';
import type { Region, TextureResolver } from '../stages/types.ts';
import type { Tile } from '../tiling.ts';
import { asImageData, cut, type Pixels } from '../../pixels/strips.ts';

interface Band {
  /** The band's tiles, left to right. */
  tiles: Tile[];
  /** The rows its cores deliver. */
  top: number;
  bottom: number;
  /** The rows its regions read. */
  readTop: number;
  readBottom: number;
}

function bands(tiles: readonly Tile[]): Band[] {
  const byTop = new Map<number, Band>();
  for (const tile of tiles) {
    const { core, region } = tile;
    let band = byTop.get(core.y);
    if (!band) {
      band = { tiles: [], top: core.y, bottom: core.y + core.height, readTop: region.y, readBottom: 0 };
      byTop.set(core.y, band);
    }
    band.tiles.push(tile);
    band.readTop = Math.min(band.readTop, region.y);
    band.readBottom = Math.max(band.readBottom, region.y + region.height);
  }
  return [...byTop.values()].sort((a, b) => a.top - b.top);
}

/**
 * Runs `chain` over `pixels` tile by tile, each tile placed in the whole image for the stages (Region),
 * and writes the tiles' cores back into `pixels`. `afterTile` runs after each (progress, a cancel check).
 */
export async function runInTiles(
  runner: StageRunner,
  pixels: Pixels,
  chain: readonly StageInvocation[],
  tiles: readonly Tile[],
  resolve: TextureResolver,
  afterTile: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const { backend, pool } = runner;
  const { width, height } = pixels;
  const stride = width * 4;
  const all = bands(tiles);
  // Bands run and not yet written back: their rows may still be read by the next band.
  const waiting: { top: number; rows: Uint8ClampedArray }[] = [];
  for (const [index, band] of all.entries()) {
    const input: Pixels = {
      width,
      height: band.readBottom - band.readTop,
      data: pixels.data.slice(band.readTop * stride, band.readBottom * stride),
    };
    const output = new Uint8ClampedArray((band.bottom - band.top) * stride);
    for (const { core, region } of band.tiles) {
      const upload = pool.adopt(
        backend.uploadImage(asImageData(cut(input, { ...region, y: region.y - band.readTop }))),
      );
      const place: Region = { x: region.x, y: region.y, fullWidth: width, fullHeight: height };
      let result: GpuTexture;
      try {
        result = await backend.validate(() => runner.run(upload, chain, resolve, place));
      } finally {
        pool.release(upload);
      }
      let read: Uint8Array<ArrayBuffer>;
      try {
        read = await backend.readPixels(result);
      } finally {
        pool.release(result);
      }
      const [dx, dy] = [core.x - region.x, core.y - region.y];
      for (let row = 0; row < core.height; row++) {
        const from = ((dy + row) * region.width + dx) * 4;
        output.set(
          read.subarray(from, from + core.width * 4),
          ((core.y - band.top + row) * width + core.x) * 4,
        );
      }
      await afterTile();
    }
    waiting.push({ top: band.top, rows: output });
    // Rows no later band reads (bands read further down as they go) can be written now.
    const nextRead = all[index + 1]?.readTop ?? height;
    while (waiting[0] && waiting[0].top + waiting[0].rows.length / stride <= nextRead) {
      const done = waiting.shift()!;
      pixels.data.set(done.rows, done.top * stride);
    }
  }
  for (const done of waiting) pixels.data.set(done.rows, done.top * stride);
  // Regions differ in size: their textures would only wait in the pool.
  pool.trim();
}
