// PCG hash (Jarzynski and Olano, "Hash Functions for GPU Rendering", JCGT 2020). Integer-only, so both
// backends and the CPU reference produce identical values.
uint pcg(uint v) {
  uint state = v * 747796405u + 2891336453u;
  uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
  return (word >> 22u) ^ word;
}

// A uniform value in [0, 1) for a lattice point and a seed.
float hash2(int x, int y, uint seed) {
  return float(pcg(uint(x) + pcg(uint(y) + pcg(seed))) >> 8u) / 16777216.0;
}
