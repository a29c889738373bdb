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
// array for every such read). The same sums as the steps of the WGSL `encode` pass, which keeps the blocks
// in workgroup memory instead of textures.
//
// The DCT is the orthonormal 8-point DCT-II M scaled by sqrt(8), so that its DC row is exactly 1:
// F = M B M^T = (DCT B DCT^T) / 8, and the same for the inverse. Flat blocks then stay exact through the
// half-float intermediates, and their .5 ties round up as libjpeg's integer transforms round them.

uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

// The scaled DCT by 4x4 quarters. DCT_TOP_LEFT * (b0..b3) + DCT_TOP_RIGHT * (b4..b7) gives coefficients
// 0..3 of samples b0..b7 (column k of DCT_TOP_LEFT holds DCT[0..3][k]); the BOTTOM pair gives 4..7.
const mat4 DCT_TOP_LEFT = mat4(
  1.0, 1.387039845, 1.306562965, 1.175875602,
  1.0, 1.175875602, 0.541196100, -0.275899379,
  1.0, 0.785694958, -0.541196100, -1.387039845,
  1.0, 0.275899379, -1.306562965, -0.785694958
);
const mat4 DCT_TOP_RIGHT = mat4(
  1.0, -0.275899379, -1.306562965, 0.785694958,
  1.0, -0.785694958, -0.541196100, 1.387039845,
  1.0, -1.175875602, 0.541196100, 0.275899379,
  1.0, -1.387039845, 1.306562965, -1.175875602
);
const mat4 DCT_BOTTOM_LEFT = mat4(
  1.0, 0.785694958, 0.541196100, 0.275899379,
  -1.0, -1.387039845, -1.306562965, -0.785694958,
  -1.0, 0.275899379, 1.306562965, 1.175875602,
  1.0, 1.175875602, -0.541196100, -1.387039845
);
const mat4 DCT_BOTTOM_RIGHT = mat4(
  1.0, -1.175875602, -0.541196100, 1.387039845,
  -1.0, -0.275899379, 1.306562965, -1.175875602,
  -1.0, 1.387039845, -1.306562965, 0.785694958,
  1.0, -0.785694958, 0.541196100, -0.275899379
);
// Annex K base tables by quarters: column j of LUMA_LEFT_TOP holds the steps of coefficients (u, v = j)
// for u = 0..3; RIGHT is u = 4..7, BOTTOM is v = 4..7.
const mat4 LUMA_LEFT_TOP = mat4(
  16.0, 11.0, 10.0, 16.0,
  12.0, 12.0, 14.0, 19.0,
  14.0, 13.0, 16.0, 24.0,
  14.0, 17.0, 22.0, 29.0
);
const mat4 LUMA_LEFT_BOTTOM = mat4(
  18.0, 22.0, 37.0, 56.0,
  24.0, 35.0, 55.0, 64.0,
  49.0, 64.0, 78.0, 87.0,
  72.0, 92.0, 95.0, 98.0
);
const mat4 LUMA_RIGHT_TOP = mat4(
  24.0, 40.0, 51.0, 61.0,
  26.0, 58.0, 60.0, 55.0,
  40.0, 57.0, 69.0, 56.0,
  51.0, 87.0, 80.0, 62.0
);
const mat4 LUMA_RIGHT_BOTTOM = mat4(
  68.0, 109.0, 103.0, 77.0,
  81.0, 104.0, 113.0, 92.0,
  103.0, 121.0, 120.0, 101.0,
  112.0, 100.0, 103.0, 99.0
);
const mat4 CHROMA_LEFT_TOP = mat4(
  17.0, 18.0, 24.0, 47.0,
  18.0, 21.0, 26.0, 66.0,
  24.0, 26.0, 56.0, 99.0,
  47.0, 66.0, 99.0, 99.0
);
const mat4 CHROMA_LEFT_BOTTOM = mat4(
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0
);
const mat4 CHROMA_RIGHT_TOP = mat4(
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0
);
const mat4 CHROMA_RIGHT_BOTTOM = mat4(
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0,
  99.0, 99.0, 99.0, 99.0
);
// Column x of the scaled DCT, DCT[u][x] for u = 0..3 and 4..7: the weights of the inverse at x.
mat2x4 dctColumn(int x) {
  // Columns 4..7 mirror columns 3..0, with the odd rows negated; a one-hot product picks a column.
  int mirrored = min(x, 7 - x);
  vec4 pick = vec4(mirrored == 0, mirrored == 1, mirrored == 2, mirrored == 3);
  vec4 sign = x >= 4 ? vec4(1.0, -1.0, 1.0, -1.0) : vec4(1.0);
  return mat2x4(DCT_TOP_LEFT * pick * sign, DCT_BOTTOM_LEFT * pick * sign);
}

