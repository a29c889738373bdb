/**
 * Product spec section 3: the collage's presets and styles. Its config and the images it can place are part
 * of the editor's state (src/session/collage-state.ts).
 */
import type { CollageConfig } from '../../session/collage-state.ts';

/** The asset key that holds the processed main image. */
export const MAIN_PROCESSED_IMAGE = 'main-processed-image';

export const DEFAULT_COLLAGE_CONFIG: CollageConfig = {
  actualCanvasWidth: 400,
  actualCanvasHeight: 400,
  backgroundColor: '#000000',
  backgroundImageFile: null,
  backgroundImageUrl: null,
  activePresetId: 'free-mode',
  slotContents: {},
};

/** How a photo fills its slot. */
export type Fitting = 'contain' | 'cover' | 'stretch';

/** A slot of a preset: position and size are fractions of the canvas. */
export interface SlotDefinition {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  fitting: Fitting;
  /** The border's colour (default white) and width at scale factor 1 (default 0). */
  stroke?: string;
  strokeWidth?: number;
  /** A second, inner line between the border and the photo (default black, width 0). */
  secondaryStroke?: string;
  secondaryStrokeWidth?: number;
}

export type TextAlign = 'left' | 'center' | 'right';

/** A text a preset brings; x and y are fractions of the canvas (the text's centre). */
export interface PresetText {
  id: string;
  text: string;
  x: number;
  y: number;
  fontFamily?: string;
  fontSize?: number;
  fill?: string;
  textAlign?: TextAlign;
  fontWeight?: 'normal' | 'bold';
  fontStyle?: 'normal' | 'italic';
  underline?: boolean;
  stroke?: string;
  strokeWidth?: number;
  strokeEnabled?: boolean;
  selectable?: boolean;
  editable?: boolean;
}

export interface LayoutPreset {
  id: string;
  name: string;
  /** Width / height; null keeps the canvas's current shape (free mode). */
  aspectRatio: number | null;
  backgroundColor?: string;
  slots: readonly SlotDefinition[];
  texts?: readonly PresetText[];
  /** The first slot's photo is part of the design: it cannot be selected or moved (film-photo). */
  fixedMainImage?: boolean;
}

/** Section 3's text style. Sizes and widths are at scale factor 1 (a 400 px canvas). */
export interface TextStyle {
  fontFamily: string;
  fontSize: number;
  fill: string;
  fontWeight: 'normal' | 'bold';
  fontStyle: 'normal' | 'italic';
  underline: boolean;
  textAlign: TextAlign;
  stroke: string;
  strokeWidth: number;
  strokeEnabled: boolean;
}

/** Section 3's image style: the border around a photo, its width at scale factor 1. */
export interface ImageStyle {
  stroke: string;
  strokeWidth: number;
}
