/**
 * A baseline JPEG encoder that takes the picture a strip of rows at a time: the
 * full-resolution save can then render and encode a 24 or 48 MP photo in strips, never holding a canvas
 * of the whole photo (iOS Safari refuses one over 16.7 million pixels). Only the compressed bytes are
 * kept, in chunks.
 *
 * The format is the common one (ITU-T T.81, JFIF): YCbCr with 4:2:0 chroma (2x2), the quantisation
 * tables of Annex K scaled by quality as the IJG library scales them, the Annex K Huffman tables, and
 * the AAN fast DCT with its scale factors folded into the quantisation divisors. Edges are padded by
 * repeating the last column and row, as decoders expect.
 */

/** Annex K.1, in natural (row-major) order. */
const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_QUANT = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
];

/** Zigzag order: ZIGZAG[i] is the natural index of the i-th coefficient in the stream. */
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7,
  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46,
  53, 60, 61, 54, 47, 55, 62, 63,
];

/** Annex K.3: code counts per length (1 to 16) and the symbols, for the four standard tables. */
interface HuffmanSpec {
  counts: number[];
  symbols: number[];
}
const DC_LUMA: HuffmanSpec = {
  counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
  symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
};
const DC_CHROMA: HuffmanSpec = {
  counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
  symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
};
const AC_LUMA: HuffmanSpec = {
  counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
  symbols: [
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22,
    0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33,
    0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34,
    0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55,
    0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76,
    0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96,
    0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5,
    0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4,
    0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1,
    0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
};
const AC_CHROMA: HuffmanSpec = {
  counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
  symbols: [
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13,
    0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15, 0x62,
    0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26, 0x27, 0x28, 0x29,
    0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54,
    0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75,
    0x76, 0x77, 0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94,
    0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3,
    0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2,
    0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea,
    0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
};

/** Code and length for each symbol, from a table's counts and symbols (Annex C). */
function huffmanCodes(spec: HuffmanSpec): { code: Uint16Array; size: Uint8Array } {
  const code = new Uint16Array(256);
  const size = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < spec.counts[length - 1]!; i++) {
      const symbol = spec.symbols[k++]!;
      code[symbol] = next++;
      size[symbol] = length;
    }
    next <<= 1;
  }
  return { code, size };
}

/** The IJG quality scaling (1 to 100) of a base table. */
export function scaledTable(base: readonly number[], quality: number): number[] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  return base.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}

/** AAN's output scale per frequency: the DCT below leaves each coefficient scaled by these (times 8). */
const AAN_SCALE = [1, 1.387039845, 1.306562965, 1.175875602, 1, 0.785694958, 0.5411961, 0.275899379];

/** Divisors that quantise AAN's unscaled output: q x scale(row) x scale(col) x 8, as reciprocals. */
function divisors(table: readonly number[]): Float32Array {
  const out = new Float32Array(64);
  for (let row = 0; row < 8; row++)
    for (let col = 0; col < 8; col++)
      out[row * 8 + col] = 1 / (table[row * 8 + col]! * AAN_SCALE[row]! * AAN_SCALE[col]! * 8);
  return out;
}

/** In-place forward DCT of an 8x8 block (values centred on 0), AAN's float algorithm, rows then columns. */
function forwardDct(d: Float32Array): void {
  for (let pass = 0; pass < 2; pass++) {
    const step = pass === 0 ? 1 : 8;
    const stride = pass === 0 ? 8 : 1;
    for (let line = 0; line < 8; line++) {
      const o = line * stride;
      const i0 = o;
      const i1 = o + step;
      const i2 = o + 2 * step;
      const i3 = o + 3 * step;
      const i4 = o + 4 * step;
      const i5 = o + 5 * step;
      const i6 = o + 6 * step;
      const i7 = o + 7 * step;
      const t0 = d[i0]! + d[i7]!;
      const t7 = d[i0]! - d[i7]!;
      const t1 = d[i1]! + d[i6]!;
      const t6 = d[i1]! - d[i6]!;
      const t2 = d[i2]! + d[i5]!;
      const t5 = d[i2]! - d[i5]!;
      const t3 = d[i3]! + d[i4]!;
      const t4 = d[i3]! - d[i4]!;
      // Even part.
      const t10 = t0 + t3;
      const t13 = t0 - t3;
      const t11 = t1 + t2;
      const t12 = t1 - t2;
      d[i0] = t10 + t11;
      d[i4] = t10 - t11;
      const z1 = (t12 + t13) * 0.707106781;
      d[i2] = t13 + z1;
      d[i6] = t13 - z1;
      // Odd part.
      const s10 = t4 + t5;
      const s11 = t5 + t6;
      const s12 = t6 + t7;
      const z5 = (s10 - s12) * 0.382683433;
      const z2 = 0.5411961 * s10 + z5;
      const z4 = 1.306562965 * s12 + z5;
      const z3 = s11 * 0.707106781;
      const z11 = t7 + z3;
      const z13 = t7 - z3;
      d[i5] = z13 + z2;
      d[i3] = z13 - z2;
      d[i1] = z11 + z4;
      d[i7] = z11 - z4;
    }
  }
}

