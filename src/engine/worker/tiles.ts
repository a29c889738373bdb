/**
 * A chain run over a picture tile by tile (the full-resolution export's `tiles` plan): each tile read from
 * the picture (pixels in memory, or the decoded original through a canvas of the tile's size), its result
 * handed on a band of rows at a time: written back into the same pixels, or straight to the JPEG encoder.
 * The picture is held at full size once, never in a canvas.
 *
 * Tiles come in bands of rows (planTiles' order). Written in place, a band's output waits until no later
 * band reads those rows as its margin; then it is handed on.
 */
import type { GpuTexture } from '../backend.ts';
import type { StageRunner } from '../runner.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';
import type { Region, TextureResolver } from '../../pipeline/stages/types.ts';
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
export interface RowSink {
  write: (top: number, rows: Uint8ClampedArray<ArrayBuffer>) => void | Promise<void>;
  /**
   * The rows go into the very pixels the run reads: a band then waits until no later band reads its
   * rows. Otherwise (the encoder, another buffer) each band goes as soon as it is done, so at most one
   * band of rows (a full-width strip a tile high) is held at a time.
   */
  inPlace: boolean;
}

/** A sink that writes the rows into `pixels`, which the run reads (`inPlace`) or not. */
export function into(pixels: Pixels, inPlace: boolean): RowSink {
  return { write: (top, rows) => pixels.data.set(rows, top * pixels.width * 4), inPlace };
}

/**
 * Runs `chain` over the picture `input` reads, tile by tile, each tile placed in the whole image for the
 * stages (Region), and hands the tiles' cores to `output` a band at a time, top to bottom. For an output
 * in place, a band waits until no later band reads its rows. `afterTile`
 * runs after each tile (progress, a cancel check).
 */
export async function runInTiles(
  runner: StageRunner,
  input: PictureReader,
  output: RowSink,
  chain: readonly StageInvocation[],
  tiles: readonly Tile[],
  resolve: TextureResolver,
  afterTile: (tile: Tile) => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  const { backend, pool } = runner;
  const { width, height } = input;
  const stride = width * 4;
  const all = bands(tiles);
  // Bands run and not yet handed on: their rows may still be read by the next band.
  const waiting: { top: number; rows: Uint8ClampedArray<ArrayBuffer> }[] = [];
  let lastSize = '';
  // Handed on at once (not in place), a band's rows are copied by the sink: the next band reuses them.
  let spare: Uint8ClampedArray<ArrayBuffer> | null = null;
  for (const [index, band] of all.entries()) {
    const length = (band.bottom - band.top) * stride;
    const rows: Uint8ClampedArray<ArrayBuffer> =
      spare && spare.length >= length ? spare.subarray(0, length) : new Uint8ClampedArray(length);
    if (!output.inPlace) spare = spare && spare.length >= length ? spare : rows;
    for (const tile of band.tiles) {
      const { core, region } = tile;
      // Regions differ in size at the edges: the textures a chain left in the pool for the last size
      // would only wait there, a set per size (on the CPU backend a tile's float texture is four times its RGBA8 size).
      const size = `${region.width}x${region.height}`;
      if (size !== lastSize) pool.trim();
      lastSize = size;
      // Into a texture of the pool: one made for each tile would join the pool's free ones on release,
      // and they would pile up there, a tile's worth each, until the run ends.
      const pixels = await input.read(region);
      const upload = pool.acquire(region.width, region.height, 'rgba8unorm');
      try {
        backend.uploadImage(asImageData(pixels), upload);
      } catch (error) {
        pool.release(upload);
        throw error;
      }
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
      pool.nextRound();
      await afterTile(tile);
    }
    waiting.push({ top: band.top, rows });
    // Rows no later band reads (bands read further down as they go) can be handed on now.
    const nextRead = output.inPlace ? (all[index + 1]?.readTop ?? height) : height;
    while (waiting[0] && waiting[0].top + waiting[0].rows.length / stride <= nextRead) {
      const done = waiting.shift()!;
      await output.write(done.top, done.rows);
    }
  }
  for (const done of waiting) await output.write(done.top, done.rows);
  pool.trim();
}
