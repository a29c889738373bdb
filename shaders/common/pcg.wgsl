// PCG hash (Jarzynski and Olano, "Hash Functions for GPU Rendering", JCGT 2020). Integer-only, so both
// backends and the CPU reference produce identical values.
fn pcg(v: u32) -> u32 {
  let state = v * 747796405u + 2891336453u;
  let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
  return (word >> 22u) ^ word;
}

// A uniform value in [0, 1) for a lattice point and a seed.
fn hash2(x: i32, y: i32, seed: u32) -> f32 {
  return f32(pcg(bitcast<u32>(x) + pcg(bitcast<u32>(y) + pcg(seed))) >> 8u) / 16777216.0;
}
