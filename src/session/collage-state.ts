/**
 * The collage's part of the editor's state (product spec section 3): its config and the images it can
 * place. Held here, below the collage, so the editor's state names them without importing the feature.
 */

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
