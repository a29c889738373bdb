// How blown a highlight is, shared by smear and fringing: 0 below 0.94 in every channel, so that a photo
// with no clipped highlight is left exactly as it is, rising smoothly to 1 at 0.99 in its brightest channel
// (an 8-bit sensor's clipped white rarely reads a flat 1.0 once demosaicked and compressed).
fn clipped(c: vec3f) -> f32 {
  return smoothstep(0.94, 0.99, max(c.r, max(c.g, c.b)));
}
