// The fidelity page: renders a camera look on a photo through the engine (the GPU harness's worker), as
// the editor applies it at its defaults and saves it, and draws the comparison picture.
// scripts/fidelity.mjs drives it; the measuring is done in Node (measure.ts).
import '../../tests/gpu/harness.ts';
import { findEffect } from '../../src/effects/index.ts';
import { resolveSettings } from '../../src/effects/settings.ts';
import { RESIZE_SMOOTH } from '../../src/pipeline/stages/resize/stage.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { Tile } from './report.ts';
import type { RenderedLook } from './page-api.ts';

/** Spec section 9: the save's long side and its JPEG quality. */
const SAVE_LONG_SIDE = 1080;
const SAVE_QUALITY = 0.9;

const fromBase64 = (text: string) =>
  (Uint8Array as unknown as { fromBase64(text: string): Uint8Array<ArrayBuffer> }).fromBase64(text);
const toBase64 = (bytes: Uint8Array) => (bytes as Uint8Array & { toBase64(): string }).toBase64();

async function encode(
  rgba: Uint8Array<ArrayBuffer>,
  width: number,
  height: number,
  type: string,
  quality?: number,
) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer), width, height), 0, 0);
  const blob = await canvas.convertToBlob({ type, quality });
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * The look at its defaults on the photo (base64 file bytes): `own`, its pixels at the size its JPEG
 * stage coded (before a pixelated 2x upscale, which repeats each pixel); `save`, the JPEG file the
 * editor's save makes of it (the engine's smooth resize to a 1080 px long side, then the browser's JPEG
 * at 0.9); and the look's JPEG stage's params.
 */
async function renderLook(engine: EngineKind, photo: string, effectId: string): Promise<RenderedLook> {
  const effect = findEffect(effectId);
  if (!effect) throw new Error(`no effect ${effectId}`);
  const bitmap = await createImageBitmap(new Blob([fromBase64(photo)]));
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  const chain = effect.stages(resolveSettings(effect, {}), size);
  const last = chain.at(-1);
  const jpeg = chain.find((s) => s.stage === 'jpeg');
  const result = await window.harness.runEffect(engine, photo, effectId, {});
  const output = fromBase64(result.output);
  const upscaled = last?.stage === 'resize' && (last.params as { mode: number }).mode === 1;
  let own = { width: result.width, height: result.height, data: output };
  if (upscaled) {
    const width = Math.floor(result.width / 2);
    const height = Math.floor(result.height / 2);
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        data.set(
          output.subarray((2 * y * result.width + 2 * x) * 4, (2 * y * result.width + 2 * x) * 4 + 4),
          (y * width + x) * 4,
        );
    own = { width, height, data };
  }
  const scale = SAVE_LONG_SIDE / Math.max(result.width, result.height);
  const saveSize = {
    width: Math.max(1, Math.round(result.width * scale)),
    height: Math.max(1, Math.round(result.height * scale)),
  };
  const png = await encode(output, result.width, result.height, 'image/png');
  const scaled = await window.harness.run(engine, toBase64(png), [
    { stage: 'resize', params: { ...saveSize, mode: RESIZE_SMOOTH } },
  ]);
  const save = await encode(
    fromBase64(scaled.output),
    scaled.width,
    scaled.height,
    'image/jpeg',
    SAVE_QUALITY,
  );
  return {
    own: { width: own.width, height: own.height, data: toBase64(own.data) },
    save: toBase64(save),
    jpeg: (jpeg?.params as RenderedLook['jpeg'] | undefined) ?? null,
    upscaled,
  };
}

/** Rows of labelled tiles, each drawn at `zoom` with its pixels kept square, as a JPEG (base64). */
async function drawPicture(rows: { title: string; tiles: Tile[] }[], zoom: number) {
  const gap = 8;
  const label = 22;
  const title = 30;
  const tileWidth = Math.max(...rows.flatMap((r) => r.tiles.map((t) => t.width))) * zoom;
  const tileHeight = Math.max(...rows.flatMap((r) => r.tiles.map((t) => t.height))) * zoom;
  const columns = Math.max(...rows.map((r) => r.tiles.length));
  const canvas = new OffscreenCanvas(
    gap + columns * (tileWidth + gap),
    gap + rows.length * (title + tileHeight + label + gap),
  );
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#15131a';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = false;
  context.textBaseline = 'middle';
  for (const [r, row] of rows.entries()) {
    const top = gap + r * (title + tileHeight + label + gap);
    context.fillStyle = '#eeeaf4';
    context.font = '600 20px sans-serif';
    context.fillText(row.title, gap, top + title / 2);
    for (const [c, tile] of row.tiles.entries()) {
      const x = gap + c * (tileWidth + gap);
      const pixels = new ImageData(
        new Uint8ClampedArray(fromBase64(tile.data).buffer),
        tile.width,
        tile.height,
      );
      const bitmap = await createImageBitmap(pixels);
      context.drawImage(bitmap, x, top + title, tile.width * zoom, tile.height * zoom);
      context.font = '15px sans-serif';
      context.fillText(tile.label, x + 2, top + title + tileHeight + label / 2);
    }
  }
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.88 });
  return toBase64(new Uint8Array(await blob.arrayBuffer()));
}

window.fidelity = { renderLook, drawPicture };
document.body.dataset.ready = 'true';
