/**
 * What the test hooks (`?testHooks=1`) of the editor (src/editor/editor-test-hooks.ts) and of the camera
 * (src/camera/camera-test-hooks.ts) share. Product code may import it; it imports nothing.
 */

/** An image (a bitmap, or RGBA pixels) as a PNG data URL, the form the pixel hooks hand to tests. */
export function pngDataUrl(image: ImageBitmap | ImageData): string {
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  if (image instanceof ImageData) context?.putImageData(image, 0, 0);
  else context?.drawImage(image, 0, 0);
  return canvas.toDataURL('image/png');
}
