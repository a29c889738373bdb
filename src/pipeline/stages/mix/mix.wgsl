// An effect step's strength: what the step made mixed with the step's input (input1, the same size),
// texel by texel. amount 0 gives the input exactly, 1 the step's output exactly.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input1: texture_2d<f32>;

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
fn pixel(color: vec4f, p: vec2i, dims: vec2i) -> vec4f {
  let original = textureLoad(input1, p, 0);
  return mix(original, color, params.amount);
}
