// A JPEG encode and decode as libjpeg (Chromium's codec) does them, without the (lossless) entropy coding,
// in two passes:
//   encode: one workgroup per 16x16 pixels (a 4:2:0 MCU, or two 4:2:2 ones). RGB -> 8-bit YCbCr (JFIF),
//           4:2:0 chroma (each sample the 2x2 average as libjpeg rounds it) or 4:2:2 (the 2x1 average),
//           then for each 8x8 block: the 1-D DCT of its rows and of its
//           columns, quantisation by the quality-scaled Annex K tables and dequantisation, the inverse 1-D
//           DCT of its columns and of its rows, rounded and clamped to 8 bits as a decoder does. The block
//           lives in workgroup memory between the steps. It stores Y at every pixel and each chroma sample
//           on the top-left pixel of the 2x2 (2x1) it covers (at every pixel in 4:4:4, at quality 100).
//   main:   libjpeg's "fancy" triangle upsampling of the chroma, and YCbCr -> RGB.
// params.subsample: 0 4:4:4, 1 4:2:0, 2 4:2:2.
// Planes are padded to whole blocks by repeating the last row and column, as the encoder pads partial MCUs.
// The fragment shaders (jpeg.frag) do the same in five passes, the blocks in textures between them; the
// values the workgroup keeps between the transforms are rounded to half floats as those textures hold them,
// so both backends give the same pixels.
//
// The DCT is the orthonormal 8-point DCT-II M scaled by sqrt(8), so that its DC row is exactly 1:
// F = M B M^T = (DCT B DCT^T) / 8, and the same for the inverse. Flat blocks then stay exact through the
// half-float intermediates, and their .5 ties round up as libjpeg's integer transforms round them.
// Tables are constant matrices, never arrays indexed at run time (some compilers copy a whole array for
// every such read).

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var output: texture_storage_2d<rgba8unorm, write>;

// The scaled DCT by 4x4 quarters. DCT_TOP_LEFT * (b0..b3) + DCT_TOP_RIGHT * (b4..b7) gives coefficients
// 0..3 of samples b0..b7 (column k of DCT_TOP_LEFT holds DCT[0..3][k]); the BOTTOM pair gives 4..7.
const DCT_TOP_LEFT = mat4x4f(
  1.0, 1.387039845, 1.306562965, 1.175875602,
  1.0, 1.175875602, 0.541196100, -0.275899379,
  1.0, 0.785694958, -0.541196100, -1.387039845,
  1.0, 0.275899379, -1.306562965, -0.785694958,
);
const DCT_TOP_RIGHT = mat4x4f(
  1.0, -0.275899379, -1.306562965, 0.785694958,
  1.0, -0.785694958, -0.541196100, 1.387039845,
  1.0, -1.175875602, 0.541196100, 0.275899379,
  1.0, -1.387039845, 1.306562965, -1.175875602,
);
const DCT_BOTTOM_LEFT = mat4x4f(
  1.0, 0.785694958, 0.541196100, 0.275899379,
  -1.0, -1.387039845, -1.306562965, -0.785694958,
  -1.0, 0.275899379, 1.306562965, 1.175875602,
  1.0, 1.175875602, -0.541196100, -1.387039845,
);
const DCT_BOTTOM_RIGHT = mat4x4f(
  1.0, -1.175875602, -0.541196100, 1.387039845,
  -1.0, -0.275899379, 1.306562965, -1.175875602,
  -1.0, 1.387039845, -1.306562965, 0.785694958,
  1.0, -0.785694958, 0.541196100, -0.275899379,
);
// Annex K base tables by quarters: column j of LUMA_LEFT_TOP holds the steps of coefficients (u, v = j)
// for u = 0..3; RIGHT is u = 4..7, BOTTOM is v = 4..7.
const LUMA_LEFT_TOP = mat4x4f(
  16.0, 11.0, 10.0, 16.0,
  12.0, 12.0, 14.0, 19.0,
  14.0, 13.0, 16.0, 24.0,
  14.0, 17.0, 22.0, 29.0,
);
const LUMA_LEFT_BOTTOM = mat4x4f(
  18.0, 22.0, 37.0, 56.0,
  24.0, 35.0, 55.0, 64.0,
  49.0, 64.0, 78.0, 87.0,
  72.0, 92.0, 95.0, 98.0,
);
const LUMA_RIGHT_TOP = mat4x4f(
  24.0, 40.0, 51.0, 61.0,
  26.0, 58.0, 60.0, 55.0,
  40.0, 57.0, 69.0, 56.0,
  51.0, 87.0, 80.0, 62.0,
);
const LUMA_RIGHT_BOTTOM = mat4x4f(
  68.0, 109.0, 103.0, 77.0,
  81.0, 104.0, 113.0, 92.0,
  103.0, 121.0, 120.0, 101.0,
  112.0, 100.0, 103.0, 99.0,
);
const CHROMA_LEFT_TOP = mat4x4f(
  17.0, 18.0, 24.0, 47.0,
  18.0, 21.0, 26.0, 66.0,
  24.0, 26.0, 56.0, 99.0,
  47.0, 66.0, 99.0, 99.0,
);
const CHROMA_LEFT_BOTTOM = mat4x4f(
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
);
const CHROMA_RIGHT_TOP = mat4x4f(
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
);
const CHROMA_RIGHT_BOTTOM = mat4x4f(
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
);

