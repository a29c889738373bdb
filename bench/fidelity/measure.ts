/**
 * `npm run fidelity`, the Node side (loaded by scripts/fidelity.mjs through Vite): measures the era
 * cameras' own files and each camera look's renders of the Kodak photos, and writes docs/fidelity.md,
 * docs/fidelity.jpg and bench/fidelity-results.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { cameraValues, lookJpegValues, pixelValues, sceneValues, type Values } from './descriptors.ts';
import { jpegDescriptors } from './jpeg-tables.ts';
import './page-api.ts';
import { median, type Rgba, ycbcr } from './planes.ts';
import { decodePng } from '../../tests/support/png.ts';
import { LOOKS, renderReport, type Camera, type LookResult, type Tile } from './report.ts';

const PHOTOS = ['kodim03.png', 'kodim04.png', 'kodim05.png', 'kodim20.png', 'kodim23.png'];
/** The comparison picture's crops: this many pixels square, drawn at twice their size. */
const CROP = 150;
const ZOOM = 2;
const CROPS_PER_SIDE = 3;

function decode(bytes: Uint8Array): Rgba {
  const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 2048 });
  return { width: image.width, height: image.height, data: image.data };
}

/**
 * A CROP x CROP piece of the image at 1:1, from the middle 80 %: of 25 places, the one whose luma spread
 * is nearest 35 levels, so that it holds edges and flat parts alike.
 */
function crop(image: Rgba, label: string): Tile {
  const luma = ycbcr(image).y.data;
  let best = { score: Infinity, x: 0, y: 0 };
  for (let j = 0; j < 5; j++)
    for (let i = 0; i < 5; i++) {
      const x = Math.round((0.1 + (0.8 * i) / 4) * (image.width - CROP));
      const y = Math.round((0.1 + (0.8 * j) / 4) * (image.height - CROP));
      let sum = 0;
      let squares = 0;
      for (let v = 0; v < CROP; v += 2)
        for (let u = 0; u < CROP; u += 2) {
          const l = luma[(y + v) * image.width + x + u]!;
          sum += l;
          squares += l * l;
        }
      const n = (CROP / 2) ** 2;
      const score = Math.abs(Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2)) - 35);
      if (score < best.score) best = { score, x, y };
    }
  const data = new Uint8Array(CROP * CROP * 4);
  for (let v = 0; v < CROP; v++)
    data.set(
      image.data.subarray(
        ((best.y + v) * image.width + best.x) * 4,
        ((best.y + v) * image.width + best.x + CROP) * 4,
      ),
      v * CROP * 4,
    );
  return { label, width: CROP, height: CROP, data: Buffer.from(data).toString('base64') };
}

interface Options {
  root: string;
  engine: 'webgpu' | 'webgl2';
  log: (line: string) => void;
}

export async function measure(page: Page, { root, engine, log }: Options) {
  const started = Date.now();
  const list = JSON.parse(readFileSync(join(root, 'bench/era-cameras/cameras.json'), 'utf8')) as Omit<
    Camera,
    'values'
  >[];
  const cameras: Camera[] = [];
  const realCrops = new Map<string, Tile[]>();
  for (const entry of list) {
    const bytes = new Uint8Array(readFileSync(join(root, 'bench/era-cameras', entry.file)));
    const image = decode(bytes);
    const values = cameraValues(bytes, image, entry.kind === 'scene');
    cameras.push({ ...entry, values });
    const crops = realCrops.get(entry.group) ?? [];
    if (entry.kind === 'scene') crops.push(crop(image, entry.camera.replace(/ \(.*\)$/, '')));
    realCrops.set(entry.group, crops);
    log(
      `${entry.file}: q${values.quality} noise ${values.noiseLuma?.toFixed(2)}/${values.noiseChroma?.toFixed(2)}`,
    );
  }
  const looks: LookResult[] = [];
  const lookCrops = new Map<string, Tile[]>();
  for (const look of LOOKS) {
    const renders: Values[] = [];
    let saveCoding = '';
    const crops: Tile[] = [];
    for (const photo of PHOTOS) {
      const file = readFileSync(join(root, 'tests/fixtures/kodak', photo)).toString('base64');
      const result = await page.evaluate(
        ([engine, file, id]) => window.fidelity.renderLook(engine, file, id),
        [engine, file, look.id] as const,
      );
      const own: Rgba = {
        width: result.own.width,
        height: result.own.height,
        data: new Uint8Array(Buffer.from(result.own.data, 'base64')),
      };
      const saveBytes = new Uint8Array(Buffer.from(result.save, 'base64'));
      const saved = jpegDescriptors(saveBytes);
      saveCoding = `q${saved.quality} ${saved.label}`;
      const values = {
        ...lookJpegValues(result.jpeg),
        ...pixelValues(own),
        ...sceneValues(decode(saveBytes)),
      };
      renders.push(values);
      crops.push(crop(own, `${look.name}, ${photo.replace('.png', '')}`));
      log(`${look.id} ${photo}: ${own.width}x${own.height}, noise ${values.noiseLuma?.toFixed(2)}`);
    }
    looks.push({ ...look, renders, saveCoding });
    lookCrops.set(look.id, crops);
  }
  // The Kodak photos as they are: what the scene descriptors read before any look.
  const originals = PHOTOS.map((photo) =>
    sceneValues(decodePng(readFileSync(join(root, 'tests/fixtures/kodak', photo)))),
  );
  const scene = Object.fromEntries(
    Object.keys(originals[0] ?? {}).map((key) => [key, median(originals.map((v) => v[key] ?? Number.NaN))]),
  );
  const rows = LOOKS.map((look) => {
    const real = realCrops.get(look.group) ?? [];
    const step = Math.max(1, Math.floor(real.length / CROPS_PER_SIDE));
    const chosen = real.filter((_, i) => i % step === 0).slice(0, CROPS_PER_SIDE);
    return {
      title: `${look.name} (right) against ${look.groupName} (left), each crop 1:1 at its own pixels, drawn 2x`,
      tiles: [...chosen, ...(lookCrops.get(look.id) ?? []).slice(0, CROPS_PER_SIDE)],
    };
  });
  const picture = await page.evaluate(([rows, zoom]) => window.fidelity.drawPicture(rows, zoom), [
    rows,
    ZOOM,
  ] as const);
  writeFileSync(join(root, 'docs/fidelity.jpg'), Buffer.from(picture, 'base64'));
  const seconds = (Date.now() - started) / 1000;
  const report = renderReport({ cameras, looks, engine, seconds, photos: PHOTOS, originals: scene });
  writeFileSync(join(root, 'docs/fidelity.md'), report.markdown);
  writeFileSync(join(root, 'bench/fidelity-results.json'), `${JSON.stringify(report.json, null, 1)}\n`);
  return report.summary;
}
