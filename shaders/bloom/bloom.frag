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

layout(std140) uniform Params {
  vec3 tint;
  float threshold;
  float knee;
  float amount;
  float upWeight;
  float normalise;
};

uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

// Quadratic soft threshold on the brightest channel: zero below threshold - knee, a parabola across the
// knee, linear above threshold + knee, so that nothing pops on or off.
vec3 brightPass(vec3 c) {
  float brightness = max(c.r, max(c.g, c.b));
  float soft = clamp(brightness - threshold + knee, 0.0, 2.0 * knee);
  soft = soft * soft / (4.0 * knee + 1e-5);
  float contribution = max(soft, brightness - threshold) / max(brightness, 1e-5);
  return c * contribution;
}

// A bilinear tap at a position in the source's texel units (continuous: texel i spans [i, i + 1]).
vec3 tap0(vec2 at, vec2 size) {
  return textureLod(input0, at / size, 0.0).rgb;
}

vec3 tap1(vec2 at, vec2 size) {
  return textureLod(input1, at / size, 0.0).rgb;
}

#if defined(ENTRY_prefilter) || defined(ENTRY_down)
// The 13 taps around the centre of the 2x2 source block of destination texel `p`, as five overlapping
// 2x2 box averages: the centre box (weight 1/2), then top-left, top-right, bottom-left, bottom-right
// (1/8 each).
void boxes13(ivec2 p, bool threshold, out vec3 b[5]) {
  vec2 size = vec2(textureSize(input0, 0));
  vec2 c = vec2(p) * 2.0 + 1.0;
  vec3 centre = tap0(c, size);
  vec3 i0 = tap0(c + vec2(-1.0, -1.0), size);
  vec3 i1 = tap0(c + vec2(1.0, -1.0), size);
  vec3 i2 = tap0(c + vec2(-1.0, 1.0), size);
  vec3 i3 = tap0(c + vec2(1.0, 1.0), size);
  vec3 o0 = tap0(c + vec2(-2.0, -2.0), size);
  vec3 o1 = tap0(c + vec2(0.0, -2.0), size);
  vec3 o2 = tap0(c + vec2(2.0, -2.0), size);
  vec3 o3 = tap0(c + vec2(-2.0, 0.0), size);
  vec3 o4 = tap0(c + vec2(2.0, 0.0), size);
  vec3 o5 = tap0(c + vec2(-2.0, 2.0), size);
  vec3 o6 = tap0(c + vec2(0.0, 2.0), size);
  vec3 o7 = tap0(c + vec2(2.0, 2.0), size);
  if (threshold) {
    centre = brightPass(centre);
    i0 = brightPass(i0);
    i1 = brightPass(i1);
    i2 = brightPass(i2);
    i3 = brightPass(i3);
    o0 = brightPass(o0);
    o1 = brightPass(o1);
    o2 = brightPass(o2);
    o3 = brightPass(o3);
    o4 = brightPass(o4);
    o5 = brightPass(o5);
    o6 = brightPass(o6);
    o7 = brightPass(o7);
  }
  b[0] = (i0 + i1 + i2 + i3) * 0.25;
  b[1] = (o0 + o1 + o3 + centre) * 0.25;
  b[2] = (o1 + o2 + centre + o4) * 0.25;
  b[3] = (o3 + centre + o5 + o6) * 0.25;
  b[4] = (centre + o4 + o6 + o7) * 0.25;
}
#endif

#if defined(ENTRY_up) || defined(ENTRY_main)
// 3x3 tent over the next coarser level, at this texel's position in it (coarse units are half of ours).
vec3 tent1(ivec2 p) {
  vec2 size = vec2(textureSize(input1, 0));
  vec2 c = (vec2(p) + 0.5) * 0.5;
  vec3 sum = tap1(c, size) * 4.0;
  sum += (tap1(c + vec2(-1.0, 0.0), size) + tap1(c + vec2(1.0, 0.0), size)) * 2.0;
  sum += (tap1(c + vec2(0.0, -1.0), size) + tap1(c + vec2(0.0, 1.0), size)) * 2.0;
  sum += tap1(c + vec2(-1.0, -1.0), size) + tap1(c + vec2(1.0, -1.0), size);
  sum += tap1(c + vec2(-1.0, 1.0), size) + tap1(c + vec2(1.0, 1.0), size);
  return sum / 16.0;
}
#endif

#if defined(ENTRY_prefilter)
// First step: bright pass, and each box weighted by 1 / (1 + luma) (Karis) so that lone bright texels
// cannot flicker into large blobs at the coarse levels.
void main() {
  vec3 b[5];
  boxes13(ivec2(gl_FragCoord.xy), true, b);
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
  vec3 b[5];
  boxes13(ivec2(gl_FragCoord.xy), false, b);
  outColor = vec4(b[0] * 0.5 + (b[1] + b[2] + b[3] + b[4]) * 0.125, 1.0);
}
#elif defined(ENTRY_up)
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