/** The pixel at p (clamped: edge blocks repeat the last row and column), blended on black, in 0..255. */
fn rgbAt(p: vec2i) -> vec3f {
  let c = textureLoad(input0, clamp(p, vec2i(0), params.size - 1), 0);
  return floor(c.rgb * (255.0 * c.a) + 0.5);
}

/** JFIF RGB -> YCbCr, rounded and clamped to 8 bits as the encoder's colour converter stores it. */
fn toYcc(rgb: vec3f) -> vec3f {
  let y = dot(rgb, vec3f(0.299, 0.587, 0.114));
  let cb = dot(rgb, vec3f(-0.168736, -0.331264, 0.5)) + 128.0;
  let cr = dot(rgb, vec3f(0.5, -0.418688, -0.081312)) + 128.0;
  return clamp(floor(vec3f(y, cb, cr) + 0.5), vec3f(0.0), vec3f(255.0));
}

/** libjpeg's jpeg_set_quality(quality, TRUE) scale: table entries become (entry * scale + 50) / 100. */
fn qualityScale() -> f32 {
  let q = clamp(params.quality, 1, 100);
  return f32(select(200 - 2 * q, 5000 / q, q < 50));
}

/**
 * Quantise and dequantise coefficients `value` (8 times too large, from the scaled DCT) by the steps made
 * from base table entries `base` (integer maths, exact in floats), rounding half away from zero.
 */
fn requantise(value: vec4f, base: vec4f, scale: f32) -> vec4f {
  let step = clamp(floor((base * scale + 50.5) * 0.01), vec4f(1.0), vec4f(255.0));
  return sign(value) * floor(abs(value * 0.125) / step + 0.5) * step;
}

/** Rounded to the nearest half float, as an rgba16float texture between two passes would hold it. */
fn half4(v: vec4f) -> vec4f {
  return vec4f(unpack2x16float(pack2x16float(v.xy)), unpack2x16float(pack2x16float(v.zw)));
}

// The MCU's samples, block after block (8x8, row-major): in 4:2:0 four Y blocks (left to right, top to
// bottom), then Cb, then Cr; in 4:2:2 four Y blocks, then Cb and Cr of the top 8 rows, then of the bottom
// 8; in 4:4:4 four blocks of each plane. The transforms work in place.
var<workgroup> blocks: array<f32, 768>;

/** 8 samples from `start`, `stride` apart: a block row (stride 1) or a block column (stride 8). */
fn load8(start: u32, stride: u32) -> mat2x4f {
  return mat2x4f(
    vec4f(blocks[start], blocks[start + stride], blocks[start + 2u * stride], blocks[start + 3u * stride]),
    vec4f(blocks[start + 4u * stride], blocks[start + 5u * stride], blocks[start + 6u * stride],
      blocks[start + 7u * stride]),
  );
}

