// The pixelate stage's cases (tests/gpu/cases/types.ts says what a case is).
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const pixelateCases: readonly StageCase[] = [
  { label: '8 px blocks', chain: [{ stage: 'pixelate', params: { pixelSize: 8 } }], ...NEIGHBOURHOOD },
  {
    // 768 x 512 leaves partial blocks of 9 pixels at the right, and the offset partial ones at every edge.
    label: '13 px blocks, offset grid',
    chain: [{ stage: 'pixelate', params: { pixelSize: 13, offsetX: 5, offsetY: -3 } }],
    ...NEIGHBOURHOOD,
  },
];
