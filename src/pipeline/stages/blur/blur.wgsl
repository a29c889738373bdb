// Gaussian blur (src/engine/stages/blur.ts). Full resolution: blurH, then main blurs the columns.
// Wide or downsampled: down, blurH, blurV at low resolution, then main reads it back bilinearly.
#include "/shaders/common/gaussian-passes.wgsl"

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var linearSampler: sampler;
@group(0) @binding(3) var output: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p, blurred(input0, p));
}
