/// <reference types="@webgpu/types" />
/**
 * A frame's uniforms: each pass's block goes into a 256-byte slot of a few shared buffers, written to the
 * GPU once when the frame is submitted. Later frames reuse the same buffers: queue order puts their writes
 * after the earlier frame's work.
 */

/** WebGPU's largest minimum uniform offset alignment. */
const UNIFORM_SLOT = 256;
const UNIFORM_CHUNK_SLOTS = 64;
const CHUNK_BYTES = UNIFORM_SLOT * UNIFORM_CHUNK_SLOTS;

export type UniformBinding = GPUBufferBinding & { chunk: number; offset: number; size: number };

export class UniformSlots {
  private readonly chunks: GPUBuffer[] = [];
  private data = new Uint8Array(CHUNK_BYTES);
  private used = 0;

  constructor(private readonly device: GPUDevice) {}

  /** The GPU buffers held (for the resource counts). */
  get buffers(): number {
    return this.chunks.length;
  }

  /** Places one block for this frame; returns where it is bound from. */
  place(block: ArrayBuffer): UniformBinding {
    if (block.byteLength > UNIFORM_SLOT) throw new Error('Uniform block larger than 256 bytes');
    const slot = this.used++;
    const chunk = Math.floor(slot / UNIFORM_CHUNK_SLOTS);
    while (this.chunks.length <= chunk) {
      this.chunks.push(
        this.device.createBuffer({
          size: CHUNK_BYTES,
          usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
        }),
      );
    }
    if (this.data.byteLength < this.used * UNIFORM_SLOT) {
      const grown = new Uint8Array(this.data.byteLength * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data.set(new Uint8Array(block), slot * UNIFORM_SLOT);
    return {
      buffer: this.chunks[chunk] as GPUBuffer,
      chunk,
      offset: (slot % UNIFORM_CHUNK_SLOTS) * UNIFORM_SLOT,
      size: block.byteLength,
    };
  }

  /** Writes the frame's blocks to the GPU, ahead of the frame's commands; the next frame starts empty. */
  write(): void {
    if (this.used === 0) return;
    const chunks = Math.ceil(this.used / UNIFORM_CHUNK_SLOTS);
    for (let i = 0; i < chunks; i++) {
      const end = Math.min(this.used * UNIFORM_SLOT, (i + 1) * CHUNK_BYTES);
      const chunk = this.chunks[i];
      if (chunk) this.device.queue.writeBuffer(chunk, 0, this.data, i * CHUNK_BYTES, end - i * CHUNK_BYTES);
    }
    this.used = 0;
  }

  destroy(): void {
    for (const chunk of this.chunks) chunk.destroy();
    this.chunks.length = 0;
  }
}