/** Writes bits most significant first, stuffing a zero after each 0xFF, into chunks. */
class BitWriter {
  readonly chunks: Uint8Array[] = [];
  private buffer = new Uint8Array(64 * 1024);
  private at = 0;
  private bits = 0;
  private count = 0;

  byte(value: number): void {
    if (this.at === this.buffer.length) this.flushChunk();
    this.buffer[this.at++] = value;
  }

  bytes(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.byte(values[i]!);
  }

  write(code: number, length: number): void {
    this.bits = (this.bits << length) | (code & ((1 << length) - 1));
    this.count += length;
    while (this.count >= 8) {
      const value = (this.bits >>> (this.count - 8)) & 255;
      this.byte(value);
      if (value === 0xff) this.byte(0);
      this.count -= 8;
    }
    this.bits &= (1 << this.count) - 1;
  }

  /** Pads the last byte with ones (T.81 F.1.2.3). */
  align(): void {
    if (this.count > 0) this.write((1 << (8 - this.count)) - 1, 8 - this.count);
  }

  flushChunk(): void {
    if (this.at > 0) this.chunks.push(this.buffer.slice(0, this.at));
    this.at = 0;
  }
}

/** The number of bits of a coefficient's magnitude, and its JPEG bit pattern (one's complement if < 0). */
function category(value: number): number {
  let v = value < 0 ? -value : value;
  let n = 0;
  while (v > 0) {
    n++;
    v >>= 1;
  }
  return n;
}

export class StripJpegEncoder {
  /** Rows received and not yet encoded (fewer than 16), RGBA. */
  private pending: Uint8Array;
  private pendingRows = 0;
  private rowsDone = 0;
  private readonly out = new BitWriter();
  private readonly lumaDiv: Float32Array;
  private readonly chromaDiv: Float32Array;
  private readonly dcLuma = huffmanCodes(DC_LUMA);
  private readonly acLuma = huffmanCodes(AC_LUMA);
  private readonly dcChroma = huffmanCodes(DC_CHROMA);
  private readonly acChroma = huffmanCodes(AC_CHROMA);
  private previousDc = [0, 0, 0];
  private readonly block = new Float32Array(64);
  private readonly y = new Float32Array(256);
  private readonly cb = new Float32Array(64);
  private readonly cr = new Float32Array(64);

  /** A JPEG of `width` x `height` at `quality` (1 to 100). */
  constructor(
    readonly width: number,
    readonly height: number,
    quality: number,
  ) {
    if (!(width > 0 && height > 0 && width <= 65535 && height <= 65535))
      throw new Error(`A JPEG cannot be ${width} x ${height}`);
    const luma = scaledTable(LUMA_QUANT, quality);
    const chroma = scaledTable(CHROMA_QUANT, quality);
    this.lumaDiv = divisors(luma);
    this.chromaDiv = divisors(chroma);
    this.pending = new Uint8Array(width * 16 * 4);
    this.writeHeaders(luma, chroma);
  }

  /** Takes `rows` rows of RGBA (width x rows x 4 bytes), top to bottom; any number at a time. */
  addRows(rgba: ArrayLike<number>, rows: number): void {
    const stride = this.width * 4;
    if (rgba.length < rows * stride) throw new Error('Fewer pixels than rows');
    if (this.rowsDone + this.pendingRows + rows > this.height) throw new Error('More rows than the picture');
    for (let r = 0; r < rows; r++) {
      const from = r * stride;
      if (rgba instanceof Uint8Array || rgba instanceof Uint8ClampedArray)
        this.pending.set(rgba.subarray(from, from + stride), this.pendingRows * stride);
      else for (let i = 0; i < stride; i++) this.pending[this.pendingRows * stride + i] = rgba[from + i]!;
      this.pendingRows++;
      if (this.pendingRows === 16) this.encodeStrip();
    }
  }

  /** The JPEG's bytes, once every row has been added. */
  finish(): Uint8Array[] {
    if (this.rowsDone + this.pendingRows !== this.height) throw new Error('Not every row was added');
    if (this.pendingRows > 0) this.encodeStrip();
    this.out.align();
    this.out.bytes([0xff, 0xd9]);
    this.out.flushChunk();
    return this.out.chunks;
  }

