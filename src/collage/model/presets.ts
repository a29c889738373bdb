/**
 * The ten collage presets of product spec section 3. The slot layouts are ours: fractions of the canvas,
 * with border widths at scale factor 1 (a 400 px canvas), scaled with the canvas like everything else.
 */
import type { LayoutPreset, SlotDefinition } from './types.ts';
import { msg } from '../../i18n/msg.ts';

export const FREE_MODE_ID = 'free-mode';
export const FILM_PHOTO_ID = 'film-photo';

const WHITE = '#ffffff';
const BLACK = '#000000';

/** `count` equal cells across `1` with `gap` between them and at both ends. */
function cells(count: number, gap: number): { start: number; size: number }[] {
  const size = (1 - gap * (count + 1)) / count;
  return Array.from({ length: count }, (_, i) => ({ start: gap + i * (size + gap), size }));
}

const TRIPLE = cells(3, 0.025);
const QUAD = cells(2, 0.03);

const framed = { fitting: 'cover', stroke: WHITE, secondaryStroke: BLACK } as const;

export const PRESETS: readonly LayoutPreset[] = [
  { id: FREE_MODE_ID, name: msg('Free'), aspectRatio: null, slots: [] },
  {
    id: 'single-fit',
    name: msg('Fit'),
    aspectRatio: 1,
    slots: [{ id: 'main', x: 0.05, y: 0.05, width: 0.9, height: 0.9, fitting: 'contain' }],
  },
  {
    id: 'single-stretch',
    name: msg('Stretch'),
    aspectRatio: 1,
    slots: [{ id: 'main', x: 0, y: 0, width: 1, height: 1, fitting: 'stretch' }],
  },
  {
    id: 'single-fill-border',
    name: msg('Border'),
    aspectRatio: 1,
    slots: [
      {
        id: 'main',
        x: 0.07,
        y: 0.07,
        width: 0.86,
        height: 0.86,
        ...framed,
        strokeWidth: 10,
        secondaryStrokeWidth: 2,
      },
    ],
  },
  {
    id: 'dual-horizontal-fill',
    name: msg('Side by side'),
    aspectRatio: 3 / 2,
    slots: [
      { id: 'left', x: 0, y: 0, width: 0.5, height: 1, fitting: 'cover', stroke: BLACK, strokeWidth: 2 },
      { id: 'right', x: 0.5, y: 0, width: 0.5, height: 1, fitting: 'cover', stroke: BLACK, strokeWidth: 2 },
    ],
  },
  {
    id: 'dual-horizontal-stroke',
    name: msg('Two prints'),
    aspectRatio: 4 / 3,
    slots: [
      { id: 'left', x: 0.04, y: 0.08, width: 0.44, height: 0.84, ...framed, strokeWidth: 6 },
      { id: 'right', x: 0.52, y: 0.08, width: 0.44, height: 0.84, ...framed, strokeWidth: 6 },
    ].map((slot): SlotDefinition => ({ ...slot, secondaryStrokeWidth: 1.5 })),
  },
  {
    id: 'triple-horizontal',
    name: msg('Three across'),
    aspectRatio: 16 / 9,
    slots: TRIPLE.map((cell, i): SlotDefinition => ({
      id: `slot-${i + 1}`,
      x: cell.start,
      y: 0.06,
      width: cell.size,
      height: 0.88,
      ...framed,
      strokeWidth: 4,
      secondaryStrokeWidth: 1,
    })),
  },
  {
    id: 'triple-vertical',
    name: msg('Three stacked'),
    aspectRatio: 9 / 16,
    slots: TRIPLE.map((cell, i): SlotDefinition => ({
      id: `slot-${i + 1}`,
      x: 0.06,
      y: cell.start,
      width: 0.88,
      height: cell.size,
      ...framed,
      strokeWidth: 4,
      secondaryStrokeWidth: 1,
    })),
  },
  {
    id: 'quad-grid',
    name: msg('Grid'),
    aspectRatio: 1,
    slots: QUAD.flatMap((row, r) =>
      QUAD.map((column, c): SlotDefinition => ({
        id: `slot-${r * 2 + c + 1}`,
        x: column.start,
        y: row.start,
        width: column.size,
        height: row.size,
        ...framed,
        strokeWidth: 3,
      })),
    ),
  },
  {
    id: FILM_PHOTO_ID,
    name: msg('Film photo'),
    aspectRatio: 5 / 4,
    backgroundColor: BLACK,
    // A 3:2 frame, like a 35 mm negative, with room for a caption below it.
    slots: [
      {
        id: 'main',
        x: 0.06,
        y: 0.06,
        width: 0.88,
        height: (0.88 * 5) / 4 / 1.5,
        fitting: 'cover',
        stroke: '#3a3a3a',
        strokeWidth: 1,
      },
    ],
    texts: [
      {
        id: 'caption',
        text: msg('get well soon'),
        x: 0.5,
        y: 0.895,
        fontFamily: 'Times New Roman',
        fontSize: 22,
        fontStyle: 'italic',
      },
    ],
    fixedMainImage: true,
  },
];

const BY_ID = new Map(PRESETS.map((preset) => [preset.id, preset]));

export function findPreset(id: string | null | undefined): LayoutPreset | undefined {
  return id ? BY_ID.get(id) : undefined;
}
