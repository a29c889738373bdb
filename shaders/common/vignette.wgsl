// Shared by the vignette stages: where a texel lies between the centre (0) and the corners (1), and a
// small dither that keeps smooth falloffs from banding once they are rounded to 8 bits.

// `scale` (from vignetteScale in src/engine/stages/vignette.ts) folds the shape (an ellipse following the
// frame, a circle, or between) and the normalisation to the corners into one multiply per axis.
fn vignetteRadius(p: vec2i, dims: vec2i, scale: vec2f) -> f32 {
  return length((vec2f(p) + 0.5 - 0.5 * vec2f(dims)) * scale);
}

// Triangular noise of +-1 level, scaled by `weight`.
fn vignetteDither(p: vec2i, weight: f32) -> f32 {
  return triangular(pcg(bitcast<u32>(p.x) + pcg(bitcast<u32>(p.y) + 40503u))) * weight / 255.0;
}
