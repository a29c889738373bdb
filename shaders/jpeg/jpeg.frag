#version 300 es
// A JPEG encode and decode as libjpeg (Chromium's codec) does them, without the entropy coding:
//   forward:  RGB -> YCbCr rounded to 8 bits, chroma averaged 2x2 (4:2:0), then the 1-D DCT of each
//             block row. Luma fills the padded plane; the chroma plane sits in its top-left quarter.
//   quantise: the 1-D DCT of each block column, quantisation by the quality-scaled Annex K tables and
//             dequantisation, then the inverse 1-D DCT of the column.
//   inverse:  the inverse 1-D DCT of each block row, rounded and clamped to 8 bits as a decoder does.
//   main:     "fancy" triangle upsampling of the chroma and YCbCr -> RGB.
// Planes are padded to whole blocks by repeating the last row and column, as the encoder pads partial MCUs.
// Sums run in the same order as the WGSL passes, which read their block from workgroup memory.
precision highp float;
precision highp int;

layout(std140) uniform Params {
  int quality;
  int subsample;
  ivec2 size;
};

uniform highp sampler2D input0;
out vec4 outColor;

// DCT[u * 8 + x] = sqrt(8) a(u) cos((2x + 1) u pi / 16): the orthonormal 8-point DCT-II matrix M scaled
// so that its DC row is exactly 1; F = M B M^T = (DCT B DCT^T) / 8, and the same for the inverse. Flat
// blocks then stay exact through the half-float intermediates, and their .5 ties round up as libjpeg's
// integer transforms do.
const float DCT[64] = float[64](
  1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0,
  1.387039845, 1.175875602, 0.785694958, 0.275899379, -0.275899379, -0.785694958, -1.175875602, -1.387039845,
  1.306562965, 0.541196100, -0.541196100, -1.306562965, -1.306562965, -0.541196100, 0.541196100, 1.306562965,
  1.175875602, -0.275899379, -1.387039845, -0.785694958, 0.785694958, 1.387039845, 0.275899379, -1.175875602,
  1.000000000, -1.000000000, -1.000000000, 1.000000000, 1.000000000, -1.000000000, -1.000000000, 1.000000000,
  0.785694958, -1.387039845, 0.275899379, 1.175875602, -1.175875602, -0.275899379, 1.387039845, -0.785694958,
  0.541196100, -1.306562965, 1.306562965, -0.541196100, -0.541196100, 1.306562965, -1.306562965, 0.541196100,
  0.275899379, -0.785694958, 1.175875602, -1.387039845, 1.387039845, -1.175875602, 0.785694958, -0.275899379
);

// ITU-T T.81 Annex K base tables, row-major (index v * 8 + u).
const int LUMA_BASE[64] = int[64](
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
  14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
  49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99
);
const int CHROMA_BASE[64] = int[64](
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
  24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99
);

#if defined(ENTRY_forward)
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

// 4:2:0 chroma sample c: libjpeg's 2x2 average, rounded with a bias alternating 1, 2 along the row.
vec2 chromaSample(ivec2 c) {
  ivec2 q = c * 2;
  vec2 sum = toYcc(rgbAt(q)).yz + toYcc(rgbAt(q + ivec2(1, 0))).yz + toYcc(rgbAt(q + ivec2(0, 1))).yz +
    toYcc(rgbAt(q + ivec2(1, 1))).yz;
  return floor((sum + float(1 + (c.x & 1))) / 4.0) - 128.0;
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  ivec2 origin = p & ~7;
  int u = p.x & 7;
  vec3 rowLuma = vec3(0.0);
  for (int k = 0; k < 8; k++) {
    rowLuma += DCT[u * 8 + k] * (toYcc(rgbAt(ivec2(origin.x + k, p.y))) - 128.0);
  }
  if (subsample != 1) {
    outColor = vec4(rowLuma, 1.0);
    return;
  }
  // 4:2:0: this block is also chroma block `origin / 8` when the chroma plane reaches that far.
  vec2 rowChroma = vec2(0.0);
  if (all(lessThan(origin, (size + 1) / 2))) {
    for (int k = 0; k < 8; k++) {
      rowChroma += DCT[u * 8 + k] * chromaSample(ivec2(origin.x + k, p.y));
    }
  }
  outColor = vec4(rowLuma.x, rowChroma, 1.0);
}
#endif

