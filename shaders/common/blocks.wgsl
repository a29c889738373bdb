// Pixelation blocks, shared by pixelate and smart-blur: square blocks of `size` pixels on a grid whose
// first block starts at `start` (<= 0, so that an offset grid has a partial first block).

// The block holding pixel p. p - start >= 0, so integer division rounds down.
fn blockOf(p: vec2i, size: i32, start: vec2i) -> vec2i {
  return (p - start) / size;
}

// Mean of the source pixels in block b; blocks cut by the image edge average what they cover.
fn blockMean(source: texture_2d<f32>, b: vec2i, size: i32, start: vec2i) -> vec4f {
  let dims = vec2i(textureDimensions(source));
  let lo = max(start + b * size, vec2i(0));
  let hi = min(start + (b + 1) * size, dims);
  var sum = vec4f(0.0);
  for (var y = lo.y; y < hi.y; y++) {
    for (var x = lo.x; x < hi.x; x++) {
      sum += textureLoad(source, vec2i(x, y), 0);
    }
  }
  let area = max(hi - lo, vec2i(1));
  return sum / f32(area.x * area.y);
}
