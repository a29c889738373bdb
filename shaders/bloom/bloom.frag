#version 300 es
// Bloom: light from the bright parts of the image spreads into its surroundings, as in a lens with
// veiling glare or a sensor whose wells overflow. After Jimenez (Next Generation Post Processing in Call
// of Duty: Advanced Warfare, SIGGRAPH 2014): a soft-kneed bright pass, a chain of half-size 13-tap
// downsamples, 3x3 tent upsamples summed back up the chain, and the sum added to the image.
//
// Every bilinear tap lands on a texel corner (downsamples) or a quarter position (upsamples), so its
// weights are exact in any filtering hardware and the CPU reference can follow it tap for tap.
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
// The bright pass, scaled so that white gives 1: an 8-bit photo has clipped its highlights, and the glow
// should not fade as the threshold rises.
vec3 brightPass(vec3 c) {
  float brightness = max(c.r, max(c.g, c.b));
  float weight = softThreshold(brightness, threshold, knee) / max(brightness, 1e-5);
  return c * (weight * brightScale);
}

vec3 tap0(vec2 at) {
  return brightPass(tapAt(input0, at));
}

// First step: the 13 taps of downsample13, bright-passed one by one, and each of the five boxes weighted
// by 1 / (1 + luma) (Karis) so that lone bright texels cannot flicker into large blobs at coarse levels.
void main() {
  vec2 c = vec2(ivec2(gl_FragCoord.xy)) * 2.0 + 1.0;
  vec3 centre = tap0(c);
  vec3 o0 = tap0(c + vec2(-2.0, -2.0));
  vec3 o1 = tap0(c + vec2(0.0, -2.0));
  vec3 o2 = tap0(c + vec2(2.0, -2.0));
  vec3 o3 = tap0(c + vec2(-2.0, 0.0));
  vec3 o4 = tap0(c + vec2(2.0, 0.0));
  vec3 o5 = tap0(c + vec2(-2.0, 2.0));
  vec3 o6 = tap0(c + vec2(0.0, 2.0));
  vec3 o7 = tap0(c + vec2(2.0, 2.0));
  vec3 b[5];
  b[0] = (tap0(c + vec2(-1.0, -1.0)) + tap0(c + vec2(1.0, -1.0)) + tap0(c + vec2(-1.0, 1.0)) +
    tap0(c + vec2(1.0, 1.0))) * 0.25;
  b[1] = (o0 + o1 + o3 + centre) * 0.25;
  b[2] = (o1 + o2 + centre + o4) * 0.25;
  b[3] = (o3 + centre + o5 + o6) * 0.25;
  b[4] = (centre + o4 + o6 + o7) * 0.25;
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
#else
// 3x3 tent over the next coarser level, at this texel's position in it (coarse units are half of ours).
vec3 tent1(ivec2 p) {
  vec2 c = (vec2(p) + 0.5) * 0.5;
  vec3 sum = tapAt(input1, c) * 4.0;
  sum += (tapAt(input1, c + vec2(-1.0, 0.0)) + tapAt(input1, c + vec2(1.0, 0.0))) * 2.0;
  sum += (tapAt(input1, c + vec2(0.0, -1.0)) + tapAt(input1, c + vec2(0.0, 1.0))) * 2.0;
  sum += tapAt(input1, c + vec2(-1.0, -1.0)) + tapAt(input1, c + vec2(1.0, -1.0));
  sum += tapAt(input1, c + vec2(-1.0, 1.0)) + tapAt(input1, c + vec2(1.0, 1.0));
  return sum / 16.0;
}

#if defined(ENTRY_up)
// This level plus the (weighted) upsampled sum of every coarser one.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  outColor = vec4(texelFetch(input0, p, 0).rgb + tent1(p) * upWeight, 1.0);
}
#else
// Adds the tinted glow to the image.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 color = texelFetch(input0, p, 0);
  vec3 glow = tent1(p) * normalise * amount * tint;
  outColor = vec4(clamp(color.rgb + glow, vec3(0.0), vec3(1.0)), color.a);
}
#endif
#endif
