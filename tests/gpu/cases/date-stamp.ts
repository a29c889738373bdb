// The date-stamp stage's cases (tests/gpu/cases/types.ts says what a case is).
import { dateStampGlyphs } from '../../../src/pipeline/stages/date-stamp/stage.ts';
import { POINTWISE, type StageCase } from './types.ts';

const ORANGE = [1, 0.45, 0.12] as const;

export const dateStampCases: readonly StageCase[] = [
  {
    label: "a date back's '98 11 24, bottom right",
    chain: [
      {
        stage: 'date-stamp',
        params: { glyphs: dateStampGlyphs("'98 11 24"), corner: 0, size: 0.045, color: ORANGE, opacity: 0.9 },
      },
    ],
    ...POINTWISE,
  },
  {
    label: 'a large 2024.05.17, top left',
    chain: [
      {
        stage: 'date-stamp',
        params: { glyphs: dateStampGlyphs('2024.05.17'), corner: 3, size: 0.09, color: ORANGE, opacity: 1 },
      },
    ],
    ...POINTWISE,
    photo: 'kodak/kodim05.png',
  },
  {
    label: 'small, red, half strength, bottom left of a portrait photo',
    chain: [
      {
        stage: 'date-stamp',
        params: {
          glyphs: dateStampGlyphs('05 3 19'),
          corner: 1,
          size: 0.02,
          color: [1, 0.2, 0.05],
          opacity: 0.5,
        },
      },
    ],
    ...POINTWISE,
    photo: 'kodak/kodim04.png',
  },
];
