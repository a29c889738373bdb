// The transform stage's cases (tests/gpu/cases/types.ts says what a case is), on the 768 x 512 photo,
// their maps made by the crop's own geometry (src/crop/model/geometry.ts).
import {
  aspectRatio,
  centredRect,
  croppedSize,
  sourceMap,
  turnedSize,
  uncropped,
} from '../../../src/crop/model/geometry.ts';
import { type CropGeometry, type Size } from '../../../src/edit/crop.ts';
import { NEIGHBOURHOOD, type StageCase } from './types.ts';

/** Issue 37 point 6: 45 dB against the reference, beyond the 40 of other neighbourhood stages. */
const TRANSFORM = { ...NEIGHBOURHOOD, minPsnr: 45 };

const PHOTO: Size = { width: 768, height: 512 };

function transformCase(label: string, patch: Partial<CropGeometry>, output?: Size): StageCase {
  const geometry = { ...uncropped(PHOTO), ...patch };
  const size = output ?? croppedSize(geometry);
  return {
    label,
    chain: [{ stage: 'transform', params: { ...size, map: sourceMap(geometry, PHOTO, size) } }],
    ...TRANSFORM,
  };
}

const turned = turnedSize(PHOTO, 1);

export const transformCases: readonly StageCase[] = [
  transformCase('a quarter turn clockwise (512x768)', { turns: 1, rect: { x: 0, y: 0, ...turned } }),
  transformCase('flipped horizontally and vertically', { flipH: true, flipV: true }),
  transformCase('straightened 10 degrees, the largest 1:1 frame', {
    angle: 10,
    rect: centredRect(PHOTO, 10, 1),
  }),
  transformCase(
    'a tight crop (a quarter off each side) enlarged to 768x512',
    { rect: { x: 192, y: 128, width: 384, height: 256 } },
    PHOTO,
  ),
  transformCase(
    'straightened -7.5 degrees and made 3x smaller (3 x 3 samples)',
    { angle: -7.5, rect: centredRect(PHOTO, -7.5, null) },
    { width: 200, height: 133 },
  ),
  transformCase('turned, flipped and straightened 30 degrees, 4:5', {
    turns: 3,
    flipH: true,
    angle: 30,
    rect: centredRect(turned, 30, aspectRatio('4-5', turned)),
  }),
];