fn store8(start: u32, stride: u32, v: mat2x4f) {
  blocks[start] = v[0].x;
  blocks[start + stride] = v[0].y;
  blocks[start + 2u * stride] = v[0].z;
  blocks[start + 3u * stride] = v[0].w;
  blocks[start + 4u * stride] = v[1].x;
  blocks[start + 5u * stride] = v[1].y;
  blocks[start + 6u * stride] = v[1].z;
  blocks[start + 7u * stride] = v[1].w;
}

/** The scaled DCT of 8 samples (0..3, 4..7): coefficients 0..3, 4..7. */
fn dct8(s: mat2x4f) -> mat2x4f {
  return mat2x4f(DCT_TOP_LEFT * s[0] + DCT_TOP_RIGHT * s[1], DCT_BOTTOM_LEFT * s[0] + DCT_BOTTOM_RIGHT * s[1]);
}

/** The inverse of dct8 (times 8): samples 0..3, 4..7 from coefficients 0..3, 4..7. */
fn idct8(c: mat2x4f) -> mat2x4f {
  return mat2x4f(c[0] * DCT_TOP_LEFT + c[1] * DCT_BOTTOM_LEFT, c[0] * DCT_TOP_RIGHT + c[1] * DCT_BOTTOM_RIGHT);
}

/** Row u (0..3) of a quarter table: the steps of coefficients (u, v) for v = 0..3. */
fn tableRow(quarter: mat4x4f, u: u32) -> vec4f {
  return vec4f(f32(u == 0u), f32(u == 1u), f32(u == 2u), f32(u == 3u)) * quarter;
}

/** Base steps of column u of a block of `plane` (0 Y, else chroma): v = 0..3, 4..7. */
fn columnSteps(plane: u32, u: u32) -> mat2x4f {
  let lane = u & 3u;
  if (plane == 0u) {
    if (u < 4u) { return mat2x4f(tableRow(LUMA_LEFT_TOP, lane), tableRow(LUMA_LEFT_BOTTOM, lane)); }
    return mat2x4f(tableRow(LUMA_RIGHT_TOP, lane), tableRow(LUMA_RIGHT_BOTTOM, lane));
  }
  if (u < 4u) { return mat2x4f(tableRow(CHROMA_LEFT_TOP, lane), tableRow(CHROMA_LEFT_BOTTOM, lane)); }
  return mat2x4f(tableRow(CHROMA_RIGHT_TOP, lane), tableRow(CHROMA_RIGHT_BOTTOM, lane));
}

/** Where row `row` (0..7) of block `block` starts: blocks of 8x8, row-major, one after the other. */
fn rowStart(block: u32, row: u32) -> u32 {
  return block * 64u + row * 8u;
}

/** A row of 8 pixels from p, as 8-bit Y, Cb and Cr, level-shifted: [0] is pixels 0..3, [1] 4..7. */
struct YccRow {
  y: mat2x4f,
  cb: mat2x4f,
  cr: mat2x4f,
}

fn yccRow(p: vec2i) -> YccRow {
  let c0 = toYcc(rgbAt(p)) - 128.0;
  let c1 = toYcc(rgbAt(p + vec2i(1, 0))) - 128.0;
  let c2 = toYcc(rgbAt(p + vec2i(2, 0))) - 128.0;
  let c3 = toYcc(rgbAt(p + vec2i(3, 0))) - 128.0;
  let c4 = toYcc(rgbAt(p + vec2i(4, 0))) - 128.0;
  let c5 = toYcc(rgbAt(p + vec2i(5, 0))) - 128.0;
  let c6 = toYcc(rgbAt(p + vec2i(6, 0))) - 128.0;
  let c7 = toYcc(rgbAt(p + vec2i(7, 0))) - 128.0;
  return YccRow(
    mat2x4f(vec4f(c0.x, c1.x, c2.x, c3.x), vec4f(c4.x, c5.x, c6.x, c7.x)),
    mat2x4f(vec4f(c0.y, c1.y, c2.y, c3.y), vec4f(c4.y, c5.y, c6.y, c7.y)),
    mat2x4f(vec4f(c0.z, c1.z, c2.z, c3.z), vec4f(c4.z, c5.z, c6.z, c7.z)),
  );
}

