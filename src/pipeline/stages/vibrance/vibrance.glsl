// Vibrance (GPUImage form): pushes each pixel away from (or towards) its brightest channel, in
// proportion to how far that channel already stands above the average, so muted colours move most.

// A per-pixel stage (src/engine/stages/types.ts): `pixel` runs on what the pass before it stores.
vec4 pixel(vec4 color, ivec2 p, ivec2 dims) {
  float average = (color.r + color.g + color.b) / 3.0;
  float mx = max(color.r, max(color.g, color.b));
  float amount = (mx - average) * (-3.0 * vibrance);
  vec3 rgb = clamp(mix(color.rgb, vec3(mx), amount), vec3(0.0), vec3(1.0));
  return vec4(rgb, color.a);
}
