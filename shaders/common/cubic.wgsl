// Catmull-Rom weights of the 4 taps from floor(x) - 1 for a fraction t (resize's and transform's cubic).
fn cubicWeights(t: f32) -> vec4f {
  let t2 = t * t;
  let t3 = t2 * t;
  return 0.5 * vec4f(-t3 + 2.0 * t2 - t, 3.0 * t3 - 5.0 * t2 + 2.0, -3.0 * t3 + 4.0 * t2 + t, t3 - t2);
}

// One row of the cubic: the 4 texels of row y at columns xs, weighted by wx.
fn cubicRow(xs: vec4i, y: i32, wx: vec4f) -> vec4f {
  return wx.x * textureLoad(input0, vec2i(xs.x, y), 0) + wx.y * textureLoad(input0, vec2i(xs.y, y), 0) +
    wx.z * textureLoad(input0, vec2i(xs.z, y), 0) + wx.w * textureLoad(input0, vec2i(xs.w, y), 0);
}

// The Catmull-Rom cubic of input0 (the including shader's) at `centre`, in texel units (texel i's centre at
// i), edges clamped, the result clamped to [0, 1]. Written out tap by tap rather than as loops over the
// weights' components, which a software renderer (SwiftShader) runs far slower.
fn cubicAt(centre: vec2f, inSize: vec2i) -> vec4f {
  let base = floor(centre);
  let wx = cubicWeights(centre.x - base.x);
  let wy = cubicWeights(centre.y - base.y);
  let first = vec2i(base) - 1;
  let xs = clamp(vec4i(first.x) + vec4i(0, 1, 2, 3), vec4i(0), vec4i(inSize.x - 1));
  let ys = clamp(vec4i(first.y) + vec4i(0, 1, 2, 3), vec4i(0), vec4i(inSize.y - 1));
  let sum = wy.x * cubicRow(xs, ys.x, wx) + wy.y * cubicRow(xs, ys.y, wx) + wy.z * cubicRow(xs, ys.z, wx) +
    wy.w * cubicRow(xs, ys.w, wx);
  return clamp(sum, vec4f(0.0), vec4f(1.0));
}
