// A JPEG encode and decode as libjpeg (Chromium's codec) does them, without the entropy coding:
//   forward:  RGB -> YCbCr rounded to 8 bits, chroma averaged 2x2 (4:2:0), then the 1-D DCT of each
//             block row. Luma fills the padded plane; the chroma plane sits in its top-left quarter.
//   quantise: the 1-D DCT of each block column, quantisation by the quality-scaled Annex K tables and
//             dequantisation, then the inverse 1-D DCT of the column.
//   inverse:  the inverse 1-D DCT of each block row, rounded and clamped to 8 bits as a decoder does.
//   main:     "fancy" triangle upsampling of the chroma and YCbCr -> RGB.
// Planes are padded to whole blocks by repeating the last row and column, as the encoder pads partial MCUs.
// Each compute workgroup is one 8x8 block, so the 1-D transforms read their block from workgroup memory.
struct Params {
  quality: i32,
  subsample: i32,
  size: vec2i,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(3) var outputFloat: texture_storage_2d<rgba16float, write>;

// DCT[u * 8 + x] = sqrt(8) a(u) cos((2x + 1) u pi / 16): the orthonormal 8-point DCT-II matrix M scaled
// so that its DC row is exactly 1; F = M B M^T = (DCT B DCT^T) / 8, and the same for the inverse. Flat
// blocks then stay exact through the half-float intermediates, and their .5 ties round up as libjpeg's
// integer transforms do.
const DCT = array<f32, 64>(
  1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
  1.387039845, 1.175875602, 0.785694958, 0.275899379, -0.275899379, -0.785694958, -1.175875602, -1.387039845,
  1.306562965, 0.541196100, -0.541196100, -1.306562965, -1.306562965, -0.541196100, 0.541196100, 1.306562965,
  1.175875602, -0.275899379, -1.387039845, -0.785694958, 0.785694958, 1.387039845, 0.275899379, -1.175875602,
  1.000000000, -1.000000000, -1.000000000, 1.000000000, 1.000000000, -1.000000000, -1.000000000, 1.000000000,
  0.785694958, -1.387039845, 0.275899379, 1.175875602, -1.175875602, -0.275899379, 1.387039845, -0.785694958,
  0.541196100, -1.306562965, 1.306562965, -0.541196100, -0.541196100, 1.306562965, -1.306562965, 0.541196100,
  0.275899379, -0.785694958, 1.175875602, -1.387039845, 1.387039845, -1.175875602, 0.785694958, -0.275899379,
);

// ITU-T T.81 Annex K base tables, row-major (index v * 8 + u).
const LUMA_BASE = array<i32, 64>(
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
  14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
  49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
);
const CHROMA_BASE = array<i32, 64>(
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
  24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
);

var<workgroup> samples: array<vec3f, 64>;
var<workgroup> chromaSamples: array<vec2f, 64>;
var<workgroup> coefficients: array<vec3f, 64>;

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

/** libjpeg's jpeg_set_quality(quality, TRUE) scaling of one base table entry. */
fn quantStep(base: i32) -> f32 {
  let q = clamp(params.quality, 1, 100);
  let scale = select(200 - 2 * q, 5000 / q, q < 50);
  return f32(clamp((base * scale + 50) / 100, 1, 255));
}

/** Quantise and dequantise, rounding half away from zero. */
fn requantise(value: f32, step: f32) -> f32 {
  return sign(value) * floor(abs(value) / step + 0.5) * step;
}

@compute @workgroup_size(8, 8)
fn forward(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_id) local: vec3u) {
  let origin = vec2i(group.xy) * 8;
  let t = vec2i(local.xy);
  let p = origin + t;
  samples[t.y * 8 + t.x] = toYcc(rgbAt(p)) - 128.0;
  // 4:2:0: this block is also chroma block `origin / 8` when the chroma plane reaches that far.
  let chromaBlock = params.subsample == 1 && all(origin < (params.size + 1) / 2);
  if (chromaBlock) {
    // libjpeg's 2x2 average rounds with a bias alternating 1, 2 along the row.
    let q = p * 2;
    let sum = toYcc(rgbAt(q)).yz + toYcc(rgbAt(q + vec2i(1, 0))).yz + toYcc(rgbAt(q + vec2i(0, 1))).yz +
      toYcc(rgbAt(q + vec2i(1, 1))).yz;
    chromaSamples[t.y * 8 + t.x] = floor((sum + f32(1 + (p.x & 1))) / 4.0) - 128.0;
  }
  workgroupBarrier();
  var rowLuma = vec3f(0.0);
  var rowChroma = vec2f(0.0);
  for (var k = 0; k < 8; k++) {
    let m = DCT[t.x * 8 + k];
    rowLuma += m * samples[t.y * 8 + k];
    rowChroma += m * chromaSamples[t.y * 8 + k];
  }
  var value = vec4f(rowLuma, 1.0);
  if (params.subsample == 1) {
    value = vec4f(rowLuma.x, select(vec2f(0.0), rowChroma, chromaBlock), 1.0);
  }
  textureStore(outputFloat, p, value);
}

