// CCD smear (src/engine/stages/smear.ts): a clipped point light keeps charging every well shifted past it
// during readout, so its whole column gets a faint stripe. `columns` measures how much of each column is
// clipped, `spread` softens and saturates that across neighbouring columns, `main` screens the stripe on.

#include "/shaders/common/clip.glsl"

uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

#if defined(ENTRY_columns)
// Width x 1: the share of column x that is clipped, in 0..1. Float, since a point light is a few pixels of
// a column: 8 bits would round 0.5 % of it to a level and a half.
void main() {
  int x = int(gl_FragCoord.x);
  int height = textureSize(input0, 0).y;
  float sum = 0.0;
  for (int y = 0; y < height; y++) {
    sum += clipped(texelFetch(input0, ivec2(x, y), 0).rgb);
  }
  outColor = vec4(sum / float(height), 0.0, 0.0, 1.0);
}
#elif defined(ENTRY_spread)
// Width x 1: the stripe's strength, the clipped share softened by a gaussian across columns (those beyond
// the frame count as unclipped, so an edge column does not double), saturated as 1 - exp(-gain share) and
// faded where much of the column clips, (1 - exp(-gain share)) exp(-share / area).
void main() {
  int x = int(gl_FragCoord.x);
  int width = textureSize(input0, 0).x;
  float sum = 0.0;
  float total = 0.0;
  for (int k = -radius; k <= radius; k++) {
    float w = exp(-float(k * k) / (2.0 * sigma * sigma));
    total += w;
    int q = x + k;
    if (q >= 0 && q < width) {
      sum += w * texelFetch(input0, ivec2(q, 0), 0).r;
    }
  }
  float share = sum / total;
  outColor = vec4((1.0 - exp(-gain * share)) * exp(-share / area), 0.0, 0.0, 1.0);
}
#else
// The tinted stripe screened over the full height: in + s (1 - in), exactly the input where s is 0.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 c = texelFetch(input0, p, 0);
  vec3 s = amount * texelFetch(input1, ivec2(p.x, 0), 0).r * tint;
  outColor = vec4(c.rgb + s * (1.0 - c.rgb), c.a);
}
#endif
