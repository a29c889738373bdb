/**
 * The frame as the last step of what is shown and saved. The look runs on the photo; the
 * frame goes around the result, never into the committed base, so later effects never grain the paper.
 * - The preview: `framed` runs the frame stage on the current image into a texture of the print's size.
 * - The full-resolution save: `frameRows` draws the print a band of rows at a time, each band in pieces
 *   no larger than a tile, each piece reading only the part of the photo its window shows, and hands the
 *   rows on (to the JPEG encoder): no picture of the print is ever held whole, in a canvas or a texture.
 * The text is drawn once per job on a small canvas (frame-text.ts) and read by every piece.
 */
import type { Backend, GpuTexture } from '../backend.ts';
import type { StageRunner } from '../runner.ts';
import type { TextureResolver } from '../../pipeline/stages/types.ts';
import type { TileLimits } from '../tiling.ts';
import { asImageData, type PictureReader } from '../../pixels/strips.ts';
import { checkedChoice, type FrameChoice } from '../../edit/frame.ts';
import { printLayout, type PrintLayout } from '../../frames/model/layout.ts';
import { frameText } from '../../frames/model/text.ts';
import { drawFrameText } from './frame-text.ts';
import { frameInvocation, framePieces, photoRegion } from './frame-plan.ts';

export class FrameRenderer {
  /** The preview's text texture, kept while the frame and its size stay the same. */
  private cached: { key: string; texture: GpuTexture } | null = null;

  constructor(
    private readonly backend: Backend,
    private readonly runner: StageRunner,
  ) {}

  /** The text texture for the layout (a transparent texel when it writes nothing); the caller owns it. */
  async textTexture(layout: PrintLayout, choice: FrameChoice, taken: string): Promise<GpuTexture> {
    const text = layout.text ? frameText(choice, taken) : null;
    const image = text && layout.text ? await drawFrameText(text, layout.text) : new ImageData(1, 1);
    return this.backend.uploadImage(image);
  }

  /** Shows `photo` on the canvas, in its frame when there is one. */
  async present(photo: GpuTexture, choice: FrameChoice, taken: string): Promise<void> {
    const framed = await this.framed(photo, choice, taken);
    try {
      await this.backend.present(framed ?? photo);
    } finally {
      if (framed) this.runner.pool.release(framed);
    }
  }

  /** The preview's print: the frame stage on `photo`, or null without a frame (the caller releases it). */
  async framed(photo: GpuTexture, choice: FrameChoice, taken: string): Promise<GpuTexture | null> {
    const layout = printLayout(choice, photo);
    if (!layout) return null;
    const key = JSON.stringify([choice, taken, layout.text]);
    if (this.cached?.key !== key) {
      this.dropText();
      this.cached = { key, texture: await this.textTexture(layout, choice, taken) };
    }
    const text = this.cached.texture;
    const invocation = frameInvocation(
      layout,
      choice,
      { x: 0, y: 0, width: layout.width, height: layout.height },
      [layout.window.x - layout.crop.x, layout.window.y - layout.crop.y],
    );
    return this.backend.validate(() => this.runner.run(photo, [invocation], () => text));
  }

  /**
   * The print of the photo `photo` reads, a band of rows at a time into `sink`, each band in pieces within
   * `limits`. `afterPiece` runs after each piece (progress, a cancel check).
   */
  async frameRows(
    photo: PictureReader,
    choice: FrameChoice,
    taken: string,
    limits: TileLimits,
    sink: (rows: Uint8ClampedArray<ArrayBuffer>, count: number) => Promise<void>,
    afterPiece: () => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    const layout = printLayout(checkedChoice(choice), photo);
    if (!layout) throw new Error('No frame to draw');
    const { pool } = this.runner;
    const text = await this.textTexture(layout, choice, taken);
    const resolve: TextureResolver = () => text;
    try {
      for (const piece of framePieces(layout, limits)) {
        const rows = new Uint8ClampedArray(layout.width * piece.height * 4);
        for (let x = 0; x < layout.width; x += piece.width) {
          const out = { x, y: piece.y, width: Math.min(piece.width, layout.width - x), height: piece.height };
          const source = photoRegion(layout, out, photo);
          const pixels = await photo.read(source);
          const upload = pool.acquire(source.width, source.height, 'rgba8unorm');
          let result: GpuTexture;
          try {
            this.backend.uploadImage(asImageData(pixels), upload);
            const photoAt: [number, number] = [
              source.x + layout.window.x - layout.crop.x,
              source.y + layout.window.y - layout.crop.y,
            ];
            const invocation = frameInvocation(layout, choice, out, photoAt);
            result = await this.backend.validate(() => this.runner.run(upload, [invocation], resolve));
          } finally {
            pool.release(upload);
          }
          let read: Uint8Array<ArrayBuffer>;
          try {
            read = await this.backend.readPixels(result);
          } finally {
            pool.release(result);
          }
          for (let row = 0; row < out.height; row++) {
            rows.set(
              read.subarray(row * out.width * 4, (row + 1) * out.width * 4),
              (row * layout.width + x) * 4,
            );
          }
          pool.nextRound();
          await afterPiece();
        }
        await sink(rows, piece.height);
      }
    } finally {
      this.backend.destroyTexture(text);
      pool.trim();
    }
  }

  dispose(): void {
    this.dropText();
  }

  private dropText(): void {
    if (this.cached) this.backend.destroyTexture(this.cached.texture);
    this.cached = null;
  }
}