#if defined(ENTRY_quantise)
// libjpeg's jpeg_set_quality(quality, TRUE) scaling of one base table entry.
float quantStep(int base) {
  int q = clamp(quality, 1, 100);
  int scale = q < 50 ? 5000 / q : 200 - 2 * q;
  return float(clamp((base * scale + 50) / 100, 1, 255));
}

// Quantise and dequantise, rounding half away from zero.
float requantise(float value, float step) {
  return sign(value) * floor(abs(value) / step + 0.5) * step;
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  ivec2 origin = p & ~7;
  int u = p.x & 7;
  int y = p.y & 7;
  vec3 column[8];
  for (int k = 0; k < 8; k++) column[k] = texelFetch(input0, ivec2(p.x, origin.y + k), 0).rgb;
  // Every coefficient (u, v) of this column, requantised, feeds the inverse transform at row y.
  vec3 value = vec3(0.0);
  for (int v = 0; v < 8; v++) {
    vec3 coefficient = vec3(0.0);
    for (int k = 0; k < 8; k++) coefficient += DCT[v * 8 + k] * column[k];
    coefficient /= 8.0;
    float lumaStep = quantStep(LUMA_BASE[v * 8 + u]);
    float chromaStep = quantStep(CHROMA_BASE[v * 8 + u]);
    vec3 requantised = vec3(
      requantise(coefficient.x, lumaStep),
      requantise(coefficient.y, chromaStep),
      requantise(coefficient.z, chromaStep)
    );
    value += DCT[v * 8 + y] * requantised;
  }
  outColor = vec4(value, 1.0);
}
#endif

#if defined(ENTRY_inverse)
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  int x = p.x & 7;
  int originX = p.x & ~7;
  vec3 value = vec3(0.0);
  for (int u = 0; u < 8; u++) {
    value += DCT[u * 8 + x] * texelFetch(input0, ivec2(originX + u, p.y), 0).rgb;
  }
  outColor = vec4(clamp(floor(value / 8.0 + 128.5), vec3(0.0), vec3(255.0)) / 255.0, 1.0);
}
#endif

#if defined(ENTRY_main)
// Decoded Cb and Cr of chroma sample c, in 0..255.
vec2 chromaAt(ivec2 c) {
  return floor(texelFetch(input0, c, 0).yz * 255.0 + 0.5);
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  ivec2 imageSize = textureSize(input0, 0);
  vec3 decoded = floor(texelFetch(input0, p, 0).xyz * 255.0 + 0.5);
  vec2 chroma = decoded.yz;
  if (subsample == 1) {
    // libjpeg's h2v2 fancy upsampling: 3/4 of the nearer chroma sample and 1/4 of the next one out, in
    // each direction, with the edge samples repeated; integer sums rounded with biases 8 and 7.
    ivec2 last = (imageSize + 1) / 2 - 1;
    ivec2 c = p / 2;
    ivec2 odd = p & ivec2(1);
    ivec2 n = clamp(c + 2 * odd - 1, ivec2(0), last);
    vec2 near = 3.0 * chromaAt(c) + chromaAt(ivec2(c.x, n.y));
    vec2 far = 3.0 * chromaAt(ivec2(n.x, c.y)) + chromaAt(n);
    chroma = floor((3.0 * near + far + float(8 - odd.x)) / 16.0);
  }
  float cb = chroma.x - 128.0;
  float cr = chroma.y - 128.0;
  vec3 rgb = decoded.x + vec3(1.402 * cr, -0.344136 * cb - 0.714136 * cr, 1.772 * cb);
  outColor = vec4(clamp(floor(rgb + 0.5), vec3(0.0), vec3(255.0)) / 255.0, 1.0);
}
#endif
