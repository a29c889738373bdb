/**
 * Textures that effects name by key, beside the image itself: a look's LUT (`lut:<name>`, baked once on
 * first use), the user's own `.cube` LUT (`lut:custom`), the freehand mask of the last draw-mode apply
 * (`mask:freehand`). They live as long as the engine, or until replaced.
 */
import type { Backend, GpuTexture } from '../backend.ts';

/** A 3D LUT as an RGBA8 atlas of (N*N) x N texels: texel (r + N*b, g) holds the output for (r, g, b). */
export interface LutAtlas {
  size: number;
  data: Uint8Array;
}

export type LutBaker = (name: string) => LutAtlas | null;

const MASK = 'mask:freehand';
const CUSTOM_LUT = 'lut:custom';

export class EngineResources {
  private readonly textures = new Map<string, GpuTexture>();

  constructor(
    private readonly backend: Backend,
    private readonly bakeLut: LutBaker,
  ) {}

  readonly resolve = (key: string): GpuTexture => {
    const cached = this.textures.get(key);
    if (cached) return cached;
    if (key === MASK) return this.put(MASK, new ImageData(1, 1));
    if (key === CUSTOM_LUT) throw new Error('No .cube file has been loaded');
    if (key.startsWith('lut:')) {
      const atlas = this.bakeLut(key.slice(4));
      if (!atlas) throw new Error(`Unknown look: ${key.slice(4)}`);
      return this.put(key, atlasImage(atlas));
    }
    throw new Error(`Unknown resource: ${key}`);
  };

  /** The freehand mask for draw mode; the bitmap is closed here. */
  setMask(bitmap: ImageBitmap): void {
    try {
      this.put(MASK, bitmap);
    } finally {
      bitmap.close();
    }
  }

  setCustomLut(atlas: LutAtlas): void {
    this.put(CUSTOM_LUT, atlasImage(atlas));
  }

  get count(): number {
    return this.textures.size;
  }

  dispose(): void {
    for (const texture of this.textures.values()) this.backend.destroyTexture(texture);
    this.textures.clear();
  }

  private put(key: string, image: ImageBitmap | ImageData): GpuTexture {
    const old = this.textures.get(key);
    if (old) this.backend.destroyTexture(old);
    const texture = this.backend.uploadImage(image);
    this.textures.set(key, texture);
    return texture;
  }
}

function atlasImage(atlas: LutAtlas): ImageData {
  const { size, data } = atlas;
  if (data.length !== size * size * size * 4) throw new Error(`A ${size}^3 LUT needs ${size ** 3 * 4} bytes`);
  return new ImageData(new Uint8ClampedArray(data), size * size, size);
}
