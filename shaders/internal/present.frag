#version 300 es
// Draws an engine texture to the canvas. The default framebuffer's row 0 is at the bottom while the
// engine keeps row 0 at the top, hence the flip.
precision highp float;

uniform highp sampler2D input0;
out vec4 outColor;

void main() {
  ivec2 size = textureSize(input0, 0);
  ivec2 p = ivec2(gl_FragCoord.xy);
  outColor = vec4(texelFetch(input0, ivec2(p.x, size.y - 1 - p.y), 0).rgb, 1.0);
}
