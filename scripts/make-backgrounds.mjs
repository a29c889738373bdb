// `node scripts/make-backgrounds.mjs`: the landing page's three backgrounds, made from Kodak test photos
// (tests/fixtures/kodak, unrestricted use) run through RetroCam's own Filters looks (colour LUT and
// grain) on the GPU harness, then encoded as WebP. Writes public/backgrounds/landing-{1,2,3}.webp.
import { readFileSync, writeFileSync } from 'node:fs';
import { withPage } from './with-page.mjs';

const BACKGROUNDS = [
  { photo: 'kodim03.png', look: 'nashville' },
  { photo: 'kodim05.png', look: 'pandora' },
  { photo: 'kodim23.png', look: '2014' },
];
const MAX_BYTES = 250 * 1024;

await withPage('/tests/gpu/harness.html', 5177, async (page) => {
  for (const [index, { photo, look }] of BACKGROUNDS.entries()) {
    const data = readFileSync(new URL(`../tests/fixtures/kodak/${photo}`, import.meta.url)).toString(
      'base64',
    );
    const webp = await page.evaluate(
      async ([data, look]) => {
        const { pg2016Effect } = await import('/src/effects/filters.ts');
        const { resolveSettings } = await import('/src/effects/settings.ts');
        const { bakeLut } = await import('/src/grading/luts.ts');
        const { STAGES } = await import('/src/pipeline/stages/index.ts');
        const bitmap = await createImageBitmap(
          new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))]),
        );
        const size = { width: bitmap.width, height: bitmap.height };
        const settings = resolveSettings(pg2016Effect, { filterName: look, lutName: look });
        // The stages this checkout has (the vignette may not be there yet).
        const chain = pg2016Effect.stages(settings, size).filter((s) => STAGES.has(s.stage));
        const resources = {};
        for (const invocation of chain) {
          for (const key of Object.values(invocation.textures ?? {})) {
            const atlas = bakeLut(key.replace(/^lut:/, ''));
            if (!atlas) throw new Error(`no LUT for ${key}`);
            let text = '';
            for (let i = 0; i < atlas.data.length; i += 0x8000)
              text += String.fromCharCode(...atlas.data.subarray(i, i + 0x8000));
            resources[key] = { width: atlas.width, height: atlas.height, data: btoa(text) };
          }
        }
        const result = await window.harness.run('webgl2', data, chain, resources);
        const pixels = Uint8ClampedArray.from(atob(result.output), (c) => c.charCodeAt(0));
        const canvas = new OffscreenCanvas(result.width, result.height);
        canvas.getContext('2d').putImageData(new ImageData(pixels, result.width, result.height), 0, 0);
        const blob = await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000)
          text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return { webp: btoa(text), stages: chain.map((s) => s.stage) };
      },
      [data, look],
    );
    const bytes = Buffer.from(webp.webp, 'base64');
    if (bytes.length > MAX_BYTES) throw new Error(`${photo}: ${bytes.length} bytes is over ${MAX_BYTES}`);
    const out = new URL(`../public/backgrounds/landing-${index + 1}.webp`, import.meta.url);
    writeFileSync(out, bytes);
    console.log(
      `${out.pathname}: ${photo} through ${look} (${webp.stages.join(' + ')}), ${bytes.length} bytes`,
    );
  }
});