/** The 4:2:0 chroma sample (Cb, Cr) of the 2x2 pixels from q, level-shifted. */
fn chroma2x2(q: vec2i, bias: f32) -> vec2f {
  let sum = toYcc(rgbAt(q)).yz + toYcc(rgbAt(q + vec2i(1, 0))).yz + toYcc(rgbAt(q + vec2i(0, 1))).yz +
    toYcc(rgbAt(q + vec2i(1, 1))).yz;
  // libjpeg rounds the average with a bias alternating 1, 2 along the row.
  return floor((sum + bias) / 4.0) - 128.0;
}

/** The 4:2:2 chroma sample (Cb, Cr) of the 2x1 pixels from q, level-shifted. */
fn chroma2x1(q: vec2i, bias: f32) -> vec2f {
  let sum = toYcc(rgbAt(q)).yz + toYcc(rgbAt(q + vec2i(1, 0))).yz;
  // libjpeg rounds the average with a bias alternating 0, 1 along the row.
  return floor((sum + bias) / 2.0) - 128.0;
}

fn rowDct(block: u32, row: u32, samples: mat2x4f) {
  let c = dct8(samples);
  store8(rowStart(block, row), 1u, mat2x4f(half4(c[0]), half4(c[1])));
}

/** The inverse row DCT of a block row, rounded and clamped to 8 bits as a decoder stores it. */
fn decodedRow(block: u32, row: u32) -> mat2x4f {
  let s = idct8(load8(rowStart(block, row), 1u));
  return mat2x4f(
    clamp(floor(s[0] * 0.125 + 128.5), vec4f(0.0), vec4f(255.0)),
    clamp(floor(s[1] * 0.125 + 128.5), vec4f(0.0), vec4f(255.0)),
  );
}

fn sampleOf(row: mat2x4f, x: u32) -> f32 {
  return row[x >> 2u][x & 3u];
}

// Invocations per MCU, each doing several rows. Software adapters (SwiftShader) run a workgroup that
// waits at barriers as one coroutine per few invocations, so few invocations with few barriers suit them
// best; more invocations, or more MCUs to a workgroup, only add coroutines to switch between. (On a GPU a
// workgroup of 8 fills a quarter of a SIMD group; the pass is small at the processing size, and
// `npm run bench:native` says whether more MCUs to a workgroup pay there.)
const THREADS = 8u;

