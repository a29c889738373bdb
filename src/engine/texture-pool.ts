import type { Backend, GpuTexture, TextureFormat } from './backend.ts';

/**
 * Same-size textures are reused across passes and applies instead of being created and destroyed each
 * time. Textures handed out are the caller's until released; released ones wait for the next request of
 * their size and format.
 */
export class TexturePool {
  private readonly free = new Map<string, GpuTexture[]>();
  private readonly inUse = new Set<number>();

  constructor(private readonly backend: Backend) {}

  acquire(width: number, height: number, format: TextureFormat = 'rgba8unorm'): GpuTexture {
    const list = this.free.get(key(width, height, format));
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
