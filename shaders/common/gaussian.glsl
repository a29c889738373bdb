// The separable gaussian of src/engine/stages/gaussian-pass-plan.ts, shared by blur, smart-blur and sharpen.
// Textures are passed in; uniforms come as arguments, since each stage has its own Params.

// Box filter of the source over the footprint of low-resolution texel `p`: samples x samples bilinear reads
// on a regular grid (each averages 2 x 2 texels when it lands on a texel corner). Texel `p` covers
// full-resolution pixels from (p - margin) * scale + lowOrigin to (p - margin + 1) * scale + lowOrigin; the
// margin texels outside the image read the clamped edge, so the low-resolution blur clamps as a
// full-resolution one would. lowOrigin (<= 0) places a tile's grid on the whole image's; 0 for a whole image.
vec4 gaussianDown(highp sampler2D source, ivec2 p, vec2 scale, float margin, int samples, vec2 lowOrigin) {
  vec2 size = vec2(textureSize(source, 0));
  vec2 origin = (vec2(p) - margin) * scale + lowOrigin;
  vec2 step = scale / float(samples);
  vec4 sum = vec4(0.0);
  for (int j = 0; j < samples; j++) {
    for (int i = 0; i < samples; i++) {
      vec2 position = origin + (vec2(float(i), float(j)) + 0.5) * step;
      sum += textureLod(source, position / size, 0.0);
    }
  }
  return sum / float(samples * samples);
}

// One pair of a 1-D pass: two bilinear reads at +-offset (in uv) from uv, each standing for two
// neighbouring integer taps. Clamp-to-edge sampling equals clamping both taps of a pair. Each stage loops
// over its own taps uniform (blur1D): a uniform array passed by value is copied for every pixel, which
// software renderers pay for dearly.
vec4 gaussianPair(highp sampler2D source, vec2 uv, vec2 offset) {
  return textureLod(source, uv + offset, 0.0) + textureLod(source, uv - offset, 0.0);
}

// Reads the (low-resolution, margined) blurred texture back bilinearly at full-resolution pixel `p`.
// targetSize is the extent the low grid spans (lowSize texels of lowScale pixels), from lowOrigin.
vec4 gaussianUp(highp sampler2D low, ivec2 p, vec2 targetSize, vec2 lowSize, float margin, vec2 lowOrigin) {
  vec2 texel = (vec2(p) + 0.5 - lowOrigin) / targetSize * lowSize + margin;
  return textureLod(low, texel / vec2(textureSize(low, 0)), 0.0);
}
