// PCG hash (Jarzynski and Olano, "Hash Functions for GPU Rendering", JCGT 2020). Integer-only, so both
// backends and the CPU reference produce identical values.
uint pcg(uint v) {
  uint state = v * 747796405u + 2891336453u;
  uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
  return (word >> 22u) ^ word;
}

// A triangular value in [-1, 1) from one hash: its two uniform 16-bit halves, summed. Nearer to real grain
// and sensor noise than a uniform value, for half the hashing of two full draws; 16 bits is far finer than
// the 8-bit output.
float triangular(uint h) {
  return float((h & 0xffffu) + (h >> 16u)) / 65536.0 - 1.0;
}
