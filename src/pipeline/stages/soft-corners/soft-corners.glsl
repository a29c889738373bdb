// Soft corners (src/engine/stages/soft-corners.ts): a fixed-focus lens, sharp in the middle and soft towards
// the corners. out = mix(in, gaussian(in), amount * smoothstep(start, start + ramp, r)), r the vignette
// radius in the whole image (0 centre, 1 corners). Full resolution: blurH, then main blurs the columns
// and mixes. Wide radius: down, blurH, blurV at low resolution, then main reads it back bilinearly.

#include "/shaders/common/gaussian-bindings.glsl"
#include "/shaders/common/pcg.glsl"
#include "/shaders/common/vignette.glsl"
#include "/shaders/common/gaussian-passes.glsl"

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(GAUSSIAN_PASS)
  outColor = gaussianPass(p);
#else
  // input0: the image; input1: the blur (rows, or low resolution).
  vec4 source = texelFetch(input0, p, 0);
  float r = vignetteRadius(p + origin, fullSize, scale);
  float k = amount * smoothstep(start, start + ramp, r);
  vec3 rgb = mix(source.rgb, blurred(input1, p).rgb, k);
  outColor = vec4(clamp(rgb, vec3(0.0), vec3(1.0)), source.a);
#endif
}
