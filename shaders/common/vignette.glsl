// Shared by the vignette stages: where a texel lies between the centre (0) and the corners (1), and a
// small dither that keeps smooth falloffs from banding once they are rounded to 8 bits.

// `scale` (from vignetteScale in src/engine/stages/vignette.ts) folds the shape (an ellipse following the
// frame, a circle, or between) and the normalisation to the corners into one multiply per axis.
float vignetteRadius(ivec2 p, ivec2 dims, vec2 scale) {
  return length((vec2(p) + 0.5 - 0.5 * vec2(dims)) * scale);
}

// Triangular noise of +-1 level, scaled by `weight`.
float vignetteDither(ivec2 p, float weight) {
  return triangular(pcg(uint(p.x) + pcg(uint(p.y) + 40503u))) * weight / 255.0;
}
