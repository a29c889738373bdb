// Purple fringing (src/engine/stages/fringing.ts): the dark side of an edge next to a clipped highlight
// turns purple-blue, as a cheap lens's lateral chromatic aberration and a CCD's blooming draw it. `mask`
// marks the clipped pixels, the shared gaussian spreads the mask by the radius, and `main` mixes towards
// the tint by amount min(1, gain spread) (1 - clip(self)) (1 - luma): on dark pixels beside highlights
// only, never on the clipped pixels themselves, and nowhere in a photo with nothing clipped.

#include "/shaders/common/gaussian-bindings.glsl"
#include "/shaders/common/gaussian-passes.glsl"
#include "/shaders/common/clip.glsl"

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(GAUSSIAN_PASS)
  outColor = gaussianPass(p);
#elif defined(ENTRY_mask)
  float m = clipped(texelFetch(input0, p, 0).rgb);
  outColor = vec4(m, m, m, 1.0);
#else
  // input0: the image; input1: the spread mask (rows, or low resolution).
  vec4 c = texelFetch(input0, p, 0);
  float spread = min(1.0, gain * blurred(input1, p).r);
  float dark = 1.0 - dot(c.rgb, vec3(0.2126, 0.7152, 0.0722));
  float w = amount * spread * (1.0 - clipped(c.rgb)) * dark;
  outColor = vec4(mix(c.rgb, tint, w), c.a);
#endif
}
