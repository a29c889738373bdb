// Soft corners (src/engine/stages/soft-corners.ts): a fixed-focus lens, sharp in the middle and soft towards
// the corners. out = mix(in, gaussian(in), amount * smoothstep(start, start + ramp, r)), r the vignette
// radius in the whole image (0 centre, 1 corners). Full resolution: blurH, then main blurs the columns
// and mixes. Wide radius: down, blurH, blurV at low resolution, then main reads it back bilinearly.
#include "/shaders/common/gaussian-bindings.wgsl"
#include "/shaders/common/gaussian-passes.wgsl"
#include "/shaders/common/pcg.wgsl"
#include "/shaders/common/vignette.wgsl"

// input0: the image; input1: the blur (rows, or low resolution).
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (any(id.xy >= textureDimensions(output))) { return; }
  let p = vec2i(id.xy);
  let source = textureLoad(input0, p, 0);
  let r = vignetteRadius(p + params.origin, params.fullSize, params.scale);
  let k = params.amount * smoothstep(params.start, params.start + params.ramp, r);
  let rgb = mix(source.rgb, blurred(input1, p).rgb, k);
  textureStore(output, p, vec4f(clamp(rgb, vec3f(0.0), vec3f(1.0)), source.a));
}
