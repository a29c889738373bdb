#version 300 es
// Bloom: light from the bright parts of the image spreads into its surroundings, as in a lens with
// veiling glare or a sensor whose wells overflow. After Jimenez (Next Generation Post Processing in Call
// of Duty: Advanced Warfare, SIGGRAPH 2014): a soft-kneed bright pass, a chain of half-size 13-tap
// downsamples, 3x3 tent upsamples summed back up the chain, and the sum added to the image.
precision highp float;
precision highp int;

#include "../common/light.glsl"

layout(std140) uniform Params {
  vec3 tint;
  float threshold;
  float knee;
  float brightScale;
  float amount;
  float upWeight;
  float normalise;
};

uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

#if defined(ENTRY_prefilter)
// The bright pass on the brightest channel, scaled so that white gives 1: an 8-bit photo has clipped its
// highlights, and the glow should not fade as the threshold rises.
vec3 brightPass(vec3 c) {
  float brightness = max(c.r, max(c.g, c.b));
  float weight = softThreshold(brightness, threshold, knee) / max(brightness, 1e-5);
  return c * (weight * brightScale);
}

// First step: the 13-tap downsample of the bright pass, with each of its five boxes weighted by
// 1 / (1 + luma) (Karis) so that lone bright texels cannot flicker into large blobs at coarse levels.
void main() {
  vec3 t[36];
  gather36(input0, ivec2(gl_FragCoord.xy), t);
  for (int i = 0; i < 36; i++) t[i] = brightPass(t[i]);
  vec3 b[5];
  boxes13(t, b);
  vec3 sum = vec3(0.0);
  float weights = 0.0;
  for (int i = 0; i < 5; i++) {
    float w = (i == 0 ? 0.5 : 0.125) / (1.0 + dot(b[i], vec3(0.2126, 0.7152, 0.0722)));
    sum += b[i] * w;
    weights += w;
  }
  outColor = vec4(sum / weights, 1.0);
}
#elif defined(ENTRY_down)
void main() {
  outColor = vec4(downsample13(input0, ivec2(gl_FragCoord.xy)), 1.0);
}
#elif defined(ENTRY_up)
// The 3x3 tent (radius one coarse texel) over the next coarser level, at fine texel p, as its 4x4 texel
// weights: (1, 5, 7, 3) / 16 along an axis where p is even, mirrored where it is odd.
vec3 tentUp(ivec2 p) {
  ivec2 start = (p - 3) >> 1;
  vec4 even = vec4(1.0, 5.0, 7.0, 3.0) / 16.0;
  vec4 wx = (p.x & 1) == 1 ? even.wzyx : even;
  vec4 wy = (p.y & 1) == 1 ? even.wzyx : even;
  vec3 sum = vec3(0.0);
  for (int y = 0; y < 4; y++) {
    vec3 row = vec3(0.0);
    for (int x = 0; x < 4; x++) row += loadClamped(input1, start + ivec2(x, y)) * wx[x];
    sum += row * wy[y];
  }
  return sum;
}

// This level plus the (weighted) upsampled sum of every coarser one.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  outColor = vec4(texelFetch(input0, p, 0).rgb + tentUp(p) * upWeight, 1.0);
}
#else
// Adds the tinted glow, bilinearly upsampled from half size (it is smooth there already), to the image.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 color = texelFetch(input0, p, 0);
  vec3 glow = bilinearAt(input1, (vec2(p) + 0.5) * 0.5) * (normalise * amount) * tint;
  outColor = vec4(clamp(color.rgb + glow, vec3(0.0), vec3(1.0)), color.a);
}
#endif