// A plane's size in samples, padded to whole blocks.
ivec2 padded(ivec2 planeSize) {
  return (planeSize + 7) / 8 * 8;
}

// The chroma planes' size in samples (subsample: 0 4:4:4, 1 4:2:0, 2 4:2:2): halved (rounded up) both
// ways in 4:2:0, across only in 4:2:2, full in 4:4:4.
ivec2 chromaSize() {
  if (subsample == 1) return (size + 1) / 2;
  if (subsample == 2) return ivec2((size.x + 1) / 2, size.y);
  return size;
}

// Where plane 0 (Y), 1 (Cb) or 2 (Cr) starts in the packed textures, in texels.
ivec2 planeOrigin(int plane) {
  int lumaWidth = padded(size).x / 4;
  if (plane == 0) return ivec2(0);
  if (plane == 1) return ivec2(lumaWidth, 0);
  ivec2 chroma = padded(chromaSize());
  return subsample == 1 ? ivec2(lumaWidth, chroma.y) : ivec2(lumaWidth + chroma.x / 4, 0);
}

// The plane of a packed texel (0, 1, 2 for Y, Cb, Cr; -1 outside the planes) and its position in it.
ivec3 locate(ivec2 t) {
  ivec2 luma = padded(size) / ivec2(4, 1);
  if (t.x < luma.x) return ivec3(t.y < luma.y ? 0 : -1, t);
  ivec2 chroma = padded(chromaSize()) / ivec2(4, 1);
  ivec2 local = t - ivec2(luma.x, 0);
  int plane = 1;
  if (subsample == 1 && local.y >= chroma.y) {
    plane = 2;
    local.y -= chroma.y;
  } else if (subsample != 1 && local.x >= chroma.x) {
    plane = 2;
    local.x -= chroma.x;
  }
  return ivec3(all(lessThan(local, chroma)) ? plane : -1, local);
}

// The pixel at p (clamped: edge blocks repeat the last row and column), blended on black, in 0..255.
vec3 rgbAt(ivec2 p) {
  vec4 c = texelFetch(input0, clamp(p, ivec2(0), size - 1), 0);
  return floor(c.rgb * (255.0 * c.a) + 0.5);
}

// JFIF RGB -> YCbCr, rounded and clamped to 8 bits as the encoder's colour converter stores it.
vec3 toYcc(vec3 rgb) {
  float y = dot(rgb, vec3(0.299, 0.587, 0.114));
  float cb = dot(rgb, vec3(-0.168736, -0.331264, 0.5)) + 128.0;
  float cr = dot(rgb, vec3(0.5, -0.418688, -0.081312)) + 128.0;
  return clamp(floor(vec3(y, cb, cr) + 0.5), vec3(0.0), vec3(255.0));
}

#if defined(ENTRY_downsample)
void main() {
  ivec2 c = ivec2(gl_FragCoord.xy);
  if (subsample == 2) {
    // 4:2:2: the 2x1 average, which libjpeg rounds with a bias alternating 0, 1 along the row.
    ivec2 q = ivec2(c.x * 2, c.y);
    vec2 pair = toYcc(rgbAt(q)).yz + toYcc(rgbAt(q + ivec2(1, 0))).yz;
    outColor = vec4(floor((pair + float(c.x & 1)) / 2.0) / 255.0, 0.0, 1.0);
    return;
  }
  ivec2 q = c * 2;
  vec2 sum = toYcc(rgbAt(q)).yz + toYcc(rgbAt(q + ivec2(1, 0))).yz + toYcc(rgbAt(q + ivec2(0, 1))).yz +
    toYcc(rgbAt(q + ivec2(1, 1))).yz;
  // libjpeg rounds the average with a bias alternating 1, 2 along the row.
  outColor = vec4(floor((sum + float(1 + (c.x & 1))) / 4.0) / 255.0, 0.0, 1.0);
}
#endif

#if defined(ENTRY_forward)
// JFIF weights of one plane's component: RGB factors and offset.
vec4 planeWeights(int plane) {
  if (plane == 0) return vec4(0.299, 0.587, 0.114, 0.0);
  if (plane == 1) return vec4(-0.168736, -0.331264, 0.5, 128.0);
  return vec4(0.5, -0.418688, -0.081312, 128.0);
}

