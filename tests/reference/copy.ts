import type { RgbaImage } from './image.ts';

export function copy(input: RgbaImage): RgbaImage {
  return { width: input.width, height: input.height, data: input.data.slice() };
}
