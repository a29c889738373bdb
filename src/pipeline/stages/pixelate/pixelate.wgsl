// Pixelate (src/engine/stages/pixelate.ts): `means` writes one texel per block, `main` spreads it out.
#include "/shaders/common/blocks.wgsl"

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var output: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn means(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let b = vec2i(id.xy);
  textureStore(output, b, blockMean(input0, b, params.blockSize, params.blockStart));
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p, textureLoad(input0, blockOf(p, params.blockSize, params.blockStart), 0));
}
