// A JPEG encode and decode as libjpeg (Chromium's codec) does them, without the (lossless) entropy coding:
//   downsample: 4:2:0 chroma, each sample the 2x2 average of 8-bit Cb and Cr as libjpeg rounds it.
//   forward:    RGB -> 8-bit YCbCr (JFIF) and the 1-D DCT of each block row, level-shifted.
//   quantise:   the 1-D DCT of each block column, quantisation by the quality-scaled Annex K tables and
//               dequantisation, then the inverse 1-D DCT of the column.
//   inverse:    the inverse 1-D DCT of each block row, rounded and clamped to 8 bits as a decoder does:
//               Y at every pixel, Cb and Cr in the top-left corner at chroma resolution.
//   main:       libjpeg's "fancy" triangle upsampling of the chroma, and YCbCr -> RGB.
// Planes are padded to whole blocks by repeating the last row and column, as the encoder pads partial MCUs.
//
// Software adapters pay mostly per texel read, so forward and quantise keep their planes packed: each texel
// holds 4 horizontally adjacent samples of one plane (Y on the left; Cb right of it; Cr below Cb in 4:2:0,
// right of it in 4:4:4). A block row is then 2 texels, and a column pass transforms 4 columns at once.
// Tables are constant matrices and switches, never arrays indexed at run time (some compilers copy a whole
// array for every such read).
//
// The DCT is the orthonormal 8-point DCT-II M scaled by sqrt(8), so that its DC row is exactly 1:
// F = M B M^T = (DCT B DCT^T) / 8, and the same for the inverse. Flat blocks then stay exact through the
// half-float intermediates, and their .5 ties round up as libjpeg's integer transforms round them.
struct Params {
  quality: i32,
  subsample: i32,
  size: vec2i,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(4) var outputFloat: texture_storage_2d<rgba16float, write>;
@group(0) @binding(5) var linearSampler: sampler;

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
/** Column x of the scaled DCT, DCT[u][x] for u = 0..3 and 4..7: the weights of the inverse at x. */
fn dctColumn(x: i32) -> mat2x4f {
  // Columns 4..7 mirror columns 3..0, with the odd rows negated; a one-hot product picks a column.
  let mirrored = min(x, 7 - x);
  let pick = vec4f(f32(mirrored == 0), f32(mirrored == 1), f32(mirrored == 2), f32(mirrored == 3));
  let sign = select(vec4f(1.0), vec4f(1.0, -1.0, 1.0, -1.0), x >= 4);
  return mat2x4f(DCT_TOP_LEFT * pick * sign, DCT_BOTTOM_LEFT * pick * sign);
}

/** A plane's size in samples, padded to whole blocks. */
fn padded(size: vec2i) -> vec2i {
  return (size + 7) / 8 * 8;
}

/** The chroma planes' size in samples: half in 4:2:0 (rounded up), full in 4:4:4. */
fn chromaSize() -> vec2i {
  return select(params.size, (params.size + 1) / 2, vec2<bool>(params.subsample == 1));
}

/** Where plane 0 (Y), 1 (Cb) or 2 (Cr) starts in the packed textures, in texels. */
fn planeOrigin(plane: i32) -> vec2i {
  let lumaWidth = padded(params.size).x / 4;
  if (plane == 0) { return vec2i(0); }
  if (plane == 1) { return vec2i(lumaWidth, 0); }
  let chroma = padded(chromaSize());
  return select(vec2i(lumaWidth + chroma.x / 4, 0), vec2i(lumaWidth, chroma.y), params.subsample == 1);
}

struct PackedTexel {
  /** 0, 1, 2 for Y, Cb, Cr; -1 for texels outside the planes. */
  plane: i32,
  /** Position in the plane, in texels. */
  local: vec2i,
}

fn locate(t: vec2i) -> PackedTexel {
  let luma = padded(params.size) / vec2i(4, 1);
  if (t.x < luma.x) { return PackedTexel(select(-1, 0, t.y < luma.y), t); }
  let chroma = padded(chromaSize()) / vec2i(4, 1);
  var local = t - vec2i(luma.x, 0);
  var plane = 1;
  if (params.subsample == 1 && local.y >= chroma.y) {
    plane = 2;
    local.y -= chroma.y;
  } else if (params.subsample == 0 && local.x >= chroma.x) {
    plane = 2;
    local.x -= chroma.x;
  }
  return PackedTexel(select(-1, plane, all(local < chroma)), local);
}

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

@compute @workgroup_size(8, 8)
fn downsample(@builtin(global_invocation_id) id: vec3u) {
  let c = vec2i(id.xy);
  if (any(c >= vec2i(textureDimensions(output)))) { return; }
  let q = c * 2;
  let sum = toYcc(rgbAt(q)).yz + toYcc(rgbAt(q + vec2i(1, 0))).yz + toYcc(rgbAt(q + vec2i(0, 1))).yz +
    toYcc(rgbAt(q + vec2i(1, 1))).yz;
  // libjpeg rounds the average with a bias alternating 1, 2 along the row.
  textureStore(output, c, vec4f(floor((sum + f32(1 + (c.x & 1))) / 4.0) / 255.0, 0.0, 1.0));
}

/** JFIF weights of one plane's component: RGB factors and offset. */
fn planeWeights(plane: i32) -> vec4f {
  if (plane == 0) { return vec4f(0.299, 0.587, 0.114, 0.0); }
  if (plane == 1) { return vec4f(-0.168736, -0.331264, 0.5, 128.0); }
  return vec4f(0.5, -0.418688, -0.081312, 128.0);
}

/**
 * Level-shifted sample of `plane` at p: one component of toYcc from the pixels (weights from
 * planeWeights), or the downsampled chroma (input1).
 */
fn planeSample(plane: i32, weights: vec4f, p: vec2i) -> f32 {
  if (plane == 0 || params.subsample == 0) {
    return clamp(floor(dot(rgbAt(p), weights.xyz) + weights.w + 0.5), 0.0, 255.0) - 128.0;
  }
  let chroma = textureLoad(input1, p, 0).xy;
  return floor(select(chroma.y, chroma.x, plane == 1) * 255.0 + 0.5) - 128.0;
}

@compute @workgroup_size(8, 8)
fn forward(@builtin(global_invocation_id) id: vec3u) {
  let t = vec2i(id.xy);
  if (any(t >= vec2i(textureDimensions(outputFloat)))) { return; }
  let texel = locate(t);
  if (texel.plane < 0) {
    textureStore(outputFloat, t, vec4f(0.0));
    return;
  }
  let x0 = (texel.local.x & ~1) * 4;
  let y = texel.local.y;
  let plane = texel.plane;
  let w = planeWeights(plane);
  let lo = vec4f(planeSample(plane, w, vec2i(x0, y)), planeSample(plane, w, vec2i(x0 + 1, y)),
    planeSample(plane, w, vec2i(x0 + 2, y)), planeSample(plane, w, vec2i(x0 + 3, y)));
  let hi = vec4f(planeSample(plane, w, vec2i(x0 + 4, y)), planeSample(plane, w, vec2i(x0 + 5, y)),
    planeSample(plane, w, vec2i(x0 + 6, y)), planeSample(plane, w, vec2i(x0 + 7, y)));
  // The texel's 4 outputs are coefficients 0..3 or 4..7 of its block row.
  var value: vec4f;
  if ((texel.local.x & 1) == 0) {
    value = DCT_TOP_LEFT * lo + DCT_TOP_RIGHT * hi;
  } else {
    value = DCT_BOTTOM_LEFT * lo + DCT_BOTTOM_RIGHT * hi;
  }
  textureStore(outputFloat, t, value);
}

/** libjpeg's jpeg_set_quality(quality, TRUE) scale: table entries become (entry * scale + 50) / 100. */
fn qualityScale() -> f32 {
  let q = clamp(params.quality, 1, 100);
  return f32(select(200 - 2 * q, 5000 / q, q < 50));
}

/**
 * Quantise and dequantise coefficient `value` (8 times too large, from the scaled DCT) by the step made
 * from base table entry `base` (integer maths, exact in floats), rounding half away from zero.
 */
fn requantise(value: vec4f, base: vec4f, scale: f32) -> vec4f {
  let step = clamp(floor((base * scale + 50.5) * 0.01), vec4f(1.0), vec4f(255.0));
  return sign(value) * floor(abs(value * 0.125) / step + 0.5) * step;
}

@compute @workgroup_size(8, 8)
fn quantise(@builtin(global_invocation_id) id: vec3u) {
  let t = vec2i(id.xy);
  if (any(t >= vec2i(textureDimensions(outputFloat)))) { return; }
  let texel = locate(t);
  if (texel.plane < 0) {
    textureStore(outputFloat, t, vec4f(0.0));
    return;
  }
  // Four columns (the texel's lanes) of one block, rows 0..7, through the DCT's even/odd butterfly.
  let row = texel.local.y & 7;
  let top = t.y - row;
  let s0 = textureLoad(input0, vec2i(t.x, top), 0);
  let s1 = textureLoad(input0, vec2i(t.x, top + 1), 0);
  let s2 = textureLoad(input0, vec2i(t.x, top + 2), 0);
  let s3 = textureLoad(input0, vec2i(t.x, top + 3), 0);
  let s4 = textureLoad(input0, vec2i(t.x, top + 4), 0);
  let s5 = textureLoad(input0, vec2i(t.x, top + 5), 0);
  let s6 = textureLoad(input0, vec2i(t.x, top + 6), 0);
  let s7 = textureLoad(input0, vec2i(t.x, top + 7), 0);
  let a0 = s0 + s7;
  let a1 = s1 + s6;
  let a2 = s2 + s5;
  let a3 = s3 + s4;
  let b0 = s0 - s7;
  let b1 = s1 - s6;
  let b2 = s2 - s5;
  let b3 = s3 - s4;
  let even0 = a0 + a3;
  let even1 = a1 + a2;
  let odd0 = a0 - a3;
  let odd1 = a1 - a2;
  let c1 = 1.387039845;
  let c2 = 1.306562965;
  let c3 = 1.175875602;
  let c5 = 0.785694958;
  let c6 = 0.541196100;
  let c7 = 0.275899379;
  var first = LUMA_LEFT_TOP;
  var second = LUMA_LEFT_BOTTOM;
  let right = (texel.local.x & 1) == 1;
  if (texel.plane == 0 && right) {
    first = LUMA_RIGHT_TOP;
    second = LUMA_RIGHT_BOTTOM;
  } else if (texel.plane > 0 && !right) {
    first = CHROMA_LEFT_TOP;
    second = CHROMA_LEFT_BOTTOM;
  } else if (texel.plane > 0) {
    first = CHROMA_RIGHT_TOP;
    second = CHROMA_RIGHT_BOTTOM;
  }
  let scale = qualityScale();
  // Then the inverse transform of the requantised column, at this texel's row only.
  let basis = dctColumn(row);
  let value = basis[0].x * requantise(even0 + even1, first[0], scale) +
    basis[0].y * requantise(c1 * b0 + c3 * b1 + c5 * b2 + c7 * b3, first[1], scale) +
    basis[0].z * requantise(c2 * odd0 + c6 * odd1, first[2], scale) +
    basis[0].w * requantise(c3 * b0 - c7 * b1 - c1 * b2 - c5 * b3, first[3], scale) +
    basis[1].x * requantise(even0 - even1, second[0], scale) +
    basis[1].y * requantise(c5 * b0 - c1 * b1 + c7 * b2 + c3 * b3, second[1], scale) +
    basis[1].z * requantise(c6 * odd0 - c2 * odd1, second[2], scale) +
    basis[1].w * requantise(c7 * b0 - c5 * b1 + c3 * b2 - c1 * b3, second[3], scale);
  textureStore(outputFloat, t, value);
}

/**
 * The decoded 8-bit sample of `plane` at sample position q: the inverse row transform (basis: dctColumn of
 * q.x & 7), level-shifted back.
 */
fn decodedSample(plane: i32, q: vec2i, basis: mat2x4f) -> f32 {
  let t = planeOrigin(plane) + vec2i((q.x & ~7) / 4, q.y);
  let value = dot(basis[0], textureLoad(input0, t, 0)) + dot(basis[1], textureLoad(input0, t + vec2i(1, 0), 0));
  return clamp(floor(value * 0.125 + 128.5), 0.0, 255.0);
}

@compute @workgroup_size(8, 8)
fn inverse(@builtin(global_invocation_id) id: vec3u) {
  let p = vec2i(id.xy);
  if (any(p >= params.size)) { return; }
  var chroma = vec2f(0.0);
  let last = chromaSize() - 1;
  // 4:2:0 chroma goes in the top-left corner, with its last row and column repeated once more so that
  // the upsampler's bilinear reads see the edge as libjpeg does.
  if (all(p <= last + 1)) {
    let q = min(p, last);
    let basis = dctColumn(q.x & 7);
    chroma = vec2f(decodedSample(1, q, basis), decodedSample(2, q, basis));
  }
  textureStore(output, p, vec4f(decodedSample(0, p, dctColumn(p.x & 7)), chroma, 255.0) / 255.0);
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let p = vec2i(id.xy);
  if (any(p >= params.size)) { return; }
  let decoded = floor(textureLoad(input0, p, 0).xyz * 255.0 + 0.5);
  var chroma = decoded.yz;
  if (params.subsample == 1) {
    // libjpeg's h2v2 fancy upsampling weighs the nearest chroma sample 9/16, its neighbours in x and y
    // 3/16 each and the diagonal one 1/16: a bilinear read a quarter sample towards the neighbours. The
    // integer sum (9a + 3b + 3c + d) is rounded with a bias of 8 on even columns and 7 on odd ones.
    let uv = (vec2f(p) + 0.5) * 0.5 / vec2f(params.size);
    let sum = floor(textureSampleLevel(input0, linearSampler, uv, 0.0).yz * (255.0 * 16.0) + 0.5);
    chroma = floor((sum + f32(8 - (p.x & 1))) / 16.0);
  }
  let cb = chroma.x - 128.0;
  let cr = chroma.y - 128.0;
  let rgb = decoded.x + vec3f(1.402 * cr, -0.344136 * cb - 0.714136 * cr, 1.772 * cb);
  textureStore(output, p, vec4f(clamp(floor(rgb + 0.5), vec3f(0.0), vec3f(255.0)) / 255.0, 1.0));
}
