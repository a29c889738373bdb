// Bloom: light from the bright parts of the image spreads into its surroundings, as in a lens with
// veiling glare or a sensor whose wells overflow. After Jimenez (Next Generation Post Processing in Call
// of Duty: Advanced Warfare, SIGGRAPH 2014): a soft-kneed bright pass, a chain of half-size 13-tap
// downsamples (the first Karis-weighted), 3x3 tent upsamples summed back up the chain, and the sum added
// to the image.

#include "/shaders/common/light.glsl"

uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

#if defined(ENTRY_bright)
// Half size: the bright pass of each 2x2 block's mean (one tap on its centre), on the brightest channel
// and scaled so that white gives 1 (an 8-bit photo has clipped its highlights; the glow should not fade
// as the threshold rises). It stays within 0..1, so 8 bits hold it, and they filter cheaply.
void main() {
  vec3 c = tapAt(input0, vec2(ivec2(gl_FragCoord.xy)) * 2.0 + 1.0);
  float brightness = max(c.r, max(c.g, c.b));
  float weight = softThreshold(brightness, threshold, knee) / max(brightness, 1e-5);
  outColor = vec4(c * (weight * brightScale), 1.0);
}
#elif defined(ENTRY_prefilter)
float karisWeight(vec3 c) {
  return 1.0 / (1.0 + dot(c, vec3(0.2126, 0.7152, 0.0722)));
}

// First level of the chain (a quarter of the image): the 13-tap downsample with each box also weighted
// by 1 / (1 + luma) (Karis), so that lone bright texels cannot flicker into large blobs further down.
void main() {
  vec3 b[5];
  boxes13(input0, ivec2(gl_FragCoord.xy), b);
  float w0 = 0.5 * karisWeight(b[0]);
  float w1 = 0.125 * karisWeight(b[1]);
  float w2 = 0.125 * karisWeight(b[2]);
  float w3 = 0.125 * karisWeight(b[3]);
  float w4 = 0.125 * karisWeight(b[4]);
  vec3 sum = b[0] * w0 + b[1] * w1 + b[2] * w2 + b[3] * w3 + b[4] * w4;
  outColor = vec4(sum / (w0 + w1 + w2 + w3 + w4), 1.0);
}
#elif defined(ENTRY_down)
void main() {
  outColor = vec4(downsample13(input0, ivec2(gl_FragCoord.xy)), 1.0);
}
#elif defined(ENTRY_up)
// This level plus the (weighted) tent-upsampled sum of every coarser one.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  outColor = vec4(texelFetch(input0, p, 0).rgb + tentUp(input1, p) * upWeight, 1.0);
}
#elif defined(ENTRY_finish)
// The last step up (level 1, a quarter of the size) also scales and tints the sum into the glow to add,
// in 8 bits: what it adds beyond 1 would clip anyway, and the full-size pass filters 8 bits cheaply.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec3 sum = texelFetch(input0, p, 0).rgb + tentUp(input1, p) * upWeight;
  outColor = vec4(sum * (normalise * amount) * tint, 1.0);
}
#else
// Adds the glow, bilinearly upsampled from a quarter of the size (it is smooth there), to the image.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  outColor = addLight(input0, input1, p, 0.25);
}
#endif
