// Renders every effect at its defaults and every Filters look on one photo into one labelled sheet, so
// people can see the looks, and a row of 100 % crops of each real-camera artefact (issue 25). Runs in the browser through the GPU harness; scripts/contact-sheet.mjs drives it.
import { EFFECTS } from '../../src/effects/index.ts';
import { LOOKS } from '../../src/grading/looks/index.ts';
import { dateGlyphs } from '../../src/effects/date-stamp.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import './harness.ts';

interface Cell {
  label: string;
  effectId: string;
  settings: Record<string, string | number | boolean>;
}

const CELL_WIDTH = 480;
const LABEL_HEIGHT = 34;
const GAP = 8;
const COLUMNS = 5;

function cells(): Cell[] {
  return [
    { label: 'Original', effectId: 'vibrance', settings: { vibrance: 0 } },
    ...EFFECTS.filter((e) => e.runsOn === 'worker' && e.id !== 'vibrance').map((effect) => ({
      label: effect.name,
      effectId: effect.id,
      settings: {},
    })),
    { label: 'Vibrance +0.6', effectId: 'vibrance', settings: { vibrance: 0.6 } },
    ...LOOKS.map((look) => ({
      label: `Filters: ${look.label}`,
      effectId: 'pg2016',
      settings: { filterName: look.name },
    })),
  ];
}

/** Issue 25's artefacts, each at 100 % on the part of the photo that shows it. */
interface Crop {
  label: string;
  chain: StageInvocation[];
  /** The crop's top-left corner, as fractions of the image (the crop is one cell at 1:1). */
  at: [number, number];
}

const CROPS: Crop[] = [
  {
    label: 'Date stamp',
    chain: [
      {
        stage: 'date-stamp',
        params: {
          glyphs: dateGlyphs('1998-11-24', 'yy-m-d'),
          corner: 0,
          size: 0.06,
          color: [1, 0.45, 0.12],
          opacity: 1,
        },
      },
    ],
    at: [1, 1],
  },
  { label: 'Smear', chain: [{ stage: 'smear', params: { amount: 0.8 } }], at: [0.1, 0] },
  {
    label: 'Purple fringing',
    chain: [{ stage: 'fringing', params: { amount: 1, radius: 0.004 } }],
    at: [0.1, 0.1],
  },
  {
    label: 'Halation',
    chain: [{ stage: 'halation', params: { amount: 1, radius: 0.01, threshold: 0.8 } }],
    at: [0.1, 0.1],
  },
  { label: 'Light leak', chain: [{ stage: 'light-leak', params: { amount: 0.8, seed: 9 } }], at: [0, 0] },
  {
    label: 'Dust and scratches',
    chain: [{ stage: 'dust-scratches', params: { amount: 0.8, seed: 3 } }],
    at: [0.3, 0.2],
  },
  {
    label: 'Film grain',
    chain: [{ stage: 'tonal-grain', params: { amount: 0.2, chroma: 0.02, size: 0.0013, seed: 1, curve: 0 } }],
    at: [0.3, 0.3],
  },
  {
    label: 'Soft corners',
    chain: [{ stage: 'soft-corners', params: { amount: 1, radius: 0.006 } }],
    at: [1, 0],
  },
];

