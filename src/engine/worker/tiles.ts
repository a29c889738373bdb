/**
 * A chain run over a picture tile by tile (the full-resolution export's `tiles` plan): each tile read from
 * the picture (pixels in memory, or the decoded original through a canvas of the tile's size), its result
 * handed on a band of rows at a time: written back into the same pixels, or straight to the JPEG encoder.
 * The picture is held at full size once, never in a canvas.
 *
 * Tiles come in bands of rows (planTiles' order). A band's output waits until no later band reads those
 * rows as its margin; then it is handed on.
 */
import type { GpuTexture } from '../backend.ts';
import type { StageRunner } from '../runner.ts';
import type { StageInvocation } from '../stages/invocation.ts';
import type { Region, TextureResolver } from '../stages/types.ts';
import type { Tile } from '../tiling.ts';
import { asImageData, type Pixels, type PictureReader } from '../../pixels/strips.ts';

interface Band {
  /** The band's tiles, left to right. */
  tiles: Tile[];
  /** The rows its cores deliver. */
  top: number;
  bottom: number;
  /** The first row its regions read. */
  readTop: number;
}

function bands(tiles: readonly Tile[]): Band[] {
  const byTop = new Map<number, Band>();
  for (const tile of tiles) {
    const { core, region } = tile;
    let band = byTop.get(core.y);
    if (!band) {
      band = { tiles: [], top: core.y, bottom: core.y + core.height, readTop: region.y };
      byTop.set(core.y, band);
    }
    band.tiles.push(tile);
    band.readTop = Math.min(band.readTop, region.y);
  }
  return [...byTop.values()].sort((a, b) => a.top - b.top);
}

/** Where a tiled run's rows go, a band of whole rows at a time, top to bottom. */
export type RowSink = (top: number, rows: Uint8ClampedArray<ArrayBuffer>) => void | Promise<void>;

/** A sink that writes the rows into `pixels` (which may be the picture the run reads). */
export function into(pixels: Pixels): RowSink {
  return (top, rows) => pixels.data.set(rows, top * pixels.width * 4);
}

/**
 * Runs `chain` over the picture `input` reads, tile by tile, each tile placed in the whole image for the
 * stages (Region), and hands the tiles' cores to `output` a band at a time, top to bottom. A band waits
 * until no later band reads its rows, so `output` may write into the very pixels `input` reads. `afterTile`
 * runs after each tile (progress, a cancel check).
 */
export async function runInTiles(
  runner: StageRunner,
  input: PictureReader,
  output: RowSink,
  chain: readonly StageInvocation[],
  tiles: readonly Tile[],
  resolve: TextureResolver,
  afterTile: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const { backend, pool } = runner;
  const { width, height } = input;
  const stride = width * 4;
  const all = bands(tiles);
  // Bands run and not yet handed on: their rows may still be read by the next band.
  const waiting: { top: number; rows: Uint8ClampedArray<ArrayBuffer> }[] = [];
  for (const [index, band] of all.entries()) {
    const rows = new Uint8ClampedArray((band.bottom - band.top) * stride);
    for (const { core, region } of band.tiles) {
      const upload = pool.adopt(backend.uploadImage(asImageData(input.read(region))));
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
        rows.set(
          read.subarray(from, from + core.width * 4),
          ((core.y - band.top + row) * width + core.x) * 4,
        );
      }
      await afterTile();
    }
    waiting.push({ top: band.top, rows });
    // Rows no later band reads (bands read further down as they go) can be handed on now.
    const nextRead = all[index + 1]?.readTop ?? height;
    while (waiting[0] && waiting[0].top + waiting[0].rows.length / stride <= nextRead) {
      const done = waiting.shift()!;
      await output(done.top, done.rows);
    }
  }
  for (const done of waiting) await output(done.top, done.rows);
  // Regions differ in size: their textures would only wait in the pool.
  pool.trim();
}
