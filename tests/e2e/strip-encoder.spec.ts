// The strip JPEG encoder (src/jpeg-encoder, issue 36 point 2), held to the browser: its files
// decode in Chromium to the photo (PSNR), as close as Chromium's own encoder's at the same quality.
import { readFileSync } from 'node:fs';
import { encodeJpeg } from '../../src/jpeg-encoder/strip-encoder.ts';
import { psnr } from '../reference/metrics.ts';
import { decodeInBrowser } from '../support/decode.ts';
import { fixturePath } from '../support/images.ts';
import { decodePng } from '../support/png.ts';
import { expect, test } from '../support/fixtures.ts';

test("the strip encoder's JPEG decodes to the photo, as close as the browser's own encoder's", async ({
  page,
}) => {
  await page.goto('/');
  const scores: string[] = [];
  for (const name of ['kodim23', 'kodim05']) {
    const png = readFileSync(fixturePath(`kodak/${name}.png`));
    const original = decodePng(png);
    const ours = Buffer.from(encodeJpeg(original.data, original.width, original.height, 90));
    // The browser's encoder on the same pixels (a 2D canvas, quality 0.9).
    const theirs = Buffer.from(
      await page.evaluate(async (base64) => {
        const bitmap = await createImageBitmap(new Blob([Uint8Array.fromBase64(base64)]));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
        return new Uint8Array(await blob.arrayBuffer()).toBase64();
      }, png.toString('base64')),
      'base64',
    );
    const oursDb = psnr(original, await decodeInBrowser(page, ours));
    const theirsDb = psnr(original, await decodeInBrowser(page, theirs));
    scores.push(
      `${name}: ours ${oursDb.toFixed(1)} dB in ${ours.length} bytes, the browser's ${theirsDb.toFixed(1)} dB in ${theirs.length} bytes`,
    );
    expect(oursDb, name).toBeGreaterThanOrEqual(34);
    expect(oursDb, name).toBeGreaterThanOrEqual(theirsDb - 1.5);
    expect(ours.length / theirs.length, name).toBeGreaterThan(0.6);
    expect(ours.length / theirs.length, name).toBeLessThan(1.5);
  }
  test.info().annotations.push({ type: 'strip encoder', description: scores.join('; ') });
});
