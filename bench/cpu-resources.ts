// The textures an effect's stage list names, for the CPU references: baked LUTs, and a blank (transparent)
// freehand mask. Shared by the browser benchmark's CPU worker and the native benchmark.
import { bakeLut } from '../src/grading/luts.ts';
import type { RgbaImage } from '../tests/reference/image.ts';

export function cpuResources(keys: readonly string[]): Record<string, RgbaImage> {
  const resources: Record<string, RgbaImage> = {};
  for (const key of keys) {
    if (key.startsWith('lut:')) {
      const atlas = bakeLut(key.slice(4));
      if (!atlas) throw new Error(`Unknown LUT ${key}`);
      resources[key] = { width: atlas.size * atlas.size, height: atlas.size, data: atlas.data };
    } else {
      resources[key] = { width: 1, height: 1, data: new Uint8Array(4) };
    }
  }
  return resources;
}
