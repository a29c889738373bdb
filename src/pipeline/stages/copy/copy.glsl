// Identity pass: one read and one write per texel. The benchmark's floor, a plain copy for the engine,
// and the pass per-pixel stages run on where no other pass can take them (src/engine/epilogue-fusion.ts).

uniform highp sampler2D input0;
out vec4 outColor;

void main() {
  outColor = texelFetch(input0, ivec2(gl_FragCoord.xy), 0);
}
