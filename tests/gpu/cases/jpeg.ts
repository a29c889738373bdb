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
    label: 'quality 30 at 97x63, after nearest 2x',
    chain: [
      { stage: 'resize', params: { width: 97, height: 63, mode: 0 } },
      { stage: 'jpeg', params: { quality: 30 } },
      { stage: 'resize', params: { width: 194, height: 126, mode: 1 } },
    ],
    ...NEIGHBOURHOOD,
  },
];
