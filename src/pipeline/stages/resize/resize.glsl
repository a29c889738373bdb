// Resize to any size. Mode 0, area: each output pixel is the average of the source pixels its footprint
// covers, weighted by how much of each it covers, so a large reduction averages every source pixel (no
// aliasing) and an enlargement copies pixels, blending only the seam pixels that straddle two sources.
// Mode 1, nearest: the source pixel under the output pixel's centre (a 2x enlargement makes 2x2 blocks).
// Mode 2, cubic (enlargements only): the Catmull-Rom cubic of the 4 x 4 source pixels around the output
// pixel's centre, edges clamped.
// Overlaps are measured in integer units of 1/(input size * output size), so the weights are exact and
// both backends pick the same texels.

uniform highp sampler2D input0;
out vec4 outColor;

// Overlap of source texel i, [i * outSize, (i + 1) * outSize), with output texel o, [o * inSize, (o + 1) * inSize).
float overlap(int i, int o, int inSize, int outSize) {
  return float(min((i + 1) * outSize, (o + 1) * inSize) - max(i * outSize, o * inSize));
}

#include "/shaders/common/cubic.glsl"

vec4 cubic(ivec2 p, ivec2 inSize) {
  return cubicAt((vec2(p) + 0.5) * vec2(inSize) / vec2(size) - 0.5, inSize);
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  ivec2 inSize = textureSize(input0, 0);
  if (mode == 2) {
    outColor = cubic(p, inSize);
    return;
  }
  if (mode == 1) {
    ivec2 source = min(((2 * p + 1) * inSize) / (2 * size), inSize - 1);
    outColor = texelFetch(input0, source, 0);
    return;
  }
  ivec2 first = (p * inSize) / size;
  ivec2 last = min(((p + 1) * inSize - 1) / size, inSize - 1);
  vec4 sum = vec4(0.0);
  for (int y = first.y; y <= last.y; y++) {
    vec4 row = vec4(0.0);
    for (int x = first.x; x <= last.x; x++) {
      row += texelFetch(input0, ivec2(x, y), 0) * overlap(x, p.x, inSize.x, size.x);
    }
    sum += row * overlap(y, p.y, inSize.y, size.y);
  }
  outColor = sum / (float(inSize.x) * float(inSize.y));
}
