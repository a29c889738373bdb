// Shared by the light stages (bloom, lens reflection). Positions are in texel units of the texture read
// (continuous: texel i spans [i, i + 1]). Bilinear taps are cheap even on software adapters (about one
// texel load each), so filters are built from as few of them as their weights allow.

// Quadratic soft threshold on a brightness (the bright pass's weight for a texel that bright): zero below
// threshold - knee, a parabola across the knee, linear above threshold + knee, so that nothing pops on or
// off as a highlight crosses the threshold.
float softThreshold(float brightness, float threshold, float knee) {
  float soft = clamp(brightness - threshold + knee, 0.0, 2.0 * knee);
  soft = soft * soft / (4.0 * knee + 1e-5);
  return max(soft, brightness - threshold);
}

// One bilinear tap, clamped to the edge.
vec3 tapAt(highp sampler2D source, vec2 at) {
  return textureLod(source, at / vec2(textureSize(source, 0)), 0.0).rgb;
}

// The composite pass's colour at p: the image with the light added, read bilinearly from a texture made
// at `scale` of the image's size (it is smooth there), clamped, the image's alpha kept.
vec4 addLight(highp sampler2D image, highp sampler2D light, ivec2 p, float scale) {
  vec4 color = texelFetch(image, p, 0);
  vec3 added = tapAt(light, (vec2(p) + 0.5) * scale);
  return vec4(clamp(color.rgb + added, vec3(0.0), vec3(1.0)), color.a);
}

// Jimenez's 13 taps around the centre of destination texel p's 2x2 source block, as the five overlapping
// 4x4 box means they make: the centre box, then top-left, top-right, bottom-left and bottom-right.
void boxes13(highp sampler2D source, ivec2 p, out vec3 b[5]) {
  vec2 c = vec2(p) * 2.0 + 1.0;
  vec3 centre = tapAt(source, c);
  vec3 n = tapAt(source, c + vec2(0.0, -2.0));
  vec3 w = tapAt(source, c + vec2(-2.0, 0.0));
  vec3 e = tapAt(source, c + vec2(2.0, 0.0));
  vec3 s = tapAt(source, c + vec2(0.0, 2.0));
  vec3 inner = tapAt(source, c + vec2(-1.0, -1.0)) + tapAt(source, c + vec2(1.0, -1.0)) +
    tapAt(source, c + vec2(-1.0, 1.0)) + tapAt(source, c + vec2(1.0, 1.0));
  b[0] = inner * 0.25;
  b[1] = (tapAt(source, c + vec2(-2.0, -2.0)) + n + w + centre) * 0.25;
  b[2] = (n + tapAt(source, c + vec2(2.0, -2.0)) + centre + e) * 0.25;
  b[3] = (w + centre + tapAt(source, c + vec2(-2.0, 2.0)) + s) * 0.25;
  b[4] = (centre + e + s + tapAt(source, c + vec2(2.0, 2.0))) * 0.25;
}

// Jimenez's 13-tap downsample to half size: the centre box weighted 1/2, the corner boxes 1/8 each.
vec3 downsample13(highp sampler2D source, ivec2 p) {
  vec3 b[5];
  boxes13(source, p, b);
  return b[0] * 0.5 + (b[1] + b[2] + b[3] + b[4]) * 0.125;
}

// The 3x3 tent (radius one texel) over a half-size level, at texel p of the full-size one. Its weights
// on the 4x4 coarse texels from (p - 3) / 2 are (1, 5, 7, 3) / 16 per axis where p is even, mirrored where
// odd; each pair of neighbours is one bilinear tap, so four taps make the nine.
vec3 tentUp(highp sampler2D source, ivec2 p) {
  vec2 start = vec2((p - 3) >> 1) + 0.5;
  vec2 odd = vec2(p & 1);
  vec2 a = start + mix(vec2(5.0 / 6.0), vec2(0.7), odd);
  vec2 b = start + 2.0 + mix(vec2(0.3), vec2(1.0 / 6.0), odd);
  vec2 wa = mix(vec2(6.0 / 16.0), vec2(10.0 / 16.0), odd);
  vec2 wb = 1.0 - wa;
  return (tapAt(source, a) * wa.x + tapAt(source, vec2(b.x, a.y)) * wb.x) * wa.y +
    (tapAt(source, vec2(a.x, b.y)) * wa.x + tapAt(source, b) * wb.x) * wb.y;
}
