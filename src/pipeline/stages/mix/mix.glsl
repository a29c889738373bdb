// An effect step's strength: what the step made mixed with the step's input (input1, the same size),
// texel by texel. amount 0 gives the input exactly, 1 the step's output exactly.

uniform highp sampler2D input1;

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 color, ivec2 p, ivec2 dims) {
  vec4 original = texelFetch(input1, p, 0);
  return mix(original, color, amount);
}
