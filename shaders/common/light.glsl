// Shared by the light stages (bloom, lens reflection).

// Quadratic soft threshold on the brightest channel (the bright pass's weight for a texel of this
// brightness): zero below threshold - knee, a parabola across the knee, linear above threshold + knee, so
// that nothing pops on or off as a highlight crosses the threshold.
float softThreshold(float brightness, float threshold, float knee) {
  float soft = clamp(brightness - threshold + knee, 0.0, 2.0 * knee);
  soft = soft * soft / (4.0 * knee + 1e-5);
  return max(soft, brightness - threshold);
}

// A bilinear tap at a position in the texture's texel units (continuous: texel i spans [i, i + 1]).
vec3 tapAt(highp sampler2D source, vec2 at) {
  return textureLod(source, at / vec2(textureSize(source, 0)), 0.0).rgb;
}

// Jimenez's 13-tap downsample to half size: five overlapping 2x2 box averages around the centre of texel
// p's 2x2 source block, the centre box weighted 1/2 and the four corner boxes 1/8. Every tap lands on a
// texel corner, so its bilinear weights are exact everywhere.
vec3 downsample13(highp sampler2D source, ivec2 p) {
  vec2 c = vec2(p) * 2.0 + 1.0;
  vec3 centre = tapAt(source, c);
  vec3 inner = tapAt(source, c + vec2(-1.0, -1.0)) + tapAt(source, c + vec2(1.0, -1.0)) +
    tapAt(source, c + vec2(-1.0, 1.0)) + tapAt(source, c + vec2(1.0, 1.0));
  vec3 corners = tapAt(source, c + vec2(-2.0, -2.0)) + tapAt(source, c + vec2(2.0, -2.0)) +
    tapAt(source, c + vec2(-2.0, 2.0)) + tapAt(source, c + vec2(2.0, 2.0));
  vec3 edges = tapAt(source, c + vec2(0.0, -2.0)) + tapAt(source, c + vec2(-2.0, 0.0)) +
    tapAt(source, c + vec2(2.0, 0.0)) + tapAt(source, c + vec2(0.0, 2.0));
  // Corner boxes: each holds one corner tap, two edge taps and the centre; summed, 1 + 2 + 1 + 4 / 16.
  return inner * 0.125 + (corners + edges * 2.0 + centre * 4.0) * (0.125 * 0.25);
}
