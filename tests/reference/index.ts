/**
 * CPU references of every stage, by stage name: plain TypeScript, used by the tests (and the benchmark's
 * CPU baseline) only.
 */
import type { StageInvocation } from '../../src/pipeline/stages/invocation.ts';
import { bilateral } from './bilateral.ts';
import { blur } from './blur.ts';
import { bloom } from './bloom.ts';
import { copy } from './copy.ts';
import { dateStamp } from './date-stamp.ts';
import { dualVignette } from './dual-vignette.ts';
import { dustScratches } from './dust-scratches.ts';
import { fringing } from './fringing.ts';
import { frame } from './frame.ts';
import { grain } from './grain.ts';
import { halation } from './halation.ts';
import type { RgbaImage } from './image.ts';
import { jpeg } from './jpeg.ts';
import { resize } from './resize.ts';
import { transform } from './transform.ts';
import { lut } from './lut.ts';
import { mix } from './mix.ts';
import { noise } from './noise.ts';
import { pixelate } from './pixelate.ts';
import { sharpen } from './sharpen.ts';
import { smartBlur } from './smart-blur.ts';
import { softCorners } from './soft-corners.ts';
import { tonalGrain } from './tonal-grain.ts';
import { smear } from './smear.ts';
import { lensReflection } from './lens-reflection.ts';
import { lightLeak } from './light-leak.ts';
import { vibrance } from './vibrance.ts';
import { vignette } from './vignette.ts';

/** A stage's reference: the input image, the stage's params, and its extra textures by slot name. */
export type Reference = (
  input: RgbaImage,
  // Each reference declares its own params type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  params: any,
  textures: Readonly<Record<string, RgbaImage>>,
) => RgbaImage;

export const REFERENCES: Readonly<Record<string, Reference>> = {
  copy,
  vibrance,
  grain,
  lut,
  noise,
  blur,
  pixelate,
  'smart-blur': smartBlur,
  'soft-corners': softCorners,
  bilateral,
  sharpen,
  resize,
  jpeg,
  bloom,
  'lens-reflection': lensReflection,
  smear,
  fringing,
  halation,
  vignette,
  'dual-vignette': dualVignette,
  'tonal-grain': tonalGrain,
  'dust-scratches': dustScratches,
  'date-stamp': dateStamp,
  'light-leak': lightLeak,
  transform,
  frame,
  mix,
};

/**
 * Runs a chain on the CPU; `resources` maps resource keys (as invocations name them) to images. A
 * step-input key (a step's strength) names the image the chain had that many invocations before, resized
 * (smooth) to the size the invocation runs on when the step changed it.
 */
export function runReference(
  input: RgbaImage,
  chain: readonly StageInvocation[],
  resources: Readonly<Record<string, RgbaImage>> = {},
): RgbaImage {
  let image = input;
  const ranOn: RgbaImage[] = [];
  for (const [index, step] of chain.entries()) {
    ranOn.push(image);
    const reference = REFERENCES[step.stage];
    if (!reference) throw new Error(`No CPU reference for stage ${step.stage}`);
    const textures: Record<string, RgbaImage> = {};
    for (const [slot, key] of Object.entries(step.textures ?? {})) {
      const back = /^step-input:(\d+)$/.exec(key)?.[1];
      const earlier = back === undefined ? undefined : ranOn[index - Number(back)];
      const texture =
        earlier && (earlier.width !== image.width || earlier.height !== image.height)
          ? resize(earlier, { width: image.width, height: image.height, mode: 2 })
          : (earlier ?? resources[key]);
      if (!texture) throw new Error(`No resource ${key} for the reference of ${step.stage}`);
      textures[slot] = texture;
    }
    image = reference(image, step.params, textures);
  }
  return image;
}
