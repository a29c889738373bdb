// Vibrance (GPUImage form): pushes each pixel away from (or towards) its brightest channel, in
// proportion to how far that channel already stands above the average, so muted colours move most.
struct Params {
  vibrance: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var output: texture_storage_2d<rgba8unorm, write>;

fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  let average = (color.r + color.g + color.b) / 3.0;
  let mx = max(color.r, max(color.g, color.b));
  let amount = (mx - average) * (-3.0 * params.vibrance);
  let rgb = clamp(mix(color.rgb, vec3f(mx), amount), vec3f(0.0), vec3f(1.0));
  return vec4f(rgb, color.a);
}

// A per-pixel stage (src/engine/stages/types.ts): main applies `pixel`, which a fused pass calls instead.
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(output));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  textureStore(output, p, pixel(textureLoad(input0, p, 0), p, dims));
}