@compute @workgroup_size(8)
fn encode(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_index) lane: u32) {
  let subsample = params.subsample == 1;
  let across = params.subsample == 2;
  let mcu = vec2i(group.xy) * 16;
  // Colour conversion and the rows' DCT. A job is a row of 8 pixels of one Y block (with, in 4:4:4, the
  // Cb and Cr rows at the same pixels), or one row of a chroma block: in 4:2:0 from 2 x 16 pixels, in
  // 4:2:2 from one row of 16.
  let jobs = select(select(32u, 40u, subsample), 48u, across);
  for (var j = lane; j < jobs; j += THREADS) {
    if (j < 32u) {
      let y = j >> 1u;
      let left = (j & 1u) * 8u;
      let ycc = yccRow(mcu + vec2i(vec2u(left, y)));
      let block = (y >> 3u) * 2u + (j & 1u);
      rowDct(block, y & 7u, ycc.y);
      if (!subsample && !across) {
        rowDct(block + 4u, y & 7u, ycc.cb);
        rowDct(block + 8u, y & 7u, ycc.cr);
      }
    } else if (across) {
      let y = j - 32u;
      let q = mcu + vec2i(0, i32(y));
      let c0 = chroma2x1(q, 0.0);
      let c1 = chroma2x1(q + vec2i(2, 0), 1.0);
      let c2 = chroma2x1(q + vec2i(4, 0), 0.0);
      let c3 = chroma2x1(q + vec2i(6, 0), 1.0);
      let c4 = chroma2x1(q + vec2i(8, 0), 0.0);
      let c5 = chroma2x1(q + vec2i(10, 0), 1.0);
      let c6 = chroma2x1(q + vec2i(12, 0), 0.0);
      let c7 = chroma2x1(q + vec2i(14, 0), 1.0);
      let block = 4u + 2u * (y >> 3u);
      rowDct(block, y & 7u, mat2x4f(vec4f(c0.x, c1.x, c2.x, c3.x), vec4f(c4.x, c5.x, c6.x, c7.x)));
      rowDct(block + 1u, y & 7u, mat2x4f(vec4f(c0.y, c1.y, c2.y, c3.y), vec4f(c4.y, c5.y, c6.y, c7.y)));
    } else {
      let row = j - 32u;
      let q = mcu + vec2i(0, i32(row) * 2);
      let c0 = chroma2x2(q, 1.0);
      let c1 = chroma2x2(q + vec2i(2, 0), 2.0);
      let c2 = chroma2x2(q + vec2i(4, 0), 1.0);
      let c3 = chroma2x2(q + vec2i(6, 0), 2.0);
      let c4 = chroma2x2(q + vec2i(8, 0), 1.0);
      let c5 = chroma2x2(q + vec2i(10, 0), 2.0);
      let c6 = chroma2x2(q + vec2i(12, 0), 1.0);
      let c7 = chroma2x2(q + vec2i(14, 0), 2.0);
      rowDct(4u, row, mat2x4f(vec4f(c0.x, c1.x, c2.x, c3.x), vec4f(c4.x, c5.x, c6.x, c7.x)));
      rowDct(5u, row, mat2x4f(vec4f(c0.y, c1.y, c2.y, c3.y), vec4f(c4.y, c5.y, c6.y, c7.y)));
    }
  }
  workgroupBarrier();
  // The columns' DCT, quantisation and dequantisation, and the columns' inverse DCT.
  let scale = qualityScale();
  let columns = select(select(96u, 48u, subsample), 64u, across);
  for (var k = lane; k < columns; k += THREADS) {
    let block = k >> 3u;
    let start = block * 64u + (k & 7u);
    let c = dct8(load8(start, 8u));
    let steps = columnSteps(select(0u, 1u, block >= 4u), k & 7u);
    let q = mat2x4f(requantise(c[0], steps[0], scale), requantise(c[1], steps[1], scale));
    let s = idct8(q);
    store8(start, 8u, mat2x4f(half4(s[0]), half4(s[1])));
  }
  workgroupBarrier();
  // The rows' inverse DCT, stored. In 4:2:0 a job is a chroma row and the two pixel rows it covers, so
  // that it stores whole texels: Y, and Cb and Cr on even pixels of even rows.
  if (subsample) {
    for (var row = lane; row < 8u; row += THREADS) {
      let cb = decodedRow(4u, row);
      let cr = decodedRow(5u, row);
      for (var i = 0u; i < 4u; i++) {
        let y = row * 2u + (i >> 1u);
        let left = (i & 1u) * 8u;
        let luma = decodedRow((y >> 3u) * 2u + (i & 1u), y & 7u);
        for (var x = 0u; x < 8u; x++) {
          let p = mcu + vec2i(vec2u(left + x, y));
          if (any(p >= params.size)) { continue; }
          var cbcr = vec2f(0.0);
          if (((x | y) & 1u) == 0u) {
            let c = (left + x) >> 1u;
            cbcr = vec2f(sampleOf(cb, c), sampleOf(cr, c));
          }
          textureStore(output, p, vec4f(sampleOf(luma, x), cbcr, 255.0) / 255.0);
        }
      }
    }
  } else if (across) {
    // In 4:2:2 a job is a row of 8 pixels: Y, and Cb and Cr on its even pixels.
    for (var j = lane; j < 32u; j += THREADS) {
      let y = j >> 1u;
      let left = (j & 1u) * 8u;
      let luma = decodedRow((y >> 3u) * 2u + (j & 1u), y & 7u);
      let chromaBlock = 4u + 2u * (y >> 3u);
      let cb = decodedRow(chromaBlock, y & 7u);
      let cr = decodedRow(chromaBlock + 1u, y & 7u);
      for (var x = 0u; x < 8u; x++) {
        let p = mcu + vec2i(vec2u(left + x, y));
        if (any(p >= params.size)) { continue; }
        var cbcr = vec2f(0.0);
        if ((x & 1u) == 0u) {
          let c = (left + x) >> 1u;
          cbcr = vec2f(sampleOf(cb, c), sampleOf(cr, c));
        }
        textureStore(output, p, vec4f(sampleOf(luma, x), cbcr, 255.0) / 255.0);
      }
    }
  } else {
    for (var j = lane; j < 32u; j += THREADS) {
      let y = j >> 1u;
      let left = (j & 1u) * 8u;
      let block = (y >> 3u) * 2u + (j & 1u);
      let luma = decodedRow(block, y & 7u);
      let cb = decodedRow(block + 4u, y & 7u);
      let cr = decodedRow(block + 8u, y & 7u);
      for (var x = 0u; x < 8u; x++) {
        let p = mcu + vec2i(vec2u(left + x, y));
        if (any(p >= params.size)) { continue; }
        textureStore(output, p, vec4f(sampleOf(luma, x), sampleOf(cb, x), sampleOf(cr, x), 255.0) / 255.0);
      }
    }
  }
}

