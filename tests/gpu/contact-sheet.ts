// Renders every effect at its defaults and every Filters look on one photo into one labelled sheet, so
// people can see the looks. Runs in the browser through the GPU harness; scripts/contact-sheet.mjs drives it.
import { EFFECTS } from '../../src/effects/index.ts';
import { LOOKS } from '../../src/grading/looks/index.ts';
import type { EngineKind } from '../../src/engine/protocol.ts';
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
  const rows = Math.ceil(rendered.length / COLUMNS);
  const canvas = new OffscreenCanvas(
    COLUMNS * CELL_WIDTH + (COLUMNS + 1) * GAP,
    rows * (cellHeight + LABEL_HEIGHT) + (rows + 1) * GAP,
  );
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#15131a';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  rendered.forEach(({ cell, bitmap }, index) => {
    const x = GAP + (index % COLUMNS) * (CELL_WIDTH + GAP);
    const y = GAP + Math.floor(index / COLUMNS) * (cellHeight + LABEL_HEIGHT + GAP);
    context.drawImage(bitmap, x, y, CELL_WIDTH, cellHeight);
    context.fillStyle = '#eeeaf4';
    context.font = '600 20px sans-serif';
    context.textBaseline = 'middle';
    context.fillText(cell.label, x + 4, y + cellHeight + LABEL_HEIGHT / 2);
  });
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
    count: list.length,
  };
}

declare global {
  interface Window {
    contactSheet: { render: typeof render };
  }
}

window.contactSheet = { render };
document.body.dataset.ready = 'true';