  /** Encodes the pending rows (16, or the last few, padded) as one row of 16 x 16 MCUs. */
  private encodeStrip(): void {
    const stride = this.width * 4;
    const rows = this.pendingRows;
    const px = this.pending;
    const { y, cb, cr } = this;
    for (let mx = 0; mx < this.width; mx += 16) {
      cb.fill(0);
      cr.fill(0);
      for (let dy = 0; dy < 16; dy++) {
        const row = Math.min(dy, rows - 1) * stride;
        for (let dx = 0; dx < 16; dx++) {
          const i = row + Math.min(mx + dx, this.width - 1) * 4;
          const r = px[i]!;
          const g = px[i + 1]!;
          const b = px[i + 2]!;
          y[dy * 16 + dx] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
          const c = (dy >> 1) * 8 + (dx >> 1);
          cb[c] = cb[c]! - 0.168736 * r - 0.331264 * g + 0.5 * b;
          cr[c] = cr[c]! + 0.5 * r - 0.418688 * g - 0.081312 * b;
        }
      }
      for (let by = 0; by < 2; by++)
        for (let bx = 0; bx < 2; bx++) {
          for (let k = 0; k < 64; k++) this.block[k] = y[(by * 8 + (k >> 3)) * 16 + bx * 8 + (k & 7)]!;
          this.encodeBlock(0, this.lumaDiv, this.dcLuma, this.acLuma);
        }
      // The chroma of each 2x2 pixels averaged (sums of four, centred at 0 already).
      for (let k = 0; k < 64; k++) this.block[k] = cb[k]! / 4;
      this.encodeBlock(1, this.chromaDiv, this.dcChroma, this.acChroma);
      for (let k = 0; k < 64; k++) this.block[k] = cr[k]! / 4;
      this.encodeBlock(2, this.chromaDiv, this.dcChroma, this.acChroma);
    }
    this.rowsDone += rows;
    this.pendingRows = 0;
  }

  private encodeBlock(
    component: number,
    div: Float32Array,
    dc: { code: Uint16Array; size: Uint8Array },
    ac: { code: Uint16Array; size: Uint8Array },
  ): void {
    const block = this.block;
    forwardDct(block);
    const out = this.out;
    const quantised = (natural: number) => Math.round(block[natural]! * div[natural]!);
    const value = quantised(0);
    const diff = value - this.previousDc[component]!;
    this.previousDc[component] = value;
    const dcSize = category(diff);
    out.write(dc.code[dcSize]!, dc.size[dcSize]!);
    if (dcSize > 0) out.write(diff < 0 ? diff - 1 : diff, dcSize);
    let run = 0;
    for (let i = 1; i < 64; i++) {
      const v = quantised(ZIGZAG[i]!);
      if (v === 0) {
        run++;
        continue;
      }
      while (run > 15) {
        out.write(ac.code[0xf0]!, ac.size[0xf0]!);
        run -= 16;
      }
      const size = category(v);
      const symbol = (run << 4) | size;
      out.write(ac.code[symbol]!, ac.size[symbol]!);
      out.write(v < 0 ? v - 1 : v, size);
      run = 0;
    }
    if (run > 0) out.write(ac.code[0]!, ac.size[0]!);
  }

  private writeHeaders(luma: readonly number[], chroma: readonly number[]): void {
    const out = this.out;
    const u16 = (v: number) => [(v >> 8) & 255, v & 255];
    out.bytes([0xff, 0xd8]);
    // APP0 JFIF 1.01, no density unit, 1:1.
    out.bytes([0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
    // DQT: both tables, 8-bit, in zigzag order.
    out.bytes([0xff, 0xdb, ...u16(2 + 2 * 65)]);
    out.byte(0);
    for (const i of ZIGZAG) out.byte(luma[i]!);
    out.byte(1);
    for (const i of ZIGZAG) out.byte(chroma[i]!);
    // SOF0: 8 bits, the size, three components (Y 2x2 with table 0, Cb and Cr 1x1 with table 1).
    out.bytes([0xff, 0xc0, ...u16(17), 8, ...u16(this.height), ...u16(this.width), 3]);
    out.bytes([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    // DHT: the four standard tables.
    const tables: [number, HuffmanSpec][] = [
      [0x00, DC_LUMA],
      [0x10, AC_LUMA],
      [0x01, DC_CHROMA],
      [0x11, AC_CHROMA],
    ];
    const length = 2 + tables.reduce((sum, [, t]) => sum + 17 + t.symbols.length, 0);
    out.bytes([0xff, 0xc4, ...u16(length)]);
    for (const [id, table] of tables) {
      out.byte(id);
      out.bytes(table.counts);
      out.bytes(table.symbols);
    }
    // SOS: three components, spectral selection 0-63, no approximation.
    out.bytes([0xff, 0xda, ...u16(12), 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
  }
}

/** Encodes a whole RGBA image (for tests and small pictures); the save feeds strips instead. */
export function encodeJpeg(
  rgba: ArrayLike<number>,
  width: number,
  height: number,
  quality: number,
): Uint8Array {
  const encoder = new StripJpegEncoder(width, height, quality);
  encoder.addRows(rgba, height);
  const chunks = encoder.finish();
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
