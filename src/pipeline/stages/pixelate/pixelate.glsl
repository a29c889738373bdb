// Pixelate (src/engine/stages/pixelate.ts): `means` writes one texel per block, `main` spreads it out.

#include "/shaders/common/blocks.glsl"

uniform highp sampler2D input0;
out vec4 outColor;

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
#if defined(ENTRY_means)
  outColor = blockMean(input0, p, blockSize, blockStart);
#else
  outColor = texelFetch(input0, blockOf(p, blockSize, blockStart), 0);
#endif
}
