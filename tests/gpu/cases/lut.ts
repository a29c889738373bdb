// The lut stage's cases (tests/gpu/cases/types.ts says what a case is).
import { bakeLook } from '../../../src/grading/looks/index.ts';
import { parseCube } from '../../../src/grading/cube.ts';
import { POINTWISE, type StageCase } from './types.ts';

export const lutCases: readonly StageCase[] = [
  lutCase('nashville', 1),
  lutCase('nashville', 0.5),
  lutCase('nashville', 0),
  lutCase('b&w', 1),
  lutCase('nuke', 1),
  lutCase('pandora', 0.5),
  lutCase('2014', 1, 'kodak/kodim03.png'),
  lutCase('phreshboy', 0.75, 'kodak/kodim03.png'),
  {
    label: '.cube file, size 17, channel swap and gamma',
    chain: [{ stage: 'lut', params: { intensity: 1, size: 17 }, textures: { lut: 'lut:cube' } }],
    minPsnr: POINTWISE.minPsnr,
    resources: () => ({ 'lut:cube': parseCube(swapCube(17)).atlas }),
  },
];

function lutCase(look: string, intensity: number, photo?: string): StageCase {
  const key = `lut:${look}`;
  return {
    label: `${look} at ${intensity}${photo ? ` on ${photo}` : ''}`,
    chain: [{ stage: 'lut', params: { intensity, size: 33 }, textures: { lut: key } }],
    minPsnr: POINTWISE.minPsnr,
    resources: () => ({ [key]: bakeLook(look) }),
    ...(photo ? { photo } : {}),
  };
}

/** A .cube text whose output is (b, r, g) with a gamma on each: a grade far from identity in every axis. */
function swapCube(size: number): string {
  const lines = ['TITLE "swap"', `LUT_3D_SIZE ${size}`];
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) {
        const v = (i: number) => ((i / (size - 1)) ** 0.7).toFixed(6);
        lines.push(`${v(b)} ${v(r)} ${v(g)}`);
      }
    }
  }
  return lines.join('\n');
}
