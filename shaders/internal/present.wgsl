// Draws an engine texture to the canvas (a render pass, since canvas textures are not storage-capable
// everywhere).
@group(0) @binding(0) var input0: texture_2d<f32>;

@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4f {
  let corner = vec2f(f32((index << 1u) & 2u), f32(index & 2u));
  return vec4f(corner * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fs(@builtin(position) position: vec4f) -> @location(0) vec4f {
  return vec4f(textureLoad(input0, vec2i(position.xy), 0).rgb, 1.0);
}
