import { NO_FRAME } from '../../src/edit/frame.ts';
import { framedSize } from '../../src/frames/model/layout.ts';
import { compareInPage, enlargedJpeg, saveBytes } from '../support/large-images.ts';
import { jpegSize } from '../support/jpeg.ts';
import { expect, test } from '../support/fixtures.ts';

// A large print drawn in many pieces keeps the engine answering: each piece is progress, so the page's
// watchdog (here shortened with ?workerTimeout=) never takes the frame pass for a stuck worker, restarts
// the engine and loses the save. The reference is the same print saved in the fewest pieces.

const PHOTO = { width: 4032, height: 3024 };

test('a 12 MP print drawn in 256 px pieces reports progress all along: no engine restart, the print as saved in large pieces', async ({
  page,
  editor,
}) => {
  test.setTimeout(300_000);
  await editor.open('webgpu', 'frame=instant-square&frameFill=1');
  const photo = await enlargedJpeg(page, 'kodak/kodim23.png', PHOTO.width, PHOTO.height);
  const file = { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo };
  await editor.load(file);
  await page.getByTestId('save-full-resolution').check();
  const whole = await saveBytes(page);
  const print = framedSize({ ...NO_FRAME, id: 'instant-square', fill: 1 }, PHOTO);
  expect(jpegSize(whole.bytes)).toEqual(print);

  // The same print in 256 px pieces, a couple of hundred of them, each one far shorter than the watchdog's
  // five seconds and all of them together far longer.
  await editor.open('webgpu', 'frame=instant-square&frameFill=1&workerTimeout=5000');
  await editor.load(file);
  await page.getByTestId('save-full-resolution').check();
  await page.evaluate(() => window.__retrocam?.setTileLimit(256));
  const pieces = await saveBytes(page);
  const statuses = await page.evaluate(() => window.__retrocam?.statuses() ?? []);
  expect(statuses, 'the statuses the editor passed through').not.toContain('WorkerError');
  await expect(page.getByText('The effect engine stopped and was restarted')).toHaveCount(0);
  const { psnr } = await compareInPage(page, pieces.bytes, whole.bytes);
  expect(psnr, 'the print in 256 px pieces against large pieces').toBeGreaterThanOrEqual(45);
});
