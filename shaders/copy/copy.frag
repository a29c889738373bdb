#version 300 es
// Identity pass: one read and one write per texel. The benchmark's floor, and a plain copy for the engine.
precision highp float;
precision highp int;

uniform highp sampler2D input0;
out vec4 outColor;

void main() {
  outColor = texelFetch(input0, ivec2(gl_FragCoord.xy), 0);
}
