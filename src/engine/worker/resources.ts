/**
 * Textures that effects name by key, beside the image itself: a look's LUT (`lut:<name>`, baked once on
 * first use), and what the user brought, each under its own name so that two steps never share one: a
 * `.cube` table by the hash of its text (`cube:<hash>`), a painted mask by its id (`mask:<id>`), a
 * collage's picture by its id (`image:<id>`). A step names its own through `forStep`: its stages ask
 * for 'lut:custom' and 'mask:freehand', and get the step's. They live as long as the engine, or until the
 * page lets them go.
 */
import type { Backend, GpuTexture } from '../backend.ts';
import type { TextureResolver } from '../../pipeline/stages/types.ts';
import type { StageInvocation } from '../../pipeline/stages/invocation.ts';

/** A 3D LUT as an RGBA8 atlas of (N*N) x N texels: texel (r + N*b, g) holds the output for (r, g, b). */
export interface LutAtlas {
  size: number;
  data: Uint8Array;
}

export type LutBaker = (name: string) => LutAtlas | null;

/** The names a step's stages ask for its own textures by. */
export const FREEHAND_MASK = 'mask:freehand';
export const CUSTOM_LUT = 'lut:custom';

/** What a step brings of its own: its .cube's hash, its mask's id. */
export interface StepResources {
  cube?: string | undefined;
  mask?: string | undefined;
}

export class EngineResources {
  private readonly textures = new Map<string, GpuTexture>();

  constructor(
    private readonly backend: Backend,
    private readonly bakeLut: LutBaker,
  ) {}

  /** The shared textures: the looks' LUTs. A step's own names go through `forStep`. */
  readonly resolve: TextureResolver = (key: string): GpuTexture => {
    const cached = this.textures.get(key);
    if (cached) return cached;
    if (key === CUSTOM_LUT) throw new Error('No .cube file has been loaded');
    if (key === FREEHAND_MASK) return this.emptyMask();
    if (key.startsWith('lut:')) {
      const atlas = this.bakeLut(key.slice(4));
      if (!atlas) throw new Error(`Unknown look: ${key.slice(4)}`);
      return this.put(key, atlasImage(atlas));
    }
    throw new Error(`Unknown resource: ${key}`);
  };

  /** The resolver of a step: its .cube and its mask under the names its stages use, the rest shared. */
  forStep(step: StepResources): TextureResolver {
    return (key) => {
      if (key === CUSTOM_LUT) return this.cube(step.cube);
      if (key === FREEHAND_MASK) return step.mask ? this.mask(step.mask) : this.emptyMask();
      return this.resolve(key);
    };
  }

  cube(id: string | undefined): GpuTexture {
    const texture = id === undefined ? undefined : this.textures.get(`cube:${id}`);
    if (!texture) throw new Error('The .cube file of this look has not been loaded');
    return texture;
  }

  hasCube(id: string): boolean {
    return this.textures.has(`cube:${id}`);
  }

  mask(id: string): GpuTexture {
    // A mask the worker was never given paints nothing (a recipe's draw-mode step has none).
    return this.textures.get(`mask:${id}`) ?? this.emptyMask();
  }

  image(id: string): GpuTexture {
    const texture = this.textures.get(`image:${id}`);
    if (!texture) throw new Error('The collage picture is missing');
    return texture;
  }

  setCube(id: string, atlas: LutAtlas): void {
    this.put(`cube:${id}`, atlasImage(atlas));
  }

  /** A painted mask; the bitmap is closed here. */
  setMask(id: string, bitmap: ImageBitmap): void {
    try {
      this.put(`mask:${id}`, bitmap);
    } finally {
      bitmap.close();
    }
  }

  /** A collage's picture; the bitmap is closed here. */
  setImage(id: string, bitmap: ImageBitmap): void {
    try {
      this.put(`image:${id}`, bitmap);
    } finally {
      bitmap.close();
    }
  }

  /** Lets go of masks and pictures the page no longer names (a new photo, a history that moved on). */
  drop(kind: 'mask' | 'image', ids: readonly string[]): void {
    for (const id of ids) {
      const key = `${kind}:${id}`;
      const texture = this.textures.get(key);
      if (!texture) continue;
      this.backend.destroyTexture(texture);
      this.textures.delete(key);
    }
  }

  /** Every mask and picture: a new photo starts without them (the .cube tables may serve it too). */
  dropPhotoResources(): void {
    for (const [key, texture] of this.textures) {
      if (!key.startsWith('mask:') && !key.startsWith('image:')) continue;
      this.backend.destroyTexture(texture);
      this.textures.delete(key);
    }
  }

  get count(): number {
    return this.textures.size;
  }

  dispose(): void {
    for (const texture of this.textures.values()) this.backend.destroyTexture(texture);
    this.textures.clear();
  }

  private emptyMask(): GpuTexture {
    return this.textures.get('mask:') ?? this.put('mask:', new ImageData(1, 1));
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

/**
 * A step's invocations with its .cube named as the engine keeps it (`cube:<hash>` for 'lut:custom'), so
 * that a chain of several steps runs with the shared resolver and each step still reads its own table.
 */
export function withOwnCube(chain: readonly StageInvocation[], cube: string | undefined): StageInvocation[] {
  if (cube === undefined) return [...chain];
  return chain.map((invocation): StageInvocation => {
    const slots = invocation.textures;
    if (!slots || !Object.values(slots).includes(CUSTOM_LUT)) return invocation;
    const textures: Record<string, string> = {};
    for (const [slot, key] of Object.entries(slots))
      textures[slot] = key === CUSTOM_LUT ? `cube:${cube}` : key;
    return { ...invocation, textures };
  });
}
