/**
 * How an image larger than one GPU texture is cut into tiles for the full-resolution export. Pure and
 * worker-safe.
 *
 * Each tile has a core, the pixels it delivers, and a region, the pixels it reads: the core grown by the
 * chain's reach on every side, clipped to the image. The cores cover the image exactly once; a pixel's
 * output depends only on pixels within `reach` of it, so a core computed from its region equals the same
 * pixels computed from the whole image. At the image's own edges the region stops where the image does,
 * and edge clamping there behaves as it does on the whole image.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Tile {
  /** The pixels this tile delivers. */
  core: Rect;
  /** The pixels it is computed from: the core and its margin, within the image. */
  region: Rect;
}

export interface TileLimits {
  /** The longest side a texture may have (the backend's limit, or a smaller one). */
  maxSide: number;
  /** The most pixels one texture may hold (keeps each read-back and each pass's memory bounded). */
  maxPixels: number;
}

/**
 * 4 megapixels (16 MB of RGBA8, 64 MB as the CPU backend's float textures): what one tile costs at each
 * point it passes (the canvas it is read through, its upload, the textures of its passes, its read-back)
 * is bounded whatever the photo's size, so the save of a photo of any size stays within the memory of a
 * phone; a larger tile would raise the save's peak by its own size again at each of those points. A 12 MP
 * photo takes three or four tiles.
 */
export const DEFAULT_MAX_TILE_PIXELS = 4 * 1024 * 1024;

export function tileLimits(maxTextureSize: number, override?: number): TileLimits {
  const maxSide = Math.max(1, Math.min(maxTextureSize, override ?? Infinity));
  return { maxSide, maxPixels: Math.min(DEFAULT_MAX_TILE_PIXELS, maxSide * maxSide) };
}

export function fitsOneTile(width: number, height: number, limits: TileLimits): boolean {
  return width <= limits.maxSide && height <= limits.maxSide && width * height <= limits.maxPixels;
}

/** The largest size with this aspect ratio that fits one tile (the image itself when it fits). */
export function fitWithin(
  width: number,
  height: number,
  limits: TileLimits,
): { width: number; height: number } {
  if (fitsOneTile(width, height, limits)) return { width, height };
  const scale = Math.min(
    limits.maxSide / Math.max(width, height),
    Math.sqrt(limits.maxPixels / (width * height)),
  );
  return {
    width: Math.max(1, Math.min(limits.maxSide, Math.floor(width * scale))),
    height: Math.max(1, Math.min(limits.maxSide, Math.floor(height * scale))),
  };
}

/** Splits 0..length into `count` runs whose lengths differ by at most one. */
function split(length: number, count: number): { start: number; size: number }[] {
  const runs = [];
  for (let i = 0; i < count; i++) {
    const start = Math.round((i * length) / count);
    const end = Math.round(((i + 1) * length) / count);
    runs.push({ start, size: end - start });
  }
  return runs;
}

/** The longest region a run of `count` cores over `length` pixels needs, margins included. */
function longestRegion(length: number, count: number, reach: number): number {
  if (count === 1) return length;
  const core = Math.ceil(length / count);
  // Inner cores have a margin on both sides; with two runs, each has one.
  return Math.min(length, core + (count > 2 ? 2 : 1) * reach);
}

/**
 * The fewest tiles (columns x rows) whose regions fit the limits, or null when none can: a reach too
 * large for the side limit (the margins alone fill a texture).
 */
export function planTiles(width: number, height: number, reach: number, limits: TileLimits): Tile[] | null {
  if (!(width > 0 && height > 0)) throw new Error(`No image to tile (${width}x${height})`);
  const margin = Math.max(0, Math.ceil(reach));
  if (fitsOneTile(width, height, limits)) {
    const whole = { x: 0, y: 0, width, height };
    return [{ core: whole, region: { ...whole } }];
  }
  // The least count along an axis that keeps its regions within the side limit.
  const least = (length: number): number | null => {
    for (let count = 1; count <= length; count++) {
      if (longestRegion(length, count, margin) <= limits.maxSide) return count;
      if (Math.ceil(length / count) <= 1) break;
    }
    return null;
  };
  let columns = least(width);
  let rows = least(height);
  if (columns === null || rows === null) return null;
  // Then more cuts, across the longer regions first, until each region's area fits too.
  while (longestRegion(width, columns, margin) * longestRegion(height, rows, margin) > limits.maxPixels) {
    const wider = longestRegion(width, columns, margin) >= longestRegion(height, rows, margin);
    if (wider && columns < width) columns++;
    else if (rows < height) rows++;
    else if (columns < width) columns++;
    else return null;
    // Margins that no longer shrink with more cuts can never fit.
    if (Math.ceil(width / columns) <= 1 && Math.ceil(height / rows) <= 1) return null;
  }
  const tiles: Tile[] = [];
  for (const row of split(height, rows)) {
    for (const column of split(width, columns)) {
      const core = { x: column.start, y: row.start, width: column.size, height: row.size };
      const x0 = Math.max(0, core.x - margin);
      const y0 = Math.max(0, core.y - margin);
      const x1 = Math.min(width, core.x + core.width + margin);
      const y1 = Math.min(height, core.y + core.height + margin);
      tiles.push({ core, region: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } });
    }
  }
  return tiles;
}
