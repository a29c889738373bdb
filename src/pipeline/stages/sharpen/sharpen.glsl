// Unsharp mask (src/engine/stages/sharpen.ts): out = in + strength * (in - gaussian(in)), clamped.
// Full resolution: blurH, then main blurs the columns and combines. Wide radius: down, blurH, blurV at low
// resolution, then main reads it back bilinearly and combines.

#include "/shaders/common/gaussian-bindings.glsl"
#include "/shaders/common/gaussian-passes.glsl"

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(GAUSSIAN_PASS)
  outColor = gaussianPass(p);
#else
  // input0: the image; input1: the blur (rows, or low resolution).
  vec4 source = texelFetch(input0, p, 0);
  vec3 rgb = source.rgb + strength * (source.rgb - blurred(input1, p).rgb);
  outColor = vec4(clamp(rgb, vec3(0.0), vec3(1.0)), source.a);
#endif
}
