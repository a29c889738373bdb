// Identity pass: one read and one write per texel. The benchmark's floor, a plain copy for the engine,
// and the pass per-pixel stages run on where no other pass can take them (src/engine/epilogue-fusion.ts).
@group(0) @binding(0) var input0: texture_2d<f32>;
@group(0) @binding(1) var output: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let size = textureDimensions(output);
  if (id.x >= size.x || id.y >= size.y) { return; }
  let p = vec2i(id.xy);
  textureStore(output, p, textureLoad(input0, p, 0));
}
