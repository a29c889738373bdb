// Catmull-Rom weights of the 4 taps from floor(x) - 1 for a fraction t (resize's and transform's cubic).
fn cubicWeights(t: f32) -> vec4f {
  let t2 = t * t;
  let t3 = t2 * t;
  return 0.5 * vec4f(-t3 + 2.0 * t2 - t, 3.0 * t3 - 5.0 * t2 + 2.0, -3.0 * t3 + 4.0 * t2 + t, t3 - t2);
}
