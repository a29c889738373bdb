// Catmull-Rom weights of the 4 taps from floor(x) - 1 for a fraction t (resize's and transform's cubic).
vec4 cubicWeights(float t) {
  float t2 = t * t;
  float t3 = t2 * t;
  return 0.5 * vec4(-t3 + 2.0 * t2 - t, 3.0 * t3 - 5.0 * t2 + 2.0, -3.0 * t3 + 4.0 * t2 + t, t3 - t2);
}
