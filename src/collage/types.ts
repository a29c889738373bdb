/** Product spec section 3: the collage's config and the images it can place. */

export interface CollageConfig {
  actualCanvasWidth: number;
  actualCanvasHeight: number;
  backgroundColor: string;
  backgroundImageFile: Blob | null;
  backgroundImageUrl: string | null;
  activePresetId: string;
  /** Slot id -> asset id. */
  slotContents: Record<string, string>;
}

export interface ImageAsset {
  id: string;
  previewUrl: string;
  originalWidth: number;
  originalHeight: number;
  name: string;
  file: Blob | null;
}

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