/** The decoded chroma sample (Cb, Cr) q of a 4:2:0 image, clamped to the plane: edges repeat. */
fn chromaAt(q: vec2i) -> vec2f {
  let last = (params.size + 1) / 2 - 1;
  return floor(textureLoad(input0, clamp(q, vec2i(0), last) * 2, 0).yz * 255.0 + 0.5);
}

/** The decoded chroma sample (Cb, Cr) of a 4:2:2 image at column c of row y, clamped: edges repeat. */
fn chromaAcross(c: i32, y: i32) -> vec2f {
  let last = (params.size.x + 1) / 2 - 1;
  return floor(textureLoad(input0, vec2i(clamp(c, 0, last) * 2, y), 0).yz * 255.0 + 0.5);
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let p = vec2i(id.xy);
  if (any(p >= params.size)) { return; }
  let decoded = floor(textureLoad(input0, p, 0).xyz * 255.0 + 0.5);
  var chroma = decoded.yz;
  if (params.subsample == 2) {
    // libjpeg's h2v1 fancy upsampling weighs the nearest chroma sample 3/4 and the next one across 1/4;
    // the integer sum (3a + b) is rounded with a bias of 1 on even columns and 2 on odd ones.
    let c = p.x / 2;
    let toward = select(-1, 1, (p.x & 1) == 1);
    let sum = 3.0 * chromaAcross(c, p.y) + chromaAcross(c + toward, p.y);
    chroma = floor((sum + f32(1 + (p.x & 1))) / 4.0);
  } else if (params.subsample == 1) {
    // libjpeg's h2v2 fancy upsampling weighs the nearest chroma sample 9/16, its neighbours in x and y
    // 3/16 each and the diagonal one 1/16. The integer sum (9a + 3b + 3c + d) is rounded with a bias of 8
    // on even columns and 7 on odd ones.
    let q = p / 2;
    let toward = select(vec2i(-1), vec2i(1), (p & vec2i(1)) == vec2i(1));
    let sum = 9.0 * chromaAt(q) + 3.0 * chromaAt(q + vec2i(toward.x, 0)) + 3.0 * chromaAt(q + vec2i(0, toward.y)) +
      chromaAt(q + toward);
    chroma = floor((sum + f32(8 - (p.x & 1))) / 16.0);
  }
  let cb = chroma.x - 128.0;
  let cr = chroma.y - 128.0;
  let rgb = decoded.x + vec3f(1.402 * cr, -0.344136 * cb - 0.714136 * cr, 1.772 * cb);
  textureStore(output, p, vec4f(clamp(floor(rgb + 0.5), vec3f(0.0), vec3f(255.0)) / 255.0, 1.0));
}
