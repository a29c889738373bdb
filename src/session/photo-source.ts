/** The photo as loaded, as the editor keeps it for a new worker, a crop's tool and the saves. */
export interface Source {
  /** The photo at the processing size (the editor's copy: whoever reads it must not close it). */
  image: ImageBitmap;
  processing: { width: number; height: number };
  original: { width: number; height: number };
  /**
   * The file itself (compressed, as chosen), which the worker decodes again for a crop or a
   * full-resolution save: the page never holds the original's pixels.
   */
  file: Blob;
  /** The day the photo was taken, where its EXIF says (the date stamp's date). */
  taken?: string;
}
