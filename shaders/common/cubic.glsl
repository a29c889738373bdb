// Catmull-Rom weights of the 4 taps from floor(x) - 1 for a fraction t (resize's and transform's cubic).
vec4 cubicWeights(float t) {
  float t2 = t * t;
  float t3 = t2 * t;
  return 0.5 * vec4(-t3 + 2.0 * t2 - t, 3.0 * t3 - 5.0 * t2 + 2.0, -3.0 * t3 + 4.0 * t2 + t, t3 - t2);
}

// One row of the cubic: the 4 texels of row y at columns xs, weighted by wx.
vec4 cubicRow(ivec4 xs, int y, vec4 wx) {
  return wx.x * texelFetch(input0, ivec2(xs.x, y), 0) + wx.y * texelFetch(input0, ivec2(xs.y, y), 0) +
    wx.z * texelFetch(input0, ivec2(xs.z, y), 0) + wx.w * texelFetch(input0, ivec2(xs.w, y), 0);
}

// The Catmull-Rom cubic of input0 (the including shader's) at `centre`, in texel units (texel i's centre at
// i), edges clamped, the result clamped to [0, 1]. Written out tap by tap rather than as loops over the
// weights' components, which a software renderer (SwiftShader) runs far slower.
vec4 cubicAt(vec2 centre, ivec2 inSize) {
  vec2 base = floor(centre);
  vec4 wx = cubicWeights(centre.x - base.x);
  vec4 wy = cubicWeights(centre.y - base.y);
  ivec2 first = ivec2(base) - 1;
  ivec4 xs = clamp(first.x + ivec4(0, 1, 2, 3), 0, inSize.x - 1);
  ivec4 ys = clamp(first.y + ivec4(0, 1, 2, 3), 0, inSize.y - 1);
  vec4 sum = wy.x * cubicRow(xs, ys.x, wx) + wy.y * cubicRow(xs, ys.y, wx) + wy.z * cubicRow(xs, ys.z, wx) +
    wy.w * cubicRow(xs, ys.w, wx);
  return clamp(sum, vec4(0.0), vec4(1.0));
}
