// A texture as the stages see it: its size and format. Each backend (src/engine/backend.ts) makes them
// and holds what stands behind them.

/** rgba8unorm for images; rgba16float for intermediates that need range or precision. */
export type TextureFormat = 'rgba8unorm' | 'rgba16float';

export interface GpuTexture {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly format: TextureFormat;
}
