// Frames on extreme photos (a 1 px wide strip, a 1 px tall one, a single pixel): the saved print keeps the
// frame's own shape with the photo placed in its window on the paper, never a flat square.
import { NO_FRAME, type FrameChoice } from '../../src/edit/frame.ts';
import { frameSpec } from '../../src/frames/model/frames.ts';
import { framedSize, printLayout } from '../../src/frames/model/layout.ts';
import { createImage } from '../reference/image.ts';
import { expect, test } from '../support/fixtures.ts';
import { encodePng } from '../support/png.ts';

const PHOTOS = [
  { width: 1, height: 400 },
  { width: 400, height: 1 },
  { width: 1, height: 1 },
];

/** A red photo of `size`. */
function redPng(size: { width: number; height: number }): Buffer {
  const image = createImage(size.width, size.height);
  for (let i = 0; i < image.data.length; i += 4) image.data.set([230, 20, 20, 255], i);
  return encodePng(image);
}

for (const id of ['instant-square', 'film-35mm'] as const)
  test(`${id}: 1x400, 400x1 and 1x1 photos save as prints of the frame's shape with the photo in the window`, async ({
    page,
    editor,
  }) => {
    test.setTimeout(180_000);
    await editor.open('webgl2');
    const spec = frameSpec(id)!;
    for (const photo of PHOTOS) {
      await editor.load({
        name: `strip-${photo.width}x${photo.height}.png`,
        mimeType: 'image/png',
        buffer: redPng(photo),
      });
      // Each photo starts an edit of its own: its frame chosen anew.
      await page.getByTestId('frame-button').click();
      await page.getByTestId(`frame-${id}`).click();
      await page.getByTestId('frame-done').click();
      await editor.settled();
      await page.getByTestId('save-full-resolution').check();
      const saved = await editor.save();
      const choice: FrameChoice = { ...NO_FRAME, id };
      expect({ width: saved.width, height: saved.height }).toEqual(framedSize(choice, photo));
      // The print's own shape, turned for an upright photo (film is shot both ways).
      const print = spec.print.width / spec.print.height;
      const shape = saved.width / saved.height;
      expect(
        Math.min(Math.abs(shape - print), Math.abs(shape - 1 / print)),
        `${shape} against ${print}`,
      ).toBeLessThan(0.05);
      expect(Math.min(saved.width, saved.height)).toBeGreaterThan(60);
      // The photo's pixels lie where the layout places it (the window's centre), the paper around them.
      const layout = printLayout(choice, photo)!;
      const at = (x: number, y: number): [number, number, number] => {
        const i = (y * saved.width + x) * 4;
        return [saved.data[i]!, saved.data[i + 1]!, saved.data[i + 2]!];
      };
      const cx = layout.window.x - layout.crop.x + Math.floor(photo.width / 2);
      const cy = layout.window.y - layout.crop.y + Math.floor(photo.height / 2);
      // A JPEG keeps a 1 px line's light but not its colour (4:2:0): the photo's pixels stand out from the
      // paper (or rebate) beside them, which a photo smeared across the window would not.
      const beside = photo.width === 1 ? at(cx + 16, cy) : at(cx, cy + 16);
      const centre = at(cx, cy);
      const difference = centre.reduce((sum, value, k) => sum + Math.abs(value - beside[k]!), 0);
      expect(
        difference,
        `the photo at ${cx},${cy}: ${centre.join(',')}, beside: ${beside.join(',')}`,
      ).toBeGreaterThan(60);
    }
  });
