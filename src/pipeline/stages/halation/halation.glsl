// Halation (src/engine/stages/halation.ts): light reflected off the film base comes back into the red
// layer from behind, so highlights get a red-orange rim outside them rather than a white bloom. `mask` is
// the bright pass b = smoothstep(threshold, 1, max channel), the shared gaussian spreads it by the radius,
// and `main` screens the tint on by h = min(1, amount gain spread (1 - b(self))), mostly outside the
// highlight: out = in + h tint (1 - in), exactly the input where nothing bright is near.

#include "/shaders/common/gaussian-bindings.glsl"
#include "/shaders/common/gaussian-passes.glsl"

float brightness(vec3 c) {
  return smoothstep(threshold, 1.0, max(c.r, max(c.g, c.b)));
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(GAUSSIAN_PASS)
  outColor = gaussianPass(p);
#elif defined(ENTRY_mask)
  float b = brightness(texelFetch(input0, p, 0).rgb);
  outColor = vec4(b, b, b, 1.0);
#else
  // input0: the image; input1: the spread bright pass (rows, or low resolution).
  vec4 c = texelFetch(input0, p, 0);
  float glow = blurred(input1, p).r * (1.0 - brightness(c.rgb));
  vec3 h = min(1.0, amount * gain * glow) * tint;
  outColor = vec4(c.rgb + h * (1.0 - c.rgb), c.a);
#endif
}
