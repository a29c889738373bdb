// A camera's VideoFrame, imported as an external texture (no copy of its planes), written into an
// rgba8unorm texture of its size: the browser converts its YUV to RGB as it is read.
@group(0) @binding(0) var frame: texture_external;
@group(0) @binding(1) var output: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let size = textureDimensions(output);
  if (id.x >= size.x || id.y >= size.y) {
    return;
  }
  textureStore(output, id.xy, vec4f(textureLoad(frame, id.xy).rgb, 1.0));
}