/** The photo with a few blown point lights, which smear, fringing and halation need, as a PNG (base64). */
async function withLights(photoBase64: string): Promise<string> {
  const bitmap = await createImageBitmap(
    new Blob([Uint8Array.from(atob(photoBase64), (c) => c.charCodeAt(0))]),
  );
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(bitmap, 0, 0);
  context.fillStyle = '#ffffff';
  const unit = Math.min(bitmap.width, bitmap.height);
  for (const [x, y, r] of [
    [0.2, 0.25, 0.025],
    [0.32, 0.4, 0.012],
    [0.45, 0.2, 0.018],
  ] as const) {
    context.beginPath();
    context.arc(x * bitmap.width, y * bitmap.height, r * unit, 0, 2 * Math.PI);
    context.fill();
  }
  const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** Each artefact's crop, at 1:1, `width` x `height`. */
async function renderCrops(engine: EngineKind, photoBase64: string, width: number, height: number) {
  const lit = await withLights(photoBase64);
  const crops: { label: string; bitmap: ImageBitmap }[] = [];
  for (const crop of CROPS) {
    const result = await window.harness.run(engine, lit, crop.chain);
    const bytes = Uint8ClampedArray.from(atob(result.output), (c) => c.charCodeAt(0));
    const whole = await createImageBitmap(new ImageData(bytes, result.width, result.height));
    const x = Math.round(crop.at[0] * Math.max(0, result.width - width));
    const y = Math.round(crop.at[1] * Math.max(0, result.height - height));
    crops.push({ label: crop.label, bitmap: await createImageBitmap(whole, x, y, width, height) });
    console.info(`contact sheet: ${crop.label} crop`);
  }
  return crops;
}

async function render(engine: EngineKind, photoBase64: string) {
  const list = cells();
  const rendered: { cell: Cell; bitmap: ImageBitmap }[] = [];
  for (const cell of list) {
    const result = await window.harness.runEffect(engine, photoBase64, cell.effectId, cell.settings);
    const bytes = Uint8ClampedArray.from(atob(result.output), (c) => c.charCodeAt(0));
    rendered.push({
      cell,
      bitmap: await createImageBitmap(new ImageData(bytes, result.width, result.height)),
    });
    console.info(`contact sheet: ${cell.label}`);
  }
  const first = rendered[0]?.bitmap;
  const aspect = first ? first.height / first.width : 2 / 3;
  const cellHeight = Math.round(CELL_WIDTH * aspect);
  const crops = await renderCrops(engine, photoBase64, CELL_WIDTH, cellHeight);
  const rows = Math.ceil(rendered.length / COLUMNS) + Math.ceil(crops.length / COLUMNS);
  const canvas = new OffscreenCanvas(
    COLUMNS * CELL_WIDTH + (COLUMNS + 1) * GAP,
    rows * (cellHeight + LABEL_HEIGHT) + (rows + 1) * GAP,
  );
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#15131a';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  // The looks, then (from a new row) the artefacts' 100 % crops.
  const firstCropRow = Math.ceil(rendered.length / COLUMNS);
  const tiles = [
    ...rendered.map(({ cell, bitmap }, index) => ({ label: cell.label, bitmap, index })),
    ...crops.map(({ label, bitmap }, index) => ({
      label: `${label} (100 %)`,
      bitmap,
      index: firstCropRow * COLUMNS + index,
    })),
  ];
  for (const { label, bitmap, index } of tiles) {
    const x = GAP + (index % COLUMNS) * (CELL_WIDTH + GAP);
    const y = GAP + Math.floor(index / COLUMNS) * (cellHeight + LABEL_HEIGHT + GAP);
    context.drawImage(bitmap, x, y, CELL_WIDTH, cellHeight);
    context.fillStyle = '#eeeaf4';
    context.font = '600 20px sans-serif';
    context.textBaseline = 'middle';
    context.fillText(label, x + 4, y + cellHeight + LABEL_HEIGHT / 2);
  }
  const encode = async (type: string, scale: number, quality?: number) => {
    const target = new OffscreenCanvas(Math.round(canvas.width * scale), Math.round(canvas.height * scale));
    const targetContext = target.getContext('2d');
    if (!targetContext) throw new Error('no 2d context');
    targetContext.imageSmoothingQuality = 'high';
    targetContext.drawImage(canvas, 0, 0, target.width, target.height);
    const blob = await target.convertToBlob({ type, quality });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  return {
    full: await encode('image/png', 1),
    reduced: await encode('image/jpeg', 0.5, 0.82),
    count: list.length + crops.length,
  };
}

declare global {
  interface Window {
    contactSheet: { render: typeof render };
  }
}

window.contactSheet = { render };
document.body.dataset.ready = 'true';
