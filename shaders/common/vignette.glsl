// Shared by the vignette stages: where a texel lies between the centre (0) and the corners (1), and a
// small dither that keeps smooth falloffs from banding once they are rounded to 8 bits.

// `roundness` 0 follows the frame (an ellipse through the edge midpoints); 1 is a circle. Both are
// normalised so that the corners sit at 1, whatever the aspect ratio.
float vignetteRadius(ivec2 p, ivec2 dims, float roundness) {
  vec2 size = vec2(dims);
  vec2 d = vec2(p) + 0.5 - 0.5 * size;
  vec2 axes = vec2(pow(size.x / size.y, 1.0 - roundness), 1.0);
  vec2 corner = 0.5 * size / axes;
  return length(d / axes) / length(corner);
}

// Triangular noise of +-1 level (two hashes), scaled by `weight`.
float vignetteDither(ivec2 p, float weight) {
  float n = hash2(p.x, p.y, 40503u) + hash2(p.x, p.y, 40504u) - 1.0;
  return n * weight / 255.0;
}
