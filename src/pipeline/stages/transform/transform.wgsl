// Crop, quarter turns, flips and straightening (stages/transform.ts): each output pixel reads the input
// where an affine map sends its centre. One sample a side: the Catmull-Rom cubic of the 4 x 4 input
// pixels around that point. More (a reduction): the mean of n x n bilinear samples over the pixel's
// footprint. Positions past the edge read the edge pixels.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var output: texture_storage_2d<rgba8unorm, write>;

fn texel(p: vec2i, inSize: vec2i) -> vec4f {
  return textureLoad(input0, clamp(p, vec2i(0), inSize - 1), 0);
}

// Where an output position (pixel centres at i + 0.5) reads the input.
fn mapped(p: vec2f) -> vec2f {
  return vec2f(dot(params.rowX, vec3f(p, 1.0)), dot(params.rowY, vec3f(p, 1.0)));
}

#include "/shaders/common/cubic.wgsl"

fn cubic(at: vec2f, inSize: vec2i) -> vec4f {
  return cubicAt(at - 0.5, inSize);
}

fn bilinear(at: vec2f, inSize: vec2i) -> vec4f {
  let centre = at - 0.5;
  let base = floor(centre);
  let t = centre - base;
  let p = vec2i(base);
  let top = mix(texel(p, inSize), texel(p + vec2i(1, 0), inSize), t.x);
  let bottom = mix(texel(p + vec2i(0, 1), inSize), texel(p + vec2i(1, 1), inSize), t.x);
  return mix(top, bottom, t.y);
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let p = vec2i(id.xy);
  if (p.x >= params.size.x || p.y >= params.size.y) { return; }
  let inSize = vec2i(textureDimensions(input0));
  let n = params.samples;
  if (n <= 1) {
    textureStore(output, p, cubic(mapped(vec2f(p) + 0.5), inSize));
    return;
  }
  var sum = vec4f(0.0);
  for (var j = 0; j < n; j++) {
    for (var i = 0; i < n; i++) {
      sum += bilinear(mapped(vec2f(p) + (vec2f(f32(i), f32(j)) + 0.5) / f32(n)), inSize);
    }
  }
  textureStore(output, p, sum / f32(n * n));
}
