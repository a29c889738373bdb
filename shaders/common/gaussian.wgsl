// The separable gaussian of src/engine/stages/gaussian-pass-plan.ts, shared by blur, smart-blur and sharpen.
// Textures are passed in; uniforms come as arguments, since each stage has its own Params.

// Box filter of the source over the footprint of low-resolution texel `p`: samples x samples bilinear reads
// on a regular grid (each averages 2 x 2 texels when it lands on a texel corner). Texel `p` covers
// full-resolution pixels from (p - margin) * scale + lowOrigin to (p - margin + 1) * scale + lowOrigin; the
// margin texels outside the image read the clamped edge, so the low-resolution blur clamps as a
// full-resolution one would. lowOrigin (<= 0) places a tile's grid on the whole image's; 0 for a whole image.
fn gaussianDown(source: texture_2d<f32>, samp: sampler, p: vec2i, scale: vec2f, margin: f32,
                samples: i32, lowOrigin: vec2f) -> vec4f {
  let size = vec2f(textureDimensions(source));
  let origin = (vec2f(p) - margin) * scale + lowOrigin;
  let step = scale / f32(samples);
  var sum = vec4f(0.0);
  for (var j = 0; j < samples; j++) {
    for (var i = 0; i < samples; i++) {
      let position = origin + (vec2f(f32(i), f32(j)) + 0.5) * step;
      sum += textureSampleLevel(source, samp, position / size, 0.0);
    }
  }
  return sum / f32(samples * samples);
}

// One pair of a 1-D pass: two bilinear reads at +-offset (in uv) from uv, each standing for two
// neighbouring integer taps. Clamp-to-edge sampling equals clamping both taps of a pair. Each stage loops
// over its own taps uniform (blur1D): a uniform array passed by value is copied for every pixel, which
// software renderers pay for dearly.
fn gaussianPair(source: texture_2d<f32>, samp: sampler, uv: vec2f, offset: vec2f) -> vec4f {
  return textureSampleLevel(source, samp, uv + offset, 0.0) + textureSampleLevel(source, samp, uv - offset, 0.0);
}

// Reads the (low-resolution, margined) blurred texture back bilinearly at full-resolution pixel `p`.
// targetSize is the extent the low grid spans (lowSize texels of lowScale pixels), from lowOrigin.
fn gaussianUp(low: texture_2d<f32>, samp: sampler, p: vec2i, targetSize: vec2f, lowSize: vec2f,
              margin: f32, lowOrigin: vec2f) -> vec4f {
  let texel = (vec2f(p) + 0.5 - lowOrigin) / targetSize * lowSize + margin;
  return textureSampleLevel(low, samp, texel / vec2f(textureDimensions(low)), 0.0);
}
