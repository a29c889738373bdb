// Shared by the light stages (bloom, lens reflection). Filters are built from textureLoad: on software
// adapters a sampler call costs over ten texel loads, and exact weights keep both backends and the CPU
// reference in step.

// Quadratic soft threshold on a brightness (the bright pass's weight for a texel that bright): zero below
// threshold - knee, a parabola across the knee, linear above threshold + knee, so that nothing pops on or
// off as a highlight crosses the threshold.
fn softThreshold(brightness: f32, threshold: f32, knee: f32) -> f32 {
  var soft = clamp(brightness - threshold + knee, 0.0, 2.0 * knee);
  soft = soft * soft / (4.0 * knee + 1e-5);
  return max(soft, brightness - threshold);
}

fn loadClamped(source: texture_2d<f32>, p: vec2i) -> vec3f {
  let size = vec2i(textureDimensions(source));
  return textureLoad(source, clamp(p, vec2i(0), size - 1), 0).rgb;
}

// Bilinear filtering with clamp-to-edge at a position in texel units (texel i spans [i, i + 1]).
fn bilinearAt(source: texture_2d<f32>, at: vec2f) -> vec3f {
  let x = at - 0.5;
  let i = vec2i(floor(x));
  let f = x - floor(x);
  let top = mix(loadClamped(source, i), loadClamped(source, i + vec2i(1, 0)), f.x);
  let bottom = mix(loadClamped(source, i + vec2i(0, 1)), loadClamped(source, i + vec2i(1, 1)), f.x);
  return mix(top, bottom, f.y);
}

// The 6x6 texels under Jimenez's 13-tap downsample of destination texel p: source texels 2p - 2 ..
// 2p + 3 on each axis, row by row.
fn gather36(source: texture_2d<f32>, p: vec2i) -> array<vec3f, 36> {
  var t: array<vec3f, 36>;
  for (var y = 0; y < 6; y++) {
    for (var x = 0; x < 6; x++) { t[y * 6 + x] = loadClamped(source, p * 2 + vec2i(x - 2, y - 2)); }
  }
  return t;
}

fn box4(t: ptr<function, array<vec3f, 36>>, x0: i32, y0: i32) -> vec3f {
  var sum = vec3f(0.0);
  for (var y = y0; y < y0 + 4; y++) {
    for (var x = x0; x < x0 + 4; x++) { sum += (*t)[y * 6 + x]; }
  }
  return sum * (1.0 / 16.0);
}

// The 13 taps, each a 2x2 mean on texel corners, make five overlapping 4x4 box means: the centre box and
// the top-left, top-right, bottom-left and bottom-right ones.
fn boxes13(t: ptr<function, array<vec3f, 36>>) -> array<vec3f, 5> {
  return array<vec3f, 5>(box4(t, 1, 1), box4(t, 0, 0), box4(t, 2, 0), box4(t, 0, 2), box4(t, 2, 2));
}

// Jimenez's 13-tap downsample to half size: the centre box weighted 1/2, the corner boxes 1/8 each.
fn downsample13(source: texture_2d<f32>, p: vec2i) -> vec3f {
  var t = gather36(source, p);
  let b = boxes13(&t);
  return b[0] * 0.5 + (b[1] + b[2] + b[3] + b[4]) * 0.125;
}
