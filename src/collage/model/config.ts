/**
 * Pure changes to the collage config (product spec section 4): choosing a preset, sizing the canvas,
 * the background, and which asset fills which slot. The editor state wraps these; the fabric editor
 * draws whatever config it is given.
 */
import { CANVAS_ASPECTS, canvasSizeFor, type Size } from './slot-layout.ts';
import { findPreset, FREE_MODE_ID } from './presets.ts';
import type { CollageConfig } from '../../session/collage-state.ts';
import { MAIN_PROCESSED_IMAGE, type LayoutPreset } from './types.ts';

/** Presets other than free mode put the main image in their first slot and use a black background. */
export const PRESET_BACKGROUND = '#000000';

export function aspectOf(config: Pick<CollageConfig, 'actualCanvasWidth' | 'actualCanvasHeight'>): number {
  return config.actualCanvasWidth / config.actualCanvasHeight;
}

/**
 * Choosing a preset resizes the canvas to its aspect ratio (free mode keeps the current one), puts the
 * processed image in the first slot, and sets the preset's background (#000000 unless the preset says
 * otherwise; free mode keeps its colour).
 */
export function presetChosen(config: CollageConfig, preset: LayoutPreset, area: Size): CollageConfig {
  const size = canvasSizeFor(preset.aspectRatio ?? aspectOf(config), area);
  const first = preset.slots[0];
  return {
    ...config,
    activePresetId: preset.id,
    actualCanvasWidth: size.width,
    actualCanvasHeight: size.height,
    backgroundColor:
      preset.id === FREE_MODE_ID ? config.backgroundColor : (preset.backgroundColor ?? PRESET_BACKGROUND),
    slotContents: first ? { [first.id]: MAIN_PROCESSED_IMAGE } : {},
  };
}

/** A canvas size button: the canvas takes that aspect ratio in the available area. */
export function aspectChosen(config: CollageConfig, aspect: number, area: Size): CollageConfig {
  return withSize(config, canvasSizeFor(aspect, area));
}

/**
 * The window changed size: the canvas is recalculated for its aspect ratio, the preset's unless a canvas
 * size button chose another. The ratio is taken exact where the rounded canvas size is within 1% of the
 * preset's or a button's, so repeated resizes do not drift.
 */
export function areaChanged(config: CollageConfig, area: Size): CollageConfig {
  const current = aspectOf(config);
  const preset = findPreset(config.activePresetId)?.aspectRatio;
  const near = (ratio: number) => Math.abs(current - ratio) / ratio < 0.01;
  const exact =
    preset && near(preset) ? preset : (CANVAS_ASPECTS.find((a) => near(a.ratio))?.ratio ?? current);
  return withSize(config, canvasSizeFor(exact, area));
}

function withSize(config: CollageConfig, size: Size): CollageConfig {
  if (config.actualCanvasWidth === size.width && config.actualCanvasHeight === size.height) return config;
  return { ...config, actualCanvasWidth: size.width, actualCanvasHeight: size.height };
}

export function backgroundColorChosen(config: CollageConfig, color: string): CollageConfig {
  if (!/^#[0-9a-f]{6}$/i.test(color) || color.toLowerCase() === config.backgroundColor.toLowerCase())
    return config;
  return { ...config, backgroundColor: color.toLowerCase() };
}

export function backgroundImageChosen(
  config: CollageConfig,
  file: Blob | null,
  url: string | null,
): CollageConfig {
  return { ...config, backgroundImageFile: file, backgroundImageUrl: url };
}

/** The first slot of the active preset without a photo, if any. */
export function firstEmptySlot(config: CollageConfig): string | null {
  const preset = findPreset(config.activePresetId);
  return preset?.slots.find((slot) => !config.slotContents[slot.id])?.id ?? null;
}

/**
 * An asset goes into a slot: the given one, else the first empty one. Returns null when there is no such
 * slot (free mode, or every slot full): the image is then placed freely on the canvas.
 */
export function assetPlaced(
  config: CollageConfig,
  assetId: string,
  slotId?: string | null,
): CollageConfig | null {
  const preset = findPreset(config.activePresetId);
  const target = slotId && preset?.slots.some((slot) => slot.id === slotId) ? slotId : firstEmptySlot(config);
  if (!target) return null;
  // film-photo's main photo is part of the design: other photos do not replace it.
  if (preset?.fixedMainImage && target === preset.slots[0]?.id && config.slotContents[target]) return null;
  return { ...config, slotContents: { ...config.slotContents, [target]: assetId } };
}

/** Dragging one slot's photo onto another swaps the two (an empty target takes the photo). */
export function slotsSwapped(config: CollageConfig, from: string, to: string): CollageConfig {
  if (from === to) return config;
  const preset = findPreset(config.activePresetId);
  if (!preset?.slots.some((s) => s.id === from) || !preset.slots.some((s) => s.id === to)) return config;
  if (preset.fixedMainImage && (from === preset.slots[0]?.id || to === preset.slots[0]?.id)) return config;
  const contents = { ...config.slotContents };
  const a = contents[from];
  const b = contents[to];
  if (b) contents[from] = b;
  else delete contents[from];
  if (a) contents[to] = a;
  else delete contents[to];
  return { ...config, slotContents: contents };
}

/** A slot's photo is removed: the slot shows its placeholder again. */
export function slotCleared(config: CollageConfig, slotId: string): CollageConfig {
  if (!(slotId in config.slotContents)) return config;
  const contents = { ...config.slotContents };
  delete contents[slotId];
  return { ...config, slotContents: contents };
}
