import type { Backend, GpuTexture, TextureFormat } from './backend.ts';

/**
 * Same-size textures are reused across passes and applies instead of being created and destroyed each
 * time. Textures handed out are the caller's until released; released ones wait for the next request of
 * their size and format.
 */
export class TexturePool {
  private readonly free = new Map<string, GpuTexture[]>();
  private readonly inUse = new Set<number>();
  /** The round (see nextRound) in which each size and format was last asked for. */
  private readonly asked = new Map<string, number>();
  private round = 0;

  constructor(private readonly backend: Backend) {}

  acquire(width: number, height: number, format: TextureFormat = 'rgba8unorm'): GpuTexture {
    const k = key(width, height, format);
    this.asked.set(k, this.round);
    const list = this.free.get(k);
    const texture = list?.pop() ?? this.backend.createTexture(width, height, format);
    this.inUse.add(texture.id);
    return texture;
  }

  /** Takes ownership of a texture made elsewhere (an uploaded image), so that it can be released here. */
  adopt(texture: GpuTexture): GpuTexture {
    this.inUse.add(texture.id);
    return texture;
  }

  release(texture: GpuTexture): void {
    if (!this.inUse.delete(texture.id))
      throw new Error(`Texture ${texture.id} released twice or not from this pool`);
    const k = key(texture.width, texture.height, texture.format);
    const list = this.free.get(k);
    if (list) list.push(texture);
    else this.free.set(k, [texture]);
  }

  /** Destroys every texture that is not in use: after a size change, old sizes would otherwise linger. */
  trim(): void {
    for (const list of this.free.values()) for (const texture of list) this.backend.destroyTexture(texture);
    this.free.clear();
    this.asked.clear();
  }

  /**
   * Ends a round of work (a tile of the full-resolution save): free textures of a size this round did
   * not ask for are destroyed. A blur's smaller passes follow a grid fixed in the whole image, so their
   * sizes change from tile to tile; kept, a set per size would pile up over a large photo's tiles.
   */
  nextRound(): void {
    for (const [k, list] of this.free) {
      if (this.asked.get(k) === this.round) continue;
      for (const texture of list) this.backend.destroyTexture(texture);
      this.free.delete(k);
      this.asked.delete(k);
    }
    this.round++;
  }

  /** Free textures kept for reuse (a cache that `trim` empties), not held by any work. */
  get freeCount(): number {
    let free = 0;
    for (const list of this.free.values()) free += list.length;
    return free;
  }

  get liveCount(): number {
    let free = 0;
    for (const list of this.free.values()) free += list.length;
    return free + this.inUse.size;
  }
}

function key(width: number, height: number, format: TextureFormat): string {
  return `${width}x${height}:${format}`;
}
