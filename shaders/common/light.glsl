// Shared by the light stages (bloom, lens reflection). Filters are built from texelFetch: on software
// adapters a sampler call costs over ten texel loads, and exact weights keep both backends and the CPU
// reference in step.

// Quadratic soft threshold on a brightness (the bright pass's weight for a texel that bright): zero below
// threshold - knee, a parabola across the knee, linear above threshold + knee, so that nothing pops on or
// off as a highlight crosses the threshold.
float softThreshold(float brightness, float threshold, float knee) {
  float soft = clamp(brightness - threshold + knee, 0.0, 2.0 * knee);
  soft = soft * soft / (4.0 * knee + 1e-5);
  return max(soft, brightness - threshold);
}

vec3 loadClamped(highp sampler2D source, ivec2 p) {
  ivec2 size = textureSize(source, 0);
  return texelFetch(source, clamp(p, ivec2(0), size - 1), 0).rgb;
}

// Bilinear filtering with clamp-to-edge at a position in texel units (texel i spans [i, i + 1]).
vec3 bilinearAt(highp sampler2D source, vec2 at) {
  vec2 x = at - 0.5;
  ivec2 i = ivec2(floor(x));
  vec2 f = x - floor(x);
  vec3 top = mix(loadClamped(source, i), loadClamped(source, i + ivec2(1, 0)), f.x);
  vec3 bottom = mix(loadClamped(source, i + ivec2(0, 1)), loadClamped(source, i + ivec2(1, 1)), f.x);
  return mix(top, bottom, f.y);
}

// The 6x6 texels under Jimenez's 13-tap downsample of destination texel p: source texels 2p - 2 ..
// 2p + 3 on each axis, row by row.
void gather36(highp sampler2D source, ivec2 p, out vec3 t[36]) {
  for (int y = 0; y < 6; y++) {
    for (int x = 0; x < 6; x++) t[y * 6 + x] = loadClamped(source, p * 2 + ivec2(x - 2, y - 2));
  }
}

vec3 box4(in vec3 t[36], int x0, int y0) {
  vec3 sum = vec3(0.0);
  for (int y = y0; y < y0 + 4; y++) {
    for (int x = x0; x < x0 + 4; x++) sum += t[y * 6 + x];
  }
  return sum * (1.0 / 16.0);
}

// The 13 taps, each a 2x2 mean on texel corners, make five overlapping 4x4 box means: the centre box and
// the top-left, top-right, bottom-left and bottom-right ones.
void boxes13(in vec3 t[36], out vec3 b[5]) {
  b[0] = box4(t, 1, 1);
  b[1] = box4(t, 0, 0);
  b[2] = box4(t, 2, 0);
  b[3] = box4(t, 0, 2);
  b[4] = box4(t, 2, 2);
}

// Jimenez's 13-tap downsample to half size: the centre box weighted 1/2, the corner boxes 1/8 each.
vec3 downsample13(highp sampler2D source, ivec2 p) {
  vec3 t[36];
  gather36(source, p, t);
  vec3 b[5];
  boxes13(t, b);
  return b[0] * 0.5 + (b[1] + b[2] + b[3] + b[4]) * 0.125;
}
