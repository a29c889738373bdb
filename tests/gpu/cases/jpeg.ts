// The jpeg stage's cases (tests/gpu/cases/types.ts says what a case is).
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const jpegCases: readonly StageCase[] = [
  { label: 'quality 10', chain: [{ stage: 'jpeg', params: { quality: 10 } }], ...NEIGHBOURHOOD },
  { label: 'quality 50', chain: [{ stage: 'jpeg', params: { quality: 50 } }], ...NEIGHBOURHOOD },
  { label: 'quality 90', chain: [{ stage: 'jpeg', params: { quality: 90 } }], ...NEIGHBOURHOOD },
  {
    label: 'quality 100 (4:4:4)',
    chain: [{ stage: 'jpeg', params: { quality: 100 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'quality 75 at 401x267 (partial blocks and MCUs)',
    chain: [
      { stage: 'resize', params: { width: 401, height: 267, mode: 0 } },
      { stage: 'jpeg', params: { quality: 75 } },
    ],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'quality 50 at 13x7 (less than one MCU)',
    chain: [
      { stage: 'resize', params: { width: 13, height: 7, mode: 0 } },
      { stage: 'jpeg', params: { quality: 50 } },
    ],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'quality 90, 4:2:2',
    chain: [{ stage: 'jpeg', params: { quality: 90, subsampling: 1 } }],
    ...NEIGHBOURHOOD,
  },
  {
    // Squeezed 24 rows high, the colour changes from row to row: 4:2:0 would average those rows.
    label: 'quality 90, 4:2:2, at 160x24 (colour changing from row to row)',
    chain: [
      { stage: 'resize', params: { width: 160, height: 24, mode: 0 } },
      { stage: 'jpeg', params: { quality: 90, subsampling: 1 } },
    ],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'quality 60, 4:2:2, at 401x267 (partial blocks and MCUs)',
    chain: [
      { stage: 'resize', params: { width: 401, height: 267, mode: 0 } },
      { stage: 'jpeg', params: { quality: 60, subsampling: 1 } },
    ],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'quality 40, 4:2:2, at 13x7 (less than one MCU)',
    chain: [
      { stage: 'resize', params: { width: 13, height: 7, mode: 0 } },
      { stage: 'jpeg', params: { quality: 40, subsampling: 1 } },
    ],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'quality 100, 4:2:2 asked (4:4:4)',
    chain: [{ stage: 'jpeg', params: { quality: 100, subsampling: 1 } }],
    ...NEIGHBOURHOOD,
  },
  {
    label: 'quality 30 at 97x63, after nearest 2x',
    chain: [
      { stage: 'resize', params: { width: 97, height: 63, mode: 0 } },
      { stage: 'jpeg', params: { quality: 30 } },
      { stage: 'resize', params: { width: 194, height: 126, mode: 1 } },
    ],
    ...NEIGHBOURHOOD,
  },
];
