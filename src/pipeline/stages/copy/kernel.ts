import { forEachTexel, input, type Kernel } from '../../cpu/kernel.ts';
import { load, store } from '../../cpu/texture.ts';

export const copy: Kernel = (pass) => {
  const source = input(pass, 0);
  const { out } = pass;
  if (source.format === out.format && source.width === out.width && source.height === out.height) {
    out.data.set(source.data);
    return;
  }
  const c = new Float32Array(4);
  forEachTexel(out, (i, x, y) => {
    load(source, x, y, c);
    store(out, i, c[0] as number, c[1] as number, c[2] as number, c[3] as number);
  });
};
