/**
 * shaders/smear, fringing and halation: the camera artefacts that follow the image's own highlights, and
 * shaders/common/clip's measure of a blown highlight.
 */
import { forEachTexel, input, num, vec, type Kernel, type Uniforms } from '../kernel.ts';
import { load, readRow, smoothstep, store } from '../texture.ts';
import { finalPass, GAUSSIAN_ENTRIES } from './gaussian.ts';

const clipped = (r: number, g: number, b: number) => smoothstep(0.94, 0.99, Math.max(r, g, b));

/** A mask pass: `measure` of each texel's colour into r, g and b, opaque. */
function maskOf(measure: (u: Uniforms) => (r: number, g: number, b: number) => number): Kernel {
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

export const smearEntries: Record<string, Kernel> = {
  columns: (pass) => {
    const source = input(pass, 0);
    const row = new Float32Array(source.width * 4);
    const sums = new Float64Array(source.width);
    for (let y = 0; y < source.height; y++) {
      readRow(source, y, row);
      for (let x = 0; x < source.width; x++)
        sums[x] =
          (sums[x] as number) +
          clipped(row[4 * x] as number, row[4 * x + 1] as number, row[4 * x + 2] as number);
    }
    forEachTexel(pass.out, (i, x) => store(pass.out, i, (sums[x] as number) / source.height, 0, 0, 1));
  },
  spread: (pass) => {
    const shares = input(pass, 0);
    const sigma = num(pass.u, 'sigma');
    const radius = num(pass.u, 'radius');
    const gain = num(pass.u, 'gain');
    const area = num(pass.u, 'area');
    const c = new Float32Array(4);
    forEachTexel(pass.out, (i, x) => {
      let sum = 0;
      let total = 0;
      for (let k = -radius; k <= radius; k++) {
        const w = Math.exp(-(k * k) / (2 * sigma * sigma));
        total += w;
        const q = x + k;
        if (q < 0 || q >= shares.width) continue;
        load(shares, q, 0, c);
        sum += w * (c[0] as number);
      }
      const share = sum / total;
      store(pass.out, i, (1 - Math.exp(-gain * share)) * Math.exp(-share / area), 0, 0, 1);
    });
  },
  main: (pass) => {
    const image = input(pass, 0);
    const stripes = input(pass, 1);
    const amount = num(pass.u, 'amount');
    const tint = vec(pass.u, 'tint');
    const c = new Float32Array(4);
    const s = new Float32Array(4);
    forEachTexel(pass.out, (i, x, y) => {
      load(image, x, y, c);
      load(stripes, x, 0, s);
      const k = amount * (s[0] as number);
      const screen = (j: 0 | 1 | 2) => (c[j] as number) + k * (tint[j] as number) * (1 - (c[j] as number));
      store(pass.out, i, screen(0), screen(1), screen(2), c[3] as number);
    });
  },
};

export const fringingEntries: Record<string, Kernel> = {
  ...GAUSSIAN_ENTRIES,
  mask: maskOf(() => clipped),
  main: finalPass(1, (pass) => {
    const image = input(pass, 0);
    const amount = num(pass.u, 'amount');
    const gain = num(pass.u, 'gain');
    const tint = vec(pass.u, 'tint');
    const source = new Float32Array(image.width * 4);
    return (y, row) => {
      readRow(image, y, source);
      for (let at = 0; at < row.length; at += 4) {
        const r = source[at] as number;
        const g = source[at + 1] as number;
        const b = source[at + 2] as number;
        const spread = Math.min(1, gain * (row[at] as number));
        const dark = 1 - (0.2126 * r + 0.7152 * g + 0.0722 * b);
        const w = amount * spread * (1 - clipped(r, g, b)) * dark;
        row[at] = r + ((tint[0] as number) - r) * w;
        row[at + 1] = g + ((tint[1] as number) - g) * w;
        row[at + 2] = b + ((tint[2] as number) - b) * w;
        row[at + 3] = source[at + 3] as number;
      }
    };
  }),
};

const brightness = (u: Uniforms) => {
  const threshold = num(u, 'threshold');
  return (r: number, g: number, b: number) => smoothstep(threshold, 1, Math.max(r, g, b));
};

export const halationEntries: Record<string, Kernel> = {
  ...GAUSSIAN_ENTRIES,
  mask: maskOf(brightness),
  main: finalPass(1, (pass) => {
    const image = input(pass, 0);
    const bright = brightness(pass.u);
    const strength = num(pass.u, 'amount') * num(pass.u, 'gain');
    const tint = vec(pass.u, 'tint');
    const source = new Float32Array(image.width * 4);
    return (y, row) => {
      readRow(image, y, source);
      for (let at = 0; at < row.length; at += 4) {
        const r = source[at] as number;
        const g = source[at + 1] as number;
        const b = source[at + 2] as number;
        const h = Math.min(1, strength * (row[at] as number) * (1 - bright(r, g, b)));
        for (let j = 0; j < 3; j++) {
          const s = source[at + j] as number;
          row[at + j] = s + h * (tint[j] as number) * (1 - s);
        }
        row[at + 3] = source[at + 3] as number;
      }
    };
  }),
};
