// Shared by the light stages (bloom, lens reflection).

// Quadratic soft threshold on the brightest channel (the bright pass's weight for a texel of this
// brightness): zero below threshold - knee, a parabola across the knee, linear above threshold + knee, so
// that nothing pops on or off as a highlight crosses the threshold.
fn softThreshold(brightness: f32, threshold: f32, knee: f32) -> f32 {
  var soft = clamp(brightness - threshold + knee, 0.0, 2.0 * knee);
  soft = soft * soft / (4.0 * knee + 1e-5);
  return max(soft, brightness - threshold);
}

// A bilinear tap at a position in the texture's texel units (continuous: texel i spans [i, i + 1]).
fn tapAt(source: texture_2d<f32>, bilinear: sampler, at: vec2f) -> vec3f {
  return textureSampleLevel(source, bilinear, at / vec2f(textureDimensions(source)), 0.0).rgb;
}

// Jimenez's 13-tap downsample to half size: five overlapping 2x2 box averages around the centre of texel
// p's 2x2 source block, the centre box weighted 1/2 and the four corner boxes 1/8. Every tap lands on a
// texel corner, so its bilinear weights are exact everywhere.
fn downsample13(source: texture_2d<f32>, bilinear: sampler, p: vec2i) -> vec3f {
  let c = vec2f(p) * 2.0 + 1.0;
  let centre = tapAt(source, bilinear, c);
  let inner = tapAt(source, bilinear, c + vec2f(-1.0, -1.0)) + tapAt(source, bilinear, c + vec2f(1.0, -1.0)) +
    tapAt(source, bilinear, c + vec2f(-1.0, 1.0)) + tapAt(source, bilinear, c + vec2f(1.0, 1.0));
  let corners = tapAt(source, bilinear, c + vec2f(-2.0, -2.0)) + tapAt(source, bilinear, c + vec2f(2.0, -2.0)) +
    tapAt(source, bilinear, c + vec2f(-2.0, 2.0)) + tapAt(source, bilinear, c + vec2f(2.0, 2.0));
  let edges = tapAt(source, bilinear, c + vec2f(0.0, -2.0)) + tapAt(source, bilinear, c + vec2f(-2.0, 0.0)) +
    tapAt(source, bilinear, c + vec2f(2.0, 0.0)) + tapAt(source, bilinear, c + vec2f(0.0, 2.0));
  // Corner boxes: each holds one corner tap, two edge taps and the centre; summed, 1 + 2 + 1 + 4 / 16.
  return inner * 0.125 + (corners + edges * 2.0 + centre * 4.0) * (0.125 * 0.25);
}
