// The lens-reflection stage's cases (tests/gpu/cases/types.ts says what a case is): every preset.
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

export const lensReflectionCases: readonly StageCase[] = Array.from({ length: 10 }, (_, i): StageCase => {
  const id = i + 1;
  return {
    label: `reflection ${id}`,
    chain: [{ stage: 'lens-reflection', params: { id, strength: id % 3 === 0 ? 1 : 0.45 } }],
    ...NEIGHBOURHOOD,
    photo: ['kodak/kodim03.png', 'kodak/kodim05.png', 'kodak/kodim23.png'][i % 3],
  };
});
