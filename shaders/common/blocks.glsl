// Pixelation blocks, shared by pixelate and smart-blur: square blocks of `size` pixels on a grid whose
// first block starts at `start` (<= 0, so that an offset grid has a partial first block).

// The block holding pixel p. p - start >= 0, so integer division rounds down.
ivec2 blockOf(ivec2 p, int size, ivec2 start) {
  return (p - start) / size;
}

// Mean of the source pixels in block b; blocks cut by the image edge average what they cover.
vec4 blockMean(highp sampler2D source, ivec2 b, int size, ivec2 start) {
  ivec2 dims = textureSize(source, 0);
  ivec2 lo = max(start + b * size, ivec2(0));
  ivec2 hi = min(start + (b + 1) * size, dims);
  vec4 sum = vec4(0.0);
  for (int y = lo.y; y < hi.y; y++) {
    for (int x = lo.x; x < hi.x; x++) {
      sum += texelFetch(source, ivec2(x, y), 0);
    }
  }
  ivec2 area = max(hi - lo, ivec2(1));
  return sum / float(area.x * area.y);
}