// Level-shifted sample of `plane` at p: one component of toYcc from the pixels (weights from
// planeWeights), or the downsampled chroma (input1).
float planeSample(int plane, vec4 weights, ivec2 p) {
  if (plane == 0 || subsample == 0) {
    return clamp(floor(dot(rgbAt(p), weights.xyz) + weights.w + 0.5), 0.0, 255.0) - 128.0;
  }
  vec2 chroma = texelFetch(input1, p, 0).xy;
  return floor((plane == 1 ? chroma.x : chroma.y) * 255.0 + 0.5) - 128.0;
}

void main() {
  ivec2 t = ivec2(gl_FragCoord.xy);
  ivec3 texel = locate(t);
  int plane = texel.x;
  if (plane < 0) {
    outColor = vec4(0.0);
    return;
  }
  int x0 = (texel.y & ~1) * 4;
  int y = texel.z;
  vec4 w = planeWeights(plane);
  vec4 lo = vec4(planeSample(plane, w, ivec2(x0, y)), planeSample(plane, w, ivec2(x0 + 1, y)),
    planeSample(plane, w, ivec2(x0 + 2, y)), planeSample(plane, w, ivec2(x0 + 3, y)));
  vec4 hi = vec4(planeSample(plane, w, ivec2(x0 + 4, y)), planeSample(plane, w, ivec2(x0 + 5, y)),
    planeSample(plane, w, ivec2(x0 + 6, y)), planeSample(plane, w, ivec2(x0 + 7, y)));
  // The texel's 4 outputs are coefficients 0..3 or 4..7 of its block row.
  if ((texel.y & 1) == 0) {
    outColor = DCT_TOP_LEFT * lo + DCT_TOP_RIGHT * hi;
  } else {
    outColor = DCT_BOTTOM_LEFT * lo + DCT_BOTTOM_RIGHT * hi;
  }
}
#endif

#if defined(ENTRY_quantise)
// libjpeg's jpeg_set_quality(quality, TRUE) scale: table entries become (entry * scale + 50) / 100.
float qualityScale() {
  int q = clamp(quality, 1, 100);
  return float(q < 50 ? 5000 / q : 200 - 2 * q);
}

// Quantise and dequantise coefficient `value` (8 times too large, from the scaled DCT) by the step made
// from base table entry `base` (integer maths, exact in floats), rounding half away from zero.
vec4 requantise(vec4 value, vec4 base, float scale) {
  vec4 step = clamp(floor((base * scale + 50.5) * 0.01), vec4(1.0), vec4(255.0));
  return sign(value) * floor(abs(value * 0.125) / step + 0.5) * step;
}

void main() {
  ivec2 t = ivec2(gl_FragCoord.xy);
  ivec3 texel = locate(t);
  if (texel.x < 0) {
    outColor = vec4(0.0);
    return;
  }
  // Four columns (the texel's lanes) of one block, rows 0..7, through the DCT's even/odd butterfly.
  int row = texel.z & 7;
  int top = t.y - row;
  vec4 s0 = texelFetch(input0, ivec2(t.x, top), 0);
  vec4 s1 = texelFetch(input0, ivec2(t.x, top + 1), 0);
  vec4 s2 = texelFetch(input0, ivec2(t.x, top + 2), 0);
  vec4 s3 = texelFetch(input0, ivec2(t.x, top + 3), 0);
  vec4 s4 = texelFetch(input0, ivec2(t.x, top + 4), 0);
  vec4 s5 = texelFetch(input0, ivec2(t.x, top + 5), 0);
  vec4 s6 = texelFetch(input0, ivec2(t.x, top + 6), 0);
  vec4 s7 = texelFetch(input0, ivec2(t.x, top + 7), 0);
  vec4 a0 = s0 + s7;
  vec4 a1 = s1 + s6;
  vec4 a2 = s2 + s5;
  vec4 a3 = s3 + s4;
  vec4 b0 = s0 - s7;
  vec4 b1 = s1 - s6;
  vec4 b2 = s2 - s5;
  vec4 b3 = s3 - s4;
  vec4 even0 = a0 + a3;
  vec4 even1 = a1 + a2;
  vec4 odd0 = a0 - a3;
  vec4 odd1 = a1 - a2;
  const float c1 = 1.387039845;
  const float c2 = 1.306562965;
  const float c3 = 1.175875602;
  const float c5 = 0.785694958;
  const float c6 = 0.541196100;
  const float c7 = 0.275899379;
  mat4 first = LUMA_LEFT_TOP;
  mat4 second = LUMA_LEFT_BOTTOM;
  bool right = (texel.y & 1) == 1;
  if (texel.x == 0 && right) {
    first = LUMA_RIGHT_TOP;
    second = LUMA_RIGHT_BOTTOM;
  } else if (texel.x > 0 && !right) {
    first = CHROMA_LEFT_TOP;
    second = CHROMA_LEFT_BOTTOM;
  } else if (texel.x > 0) {
    first = CHROMA_RIGHT_TOP;
    second = CHROMA_RIGHT_BOTTOM;
  }
  float scale = qualityScale();
  // Then the inverse transform of the requantised column, at this texel's row only.
  mat2x4 basis = dctColumn(row);
  outColor = basis[0].x * requantise(even0 + even1, first[0], scale) +
    basis[0].y * requantise(c1 * b0 + c3 * b1 + c5 * b2 + c7 * b3, first[1], scale) +
    basis[0].z * requantise(c2 * odd0 + c6 * odd1, first[2], scale) +
    basis[0].w * requantise(c3 * b0 - c7 * b1 - c1 * b2 - c5 * b3, first[3], scale) +
    basis[1].x * requantise(even0 - even1, second[0], scale) +
    basis[1].y * requantise(c5 * b0 - c1 * b1 + c7 * b2 + c3 * b3, second[1], scale) +
    basis[1].z * requantise(c6 * odd0 - c2 * odd1, second[2], scale) +
    basis[1].w * requantise(c7 * b0 - c5 * b1 + c3 * b2 - c1 * b3, second[3], scale);
}
#endif