@compute @workgroup_size(8, 8)
fn quantise(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_id) local: vec3u) {
  let t = vec2i(local.xy);
  let p = vec2i(group.xy) * 8 + t;
  samples[t.y * 8 + t.x] = textureLoad(input0, p, 0).rgb;
  workgroupBarrier();
  // This invocation's coefficient is (u, v) = t.
  var coefficient = vec3f(0.0);
  for (var k = 0; k < 8; k++) {
    coefficient += DCT[t.y * 8 + k] * samples[k * 8 + t.x];
  }
  coefficient /= 8.0;
  let index = t.y * 8 + t.x;
  let lumaStep = quantStep(LUMA_BASE[index]);
  let chromaStep = quantStep(CHROMA_BASE[index]);
  coefficients[index] = vec3f(
    requantise(coefficient.x, lumaStep),
    requantise(coefficient.y, chromaStep),
    requantise(coefficient.z, chromaStep),
  );
  workgroupBarrier();
  // Then it is (u, y): the inverse transform of column u at row y.
  var column = vec3f(0.0);
  for (var v = 0; v < 8; v++) {
    column += DCT[v * 8 + t.y] * coefficients[v * 8 + t.x];
  }
  textureStore(outputFloat, p, vec4f(column, 1.0));
}

@compute @workgroup_size(8, 8)
fn inverse(@builtin(workgroup_id) group: vec3u, @builtin(local_invocation_id) local: vec3u) {
  let t = vec2i(local.xy);
  let p = vec2i(group.xy) * 8 + t;
  samples[t.y * 8 + t.x] = textureLoad(input0, p, 0).rgb;
  workgroupBarrier();
  var value = vec3f(0.0);
  for (var u = 0; u < 8; u++) {
    value += DCT[u * 8 + t.x] * samples[t.y * 8 + u];
  }
  let level = clamp(floor(value / 8.0 + 128.5), vec3f(0.0), vec3f(255.0));
  // Invocations past the image edge only helped fill the block.
  if (all(p < vec2i(textureDimensions(output)))) {
    textureStore(output, p, vec4f(level / 255.0, 1.0));
  }
}

/** Decoded Cb and Cr of chroma sample c, in 0..255. */
fn chromaAt(c: vec2i) -> vec2f {
  return floor(textureLoad(input0, c, 0).yz * 255.0 + 0.5);
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let size = vec2i(textureDimensions(output));
  let p = vec2i(id.xy);
  if (any(p >= size)) { return; }
  let decoded = floor(textureLoad(input0, p, 0).xyz * 255.0 + 0.5);
  var chroma = decoded.yz;
  if (params.subsample == 1) {
    // libjpeg's h2v2 fancy upsampling: 3/4 of the nearer chroma sample and 1/4 of the next one out, in
    // each direction, with the edge samples repeated; integer sums rounded with biases 8 and 7.
    let last = (size + 1) / 2 - 1;
    let c = p / 2;
    let odd = p & vec2i(1);
    let n = clamp(c + 2 * odd - 1, vec2i(0), last);
    let near = 3.0 * chromaAt(c) + chromaAt(vec2i(c.x, n.y));
    let far = 3.0 * chromaAt(vec2i(n.x, c.y)) + chromaAt(n);
    chroma = floor((3.0 * near + far + f32(8 - odd.x)) / 16.0);
  }
  let cb = chroma.x - 128.0;
  let cr = chroma.y - 128.0;
  let rgb = decoded.x + vec3f(1.402 * cr, -0.344136 * cb - 0.714136 * cr, 1.772 * cb);
  textureStore(output, p, vec4f(clamp(floor(rgb + 0.5), vec3f(0.0), vec3f(255.0)) / 255.0, 1.0));
}
