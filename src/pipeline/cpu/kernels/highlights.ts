/**
 * What smear, fringing and halation (the camera artefacts that follow the image's own highlights, their
 * kernels in their folders) share: shaders/common/clip's measure of a blown highlight, and its mask pass.
 */
import { forEachTexel, input, type Kernel } from '../kernel.ts';
import { load, smoothstep, store } from '../texture.ts';

export const clipped = (r: number, g: number, b: number) => smoothstep(0.94, 0.99, Math.max(r, g, b));

/** A mask pass: `measure` of each texel's colour into r, g and b, opaque. */
export function maskOf<U>(measure: (u: U) => (r: number, g: number, b: number) => number): Kernel<U> {
  return (pass) => {
    const source = input(pass, 0);
    const of = measure(pass.u);
    const c = new Float32Array(4);
    forEachTexel(pass.out, (i, x, y) => {
      load(source, x, y, c);
      const m = of(c[0] as number, c[1] as number, c[2] as number);
      store(pass.out, i, m, m, m, 1);
    });
  };
}