#if defined(ENTRY_inverse)
// The decoded 8-bit sample of `plane` at sample position q: the inverse row transform (basis: dctColumn of
// q.x & 7), level-shifted back.
float decodedSample(int plane, ivec2 q, mat2x4 basis) {
  ivec2 t = planeOrigin(plane) + ivec2((q.x & ~7) / 4, q.y);
  float value = dot(basis[0], texelFetch(input0, t, 0)) + dot(basis[1], texelFetch(input0, t + ivec2(1, 0), 0));
  return clamp(floor(value * 0.125 + 128.5), 0.0, 255.0);
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec2 chroma = vec2(0.0);
  ivec2 last = chromaSize() - 1;
  // Subsampled chroma goes in the top-left corner, with its last row and column repeated once more so that
  // the upsampler's bilinear reads see the edge as libjpeg does.
  if (all(lessThanEqual(p, last + 1))) {
    ivec2 q = min(p, last);
    mat2x4 basis = dctColumn(q.x & 7);
    chroma = vec2(decodedSample(1, q, basis), decodedSample(2, q, basis));
  }
  outColor = vec4(decodedSample(0, p, dctColumn(p.x & 7)), chroma, 255.0) / 255.0;
}
#endif

#if defined(ENTRY_main)
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec3 decoded = floor(texelFetch(input0, p, 0).xyz * 255.0 + 0.5);
  vec2 chroma = decoded.yz;
  if (subsample == 2) {
    // libjpeg's h2v1 fancy upsampling weighs the nearest chroma sample 3/4 and the next one across 1/4:
    // a bilinear read a quarter sample towards it, on the row's own samples. The integer sum (3a + b) is
    // rounded with a bias of 1 on even columns and 2 on odd ones.
    vec2 uv = vec2((float(p.x) + 0.5) * 0.5, float(p.y) + 0.5) / vec2(size);
    vec2 sum = floor(textureLod(input0, uv, 0.0).yz * (255.0 * 4.0) + 0.5);
    chroma = floor((sum + float(1 + (p.x & 1))) / 4.0);
  } else if (subsample == 1) {
    // libjpeg's h2v2 fancy upsampling weighs the nearest chroma sample 9/16, its neighbours in x and y
    // 3/16 each and the diagonal one 1/16: a bilinear read a quarter sample towards the neighbours. The
    // integer sum (9a + 3b + 3c + d) is rounded with a bias of 8 on even columns and 7 on odd ones.
    vec2 uv = (vec2(p) + 0.5) * 0.5 / vec2(size);
    vec2 sum = floor(textureLod(input0, uv, 0.0).yz * (255.0 * 16.0) + 0.5);
    chroma = floor((sum + float(8 - (p.x & 1))) / 16.0);
  }
  float cb = chroma.x - 128.0;
  float cr = chroma.y - 128.0;
  vec3 rgb = decoded.x + vec3(1.402 * cr, -0.344136 * cb - 0.714136 * cr, 1.772 * cb);
  outColor = vec4(clamp(floor(rgb + 0.5), vec3(0.0), vec3(255.0)) / 255.0, 1.0);
}
#endif
