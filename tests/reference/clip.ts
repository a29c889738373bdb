/** shaders/common/clip's measure of a blown highlight: 0 below 0.94 in every channel, 1 from 0.99. */
export function clipped(r: number, g: number, b: number): number {
  return smoothstep(0.94, 0.99, Math.max(r, g, b));
}

export function smoothstep(low: number, high: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - low) / (high - low)));
  return t * t * (3 - 2 * t);
}
