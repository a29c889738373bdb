// CCD smear (src/engine/stages/smear.ts): a clipped point light keeps charging every well shifted past it
// during readout, so its whole column gets a faint stripe. `columns` measures how much of each column is
// clipped, `spread` softens and saturates that across neighbouring columns, `main` screens the stripe on.
#include "/shaders/common/clip.wgsl"

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(4) var outputFloat: texture_storage_2d<rgba16float, write>;

// Width x 1: the share of column x that is clipped, in 0..1. Float, since a point light is a few pixels of
// a column: 8 bits would round 0.5 % of it to a level and a half.
@compute @workgroup_size(8, 8)
fn columns(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(outputFloat))) { return; }
  let x = i32(id.x);
  let height = i32(textureDimensions(input0).y);
  var sum = 0.0;
  for (var y = 0; y < height; y++) {
    sum += clipped(textureLoad(input0, vec2i(x, y), 0).rgb);
  }
  textureStore(outputFloat, vec2i(id.xy), vec4f(sum / f32(height), 0.0, 0.0, 1.0));
}

// Width x 1: the stripe's strength, the clipped share softened by a gaussian across columns (those beyond
// the frame count as unclipped, so an edge column does not double), saturated as 1 - exp(-gain share) and
// faded where much of the column clips, (1 - exp(-gain share)) exp(-share / area).
@compute @workgroup_size(8, 8)
fn spread(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(outputFloat))) { return; }
  let x = i32(id.x);
  let width = i32(textureDimensions(input0).x);
  var sum = 0.0;
  var total = 0.0;
  for (var k = -params.radius; k <= params.radius; k++) {
    let w = exp(-f32(k * k) / (2.0 * params.sigma * params.sigma));
    total += w;
    let q = x + k;
    if (q >= 0 && q < width) {
      sum += w * textureLoad(input0, vec2i(q, 0), 0).r;
    }
  }
  let share = sum / total;
  let strength = (1.0 - exp(-params.gain * share)) * exp(-share / params.area);
  textureStore(outputFloat, vec2i(id.xy), vec4f(strength, 0.0, 0.0, 1.0));
}

// The tinted stripe screened over the full height: in + s (1 - in), exactly the input where s is 0.
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let c = textureLoad(input0, p, 0);
  let s = params.amount * textureLoad(input1, vec2i(p.x, 0), 0).r * params.tint;
  textureStore(output, p, vec4f(c.rgb + s * (1.0 - c.rgb), c.a));
}
