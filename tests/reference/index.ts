/**
 * CPU references of every stage, by stage name: plain TypeScript, used by the tests (and the benchmark's
 * CPU baseline) only.
 */
import { copy } from './copy.ts';
import { grain } from './grain.ts';
import type { RgbaImage } from './image.ts';
import { vibrance } from './vibrance.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Reference = (input: RgbaImage, params: any) => RgbaImage;

export const REFERENCES: Readonly<Record<string, Reference>> = { copy, vibrance, grain };

export interface ChainStep {
  stage: string;
  params: Record<string, number>;
}

export function runReference(input: RgbaImage, chain: readonly ChainStep[]): RgbaImage {
  let image = input;
  for (const step of chain) {
    const reference = REFERENCES[step.stage];
    if (!reference) throw new Error(`No CPU reference for stage ${step.stage}`);
    image = reference(image, step.params);
  }
  return image;
}
