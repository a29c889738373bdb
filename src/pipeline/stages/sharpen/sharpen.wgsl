// Unsharp mask (src/engine/stages/sharpen.ts): out = in + strength * (in - gaussian(in)), clamped.
// Full resolution: blurH, then main blurs the columns and combines. Wide radius: down, blurH, blurV at low
// resolution, then main reads it back bilinearly and combines.
#include "/shaders/common/gaussian-bindings.wgsl"
#include "/shaders/common/gaussian-passes.wgsl"

// input0: the image; input1: the blur (rows, or low resolution).
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let source = textureLoad(input0, p, 0);
  let rgb = source.rgb + params.strength * (source.rgb - blurred(input1, p).rgb);
  textureStore(output, p, vec4f(clamp(rgb, vec3f(0.0), vec3f(1.0)), source.a));
}
