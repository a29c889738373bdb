// Shared by the light stages (bloom, lens reflection). Positions are in texel units of the texture read
// (continuous: texel i spans [i, i + 1]). Bilinear taps are cheap even on software adapters (about one
// texel load each), so filters are built from as few of them as their weights allow.

// Quadratic soft threshold on a brightness (the bright pass's weight for a texel that bright): zero below
// threshold - knee, a parabola across the knee, linear above threshold + knee, so that nothing pops on or
// off as a highlight crosses the threshold.
fn softThreshold(brightness: f32, threshold: f32, knee: f32) -> f32 {
  var soft = clamp(brightness - threshold + knee, 0.0, 2.0 * knee);
  soft = soft * soft / (4.0 * knee + 1e-5);
  return max(soft, brightness - threshold);
}

// One bilinear tap, clamped to the edge.
fn tapAt(source: texture_2d<f32>, bilinear: sampler, at: vec2f) -> vec3f {
  return textureSampleLevel(source, bilinear, at / vec2f(textureDimensions(source)), 0.0).rgb;
}

// The composite pass's colour at p: the image with the light added, read bilinearly from a texture made
// at `scale` of the image's size (it is smooth there), clamped, the image's alpha kept. The stage's main
// stores it, so that per-pixel stages after it can be fused into the store.
fn addLight(image: texture_2d<f32>, light: texture_2d<f32>, bilinear: sampler, p: vec2i, scale: f32) -> vec4f {
  let color = textureLoad(image, p, 0);
  let added = tapAt(light, bilinear, (vec2f(p) + 0.5) * scale);
  return vec4f(clamp(color.rgb + added, vec3f(0.0), vec3f(1.0)), color.a);
}

// Jimenez's 13 taps around the centre of destination texel p's 2x2 source block, as the five overlapping
// 4x4 box means they make: the centre box, then top-left, top-right, bottom-left and bottom-right.
fn boxes13(source: texture_2d<f32>, bilinear: sampler, p: vec2i) -> array<vec3f, 5> {
  let c = vec2f(p) * 2.0 + 1.0;
  let centre = tapAt(source, bilinear, c);
  let n = tapAt(source, bilinear, c + vec2f(0.0, -2.0));
  let w = tapAt(source, bilinear, c + vec2f(-2.0, 0.0));
  let e = tapAt(source, bilinear, c + vec2f(2.0, 0.0));
  let s = tapAt(source, bilinear, c + vec2f(0.0, 2.0));
  let inner = tapAt(source, bilinear, c + vec2f(-1.0, -1.0)) + tapAt(source, bilinear, c + vec2f(1.0, -1.0)) +
    tapAt(source, bilinear, c + vec2f(-1.0, 1.0)) + tapAt(source, bilinear, c + vec2f(1.0, 1.0));
  return array<vec3f, 5>(
    inner * 0.25,
    (tapAt(source, bilinear, c + vec2f(-2.0, -2.0)) + n + w + centre) * 0.25,
    (n + tapAt(source, bilinear, c + vec2f(2.0, -2.0)) + centre + e) * 0.25,
    (w + centre + tapAt(source, bilinear, c + vec2f(-2.0, 2.0)) + s) * 0.25,
    (centre + e + s + tapAt(source, bilinear, c + vec2f(2.0, 2.0))) * 0.25,
  );
}

// Jimenez's 13-tap downsample to half size: the centre box weighted 1/2, the corner boxes 1/8 each.
fn downsample13(source: texture_2d<f32>, bilinear: sampler, p: vec2i) -> vec3f {
  let b = boxes13(source, bilinear, p);
  return b[0] * 0.5 + (b[1] + b[2] + b[3] + b[4]) * 0.125;
}

// The 3x3 tent (radius one texel) over a half-size level, at texel p of the full-size one. Its weights
// on the 4x4 coarse texels from (p - 3) / 2 are (1, 5, 7, 3) / 16 per axis where p is even, mirrored where
// odd; each pair of neighbours is one bilinear tap, so four taps make the nine.
fn tentUp(source: texture_2d<f32>, bilinear: sampler, p: vec2i) -> vec3f {
  let start = vec2f((p - 3) >> vec2u(1u)) + 0.5;
  let odd = vec2f(p & vec2i(1));
  let a = start + mix(vec2f(5.0 / 6.0), vec2f(0.7), odd);
  let b = start + 2.0 + mix(vec2f(0.3), vec2f(1.0 / 6.0), odd);
  let wa = mix(vec2f(6.0 / 16.0), vec2f(10.0 / 16.0), odd);
  let wb = 1.0 - wa;
  return (tapAt(source, bilinear, a) * wa.x + tapAt(source, bilinear, vec2f(b.x, a.y)) * wb.x) * wa.y +
    (tapAt(source, bilinear, vec2f(a.x, b.y)) * wa.x + tapAt(source, bilinear, b) * wb.x) * wb.y;
}
