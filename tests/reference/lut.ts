import { mapPixels, type RgbaImage } from './image.ts';

/**
 * CPU reference of shaders/lut: tetrahedral interpolation in the (N*N) x N atlas (texel (r + N*b, g) holds
 * the output for lattice indices (r, g, b)), then a linear mix with the input by `intensity`.
 */
export function lut(
  input: RgbaImage,
  params: { intensity: number; size?: number },
  textures: Readonly<Record<string, RgbaImage>>,
): RgbaImage {
  const atlas = textures.lut;
  if (!atlas) throw new Error('lut reference: no texture in the lut slot');
  const n = params.size === undefined ? atlas.height : Math.round(params.size);
  if (atlas.width !== n * n || atlas.height !== n) throw new Error('lut reference: atlas size mismatch');
  const intensity = Math.min(1, Math.max(0, params.intensity));
  const last = n - 1;
  const texels = atlas.data;
  const offset = (p: readonly number[]) => ((p[1] ?? 0) * atlas.width + (p[0] ?? 0) + n * (p[2] ?? 0)) * 4;
  const corner = [0, 0, 0];
  const base = [0, 0, 0];
  const fraction = [0, 0, 0];
  const axes = [0, 1, 2];
  const out = [0, 0, 0];
  return mapPixels(input, (r, g, b, a) => {
    const input3 = [r, g, b];
    for (let i = 0; i < 3; i++) {
      const position = (input3[i] ?? 0) * last;
      base[i] = Math.min(Math.floor(position), last - 1);
      fraction[i] = position - (base[i] ?? 0);
    }
    // The tetrahedron is the path from the cell's (0,0,0) corner to its (1,1,1) corner stepping along the
    // axes in decreasing order of the fractions; ties give the same value either way.
    axes.sort((p, q) => (fraction[q] ?? 0) - (fraction[p] ?? 0));
    corner[0] = base[0] ?? 0;
    corner[1] = base[1] ?? 0;
    corner[2] = base[2] ?? 0;
    let previous = offset(corner);
    for (let c = 0; c < 3; c++) out[c] = (texels[previous + c] ?? 0) / 255;
    for (const axis of axes) {
      corner[axis] = (corner[axis] ?? 0) + 1;
      const next = offset(corner);
      const weight = fraction[axis] ?? 0;
      for (let c = 0; c < 3; c++) {
        out[c] = (out[c] ?? 0) + (weight * ((texels[next + c] ?? 0) - (texels[previous + c] ?? 0))) / 255;
      }
      previous = next;
    }
    const mixed = (c: number) => (input3[c] ?? 0) + ((out[c] ?? 0) - (input3[c] ?? 0)) * intensity;
    return [mixed(0), mixed(1), mixed(2), a];
  });
}
