/**
 * The CPU backend's textures and the reads its kernels make of them, with a GPU's semantics: rgba8unorm
 * texels hold bytes (a store rounds to the nearest level, as a unorm8 render target does), rgba16float
 * ones hold floats; reads give 0..1 floats; a bilinear tap clamps to the edge, as the engine's samplers do.
 * Positions of taps are in texel units of the texture read (texel i spans [i, i + 1]), as in the shaders.
 */
import type { GpuTexture, TextureFormat } from '../texture.ts';

export class CpuTexture implements GpuTexture {
  /** RGBA, rows from the top: bytes for rgba8unorm, floats for rgba16float. */
  readonly data: Uint8Array<ArrayBuffer> | Float32Array<ArrayBuffer>;

  constructor(
    readonly id: number,
    readonly width: number,
    readonly height: number,
    readonly format: TextureFormat,
  ) {
    const length = width * height * 4;
    this.data = format === 'rgba8unorm' ? new Uint8Array(length) : new Float32Array(length);
  }
}

const BYTE = 1 / 255;

/** Texel (x, y), clamped to the texture, into out[o .. o + 3]. */
export function load(t: CpuTexture, x: number, y: number, out: Float32Array, o = 0): void {
  const cx = x < 0 ? 0 : x >= t.width ? t.width - 1 : x;
  const cy = y < 0 ? 0 : y >= t.height ? t.height - 1 : y;
  const i = (cy * t.width + cx) * 4;
  const d = t.data;
  if (d instanceof Uint8Array) {
    out[o] = (d[i] as number) * BYTE;
    out[o + 1] = (d[i + 1] as number) * BYTE;
    out[o + 2] = (d[i + 2] as number) * BYTE;
    out[o + 3] = (d[i + 3] as number) * BYTE;
  } else {
    out[o] = d[i] as number;
    out[o + 1] = d[i + 1] as number;
    out[o + 2] = d[i + 2] as number;
    out[o + 3] = d[i + 3] as number;
  }
}

/**
 * A bilinear tap at (px, py) in texel units, clamped to the edge, into out[o .. o + 3]: what a linear
 * sampler gives at uv = position / size.
 */
export function tap(t: CpuTexture, px: number, py: number, out: Float32Array, o = 0): void {
  const w = t.width;
  const h = t.height;
  const fx = px - 0.5;
  const fy = py - 0.5;
  const fx0 = Math.floor(fx);
  const fy0 = Math.floor(fy);
  const ax = fx - fx0;
  const ay = fy - fy0;
  const x0 = fx0 < 0 ? 0 : fx0 >= w ? w - 1 : fx0;
  const x1 = fx0 + 1 < 0 ? 0 : fx0 + 1 >= w ? w - 1 : fx0 + 1;
  const y0 = fy0 < 0 ? 0 : fy0 >= h ? h - 1 : fy0;
  const y1 = fy0 + 1 < 0 ? 0 : fy0 + 1 >= h ? h - 1 : fy0 + 1;
  const i00 = (y0 * w + x0) * 4;
  const i10 = (y0 * w + x1) * 4;
  const i01 = (y1 * w + x0) * 4;
  const i11 = (y1 * w + x1) * 4;
  const w00 = (1 - ax) * (1 - ay);
  const w10 = ax * (1 - ay);
  const w01 = (1 - ax) * ay;
  const w11 = ax * ay;
  const d = t.data;
  const scale = d instanceof Uint8Array ? BYTE : 1;
  for (let k = 0; k < 4; k++) {
    out[o + k] =
      ((d[i00 + k] as number) * w00 +
        (d[i10 + k] as number) * w10 +
        (d[i01 + k] as number) * w01 +
        (d[i11 + k] as number) * w11) *
      scale;
  }
}

/** Stores a 0..1 colour at texel index i (not times 4): rounded to a byte for rgba8unorm. */
export function store(t: CpuTexture, i: number, r: number, g: number, b: number, a: number): void {
  const d = t.data;
  const at = i * 4;
  if (d instanceof Uint8Array) {
    d[at] = toByte(r);
    d[at + 1] = toByte(g);
    d[at + 2] = toByte(b);
    d[at + 3] = toByte(a);
  } else {
    d[at] = r;
    d[at + 1] = g;
    d[at + 2] = b;
    d[at + 3] = a;
  }
}

/** A 0..1 value as the nearest 8-bit level, clamped (NaN gives 0). */
export function toByte(value: number): number {
  const v = value * 255 + 0.5;
  return v >= 255 ? 255 : v > 0 ? v | 0 : 0;
}

export function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

/** What one stored unit of the texture is in 0..1: 1/255 for bytes, 1 for floats. */
export function unit(t: CpuTexture): number {
  return t.data instanceof Uint8Array ? BYTE : 1;
}

/**
 * Row y of the texture (clamped) as 0..1 floats into `out`, with `pad` texels on each side repeating
 * the edge: out holds (width + 2 pad) * 4 values, texel x at (x + pad) * 4.
 */
export function readRow(t: CpuTexture, y: number, out: Float32Array, pad = 0): void {
  const cy = y < 0 ? 0 : y >= t.height ? t.height - 1 : y;
  const w = t.width;
  const d = t.data;
  const s = unit(t);
  const from = cy * w * 4;
  for (let j = 0; j < w * 4; j++) out[pad * 4 + j] = (d[from + j] as number) * s;
  for (let p = 0; p < pad; p++)
    for (let k = 0; k < 4; k++) {
      out[p * 4 + k] = out[pad * 4 + k] as number;
      out[(pad + w + p) * 4 + k] = out[(pad + w - 1) * 4 + k] as number;
    }
}

/** Stores a row of 0..1 floats (width * 4 values) as row y. */
export function writeRow(t: CpuTexture, y: number, row: ArrayLike<number>): void {
  const d = t.data;
  const from = y * t.width * 4;
  const n = t.width * 4;
  if (d instanceof Uint8Array) for (let j = 0; j < n; j++) d[from + j] = toByte(row[j] as number);
  else for (let j = 0; j < n; j++) d[from + j] = row[j] as number;
}
