// Lens reflections: ghosts, a halo, a starburst and a streak, all made from the image's own bright parts,
// so that a dark photo gets little flare and each light gets its own. The flare is drawn on an
// eighth-size grid, in its texels, with the optical centre at the middle of the frame, and added to the
// image with one bilinear tap per pixel.

#include "/shaders/common/light.glsl"

uniform highp sampler2D input0;
uniform highp sampler2D input1;
uniform highp sampler2D input2;
uniform highp sampler2D input3;
uniform highp sampler2D input4;
out vec4 outColor;

// Taps per side of a ray and of the streak (FLARE_TAPS in the stage).
const int RAY_TAPS = 10;
const int STREAK_TAPS = 16;
const float PI = 3.14159265;

float luma(vec3 c) {
  return dot(c, vec3(0.2126, 0.7152, 0.0722));
}

vec3 loadClamped(highp sampler2D source, ivec2 p) {
  return texelFetch(source, clamp(p, ivec2(0), textureSize(source, 0) - 1), 0).rgb;
}

#if defined(ENTRY_bright)
// On luma rather than the brightest channel (as bloom does): a saturated red is no lamp.
vec3 brightPass(vec3 c) {
  float brightness = luma(c);
  float weight = softThreshold(brightness, threshold, knee) / max(brightness, 1e-5);
  return c * (weight * brightScale);
}

// A quarter of the size: the mean bright pass of each 4x4 block, from four taps on 2x2 block centres.
void main() {
  vec2 c = vec2(ivec2(gl_FragCoord.xy)) * 4.0;
  vec3 sum = brightPass(tapAt(input0, c + vec2(1.0, 1.0))) + brightPass(tapAt(input0, c + vec2(3.0, 1.0))) +
    brightPass(tapAt(input0, c + vec2(1.0, 3.0))) + brightPass(tapAt(input0, c + vec2(3.0, 3.0)));
  outColor = vec4(sum * 0.25, 1.0);
}
#elif defined(ENTRY_soften)
// Half of the previous level: an eighth and a sixteenth, for blurred ghosts and the halo.
void main() {
  outColor = vec4(downsample13(input0, ivec2(gl_FragCoord.xy)), 1.0);
}
#elif defined(ENTRY_hot)
// Hot spots on the eighth-size grid: how far the brightest of the four quarter-size texels (input0) under
// each texel stands out from the blurred level (input1). Lamps and glints do, the inside of a bright wall
// or sky does not. Squared (times its own luma), so that a lamp outweighs the textured edge of a cloud.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec3 peak = max(max(loadClamped(input0, p * 2), loadClamped(input0, p * 2 + ivec2(1, 0))),
    max(loadClamped(input0, p * 2 + ivec2(0, 1)), loadClamped(input0, p * 2 + ivec2(1, 1))));
  vec3 d = max(peak - texelFetch(input1, p, 0).rgb, vec3(0.0));
  outColor = vec4(d * luma(d), 1.0);
}
#elif defined(ENTRY_squash)
// The streak texture, an eighth as wide as the hot spots: the hottest of each 16x1 run (overlapping its
// neighbours by half), so that a lamp shows in two texels and taps a texel apart along a row join up
// without beading. A max, not a mean, so that a lamp keeps its strength beside a long bright edge.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec3 hottest = vec3(0.0);
  for (int i = -4; i < 12; i++) hottest = max(hottest, loadClamped(input0, ivec2(p.x * 8 + i, p.y)));
  outColor = vec4(hottest, 1.0);
}
#elif defined(ENTRY_flare)
// Positions below are in texels of the eighth-size grid: the flare's own, and the blurred level's (input1).
vec3 sharpAt(vec2 q) {
  return tapAt(input0, q * 2.0);
}

vec3 softAt(vec2 q) {
  return tapAt(input1, q);
}

vec3 softerAt(vec2 q) {
  return tapAt(input2, q * 0.5);
}

// 0 the quarter-size bright pass, 1 an eighth, 2 a sixteenth; in between mixes the two nearest.
vec3 blurredAt(vec2 q, float blur) {
  if (blur <= 1.0) {
    vec3 c = sharpAt(q) * (1.0 - blur);
    if (blur > 0.0) c += softAt(q) * blur;
    return c;
  }
  vec3 c = softerAt(q) * (blur - 1.0);
  if (blur < 2.0) c += softAt(q) * (2.0 - blur);
  return c;
}

// Soft saturation: faint light is lifted by `gain`, bright light levels off at about 1.
vec3 lift(vec3 c, float gain) {
  return c * (gain / (1.0 + gain * luma(c)));
}

// 1 inside the frame, falling to 0 over its last texel, so clamped edge texels never smear in.
float inside(vec2 q, vec2 size) {
  vec2 edge = smoothstep(vec2(0.0), vec2(1.0), q) * smoothstep(vec2(0.0), vec2(1.0), size - q);
  return edge.x * edge.y;
}

// Ghost paths are vignetted by the lens barrel: light from far off axis reflects less.
float ghostWindow(vec2 q, vec2 size) {
  float r = length(q - size * 0.5) / length(size * 0.5);
  return (1.0 - smoothstep(0.55, 1.0, r)) * inside(q, size);
}

vec3 ghostAt(vec2 q, float blur, vec2 size) {
  return lift(blurredAt(q, blur), ghostGain) * ghostWindow(q, size);
}

// A ghost that lands a source at offset u from the centre at scale * u: this texel (offset v) sees the
// source at v / scale. Red and blue take slightly different scales (the ghost path's lateral colour).
vec3 ghost(vec2 v, float scale, float blur, vec2 size) {
  vec2 centre = size * 0.5;
  vec3 g = ghostAt(centre + v / scale, blur, size);
  if (ghostDispersion == 0.0) return g;
  float r = ghostAt(centre + v / (scale * (1.0 + ghostDispersion)), blur, size).r;
  float b = ghostAt(centre + v / (scale * (1.0 - ghostDispersion)), blur, size).b;
  return vec3(r, g.g, b);
}

// A ring around the centre (as in Chapman's screen-space flare): each texel looks a fixed distance back
// towards the centre, so a light near the middle draws a full ring and one further out an arc.
vec3 halo(vec2 pos, vec2 v, vec2 size) {
  vec2 towards = -v / max(length(v), 1e-3);
  float d = haloDispersion;
  vec2 qr = pos + towards * haloRadius * (1.0 + d);
  vec2 qg = pos + towards * haloRadius;
  vec2 qb = pos + towards * haloRadius * (1.0 - d);
  float r = lift(softAt(qr), ghostGain).r * ghostWindow(qr, size);
  float g = lift(softAt(qg), ghostGain).g * ghostWindow(qg, size);
  float b = lift(softAt(qb), ghostGain).b * ghostWindow(qb, size);
  return vec3(r, g, b);
}

vec3 hotAt(vec2 q, vec2 size) {
  return tapAt(input3, q) * inside(q, size);
}

// Diffraction spikes: lines through each hot spot, fading along their length.
vec3 rays(vec2 pos, vec2 size) {
  vec3 sum = vec3(0.0);
  for (int k = 0; k < rayLines; k++) {
    float angle = rayAngle + float(k) * PI / float(rayLines);
    vec2 stride = vec2(cos(angle), sin(angle)) * rayStep;
    for (int t = 1; t <= RAY_TAPS; t++) {
      float w = 1.0 - float(t) / float(RAY_TAPS + 1);
      sum += (hotAt(pos + stride * float(t), size) + hotAt(pos - stride * float(t), size)) * (w * w);
    }
  }
  return lift(sum, rayGain);
}

// A horizontal streak, read from the squashed texture (its x in eighths of ours): the strongest hot spot
// along the row, fading with its distance, so that streaks do not pile up where a bright edge runs along.
vec3 streak(vec2 pos) {
  float width = float(textureSize(input4, 0).x);
  float x = pos.x * 0.125;
  vec3 strongest = vec3(0.0);
  for (int t = 1; t <= STREAK_TAPS; t++) {
    float w = 1.0 - float(t) / float(STREAK_TAPS + 1);
    float dx = float(t) * streakStep;
    vec3 right = tapAt(input4, vec2(x + dx, pos.y)) * step(x + dx, width);
    vec3 left = tapAt(input4, vec2(x - dx, pos.y)) * step(0.0, x - dx);
    strongest = max(strongest, max(right, left) * (w * w));
  }
  return lift(strongest, streakGain);
}

// The flare at `strength`, in 8 bits: what it adds beyond 1 would clip anyway, and the full-size pass
// filters 8 bits cheaply.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec2 size = vec2(textureSize(input1, 0));
  vec2 pos = vec2(p) + 0.5;
  vec2 v = pos - size * 0.5;
  vec3 sum = vec3(0.0);
  for (int i = 0; i < ghostCount; i++) {
    vec4 g = ghosts[i];
    sum += g.xyz * ghost(v, g.w, ghostBlur[i / 4][i % 4], size);
  }
  if (haloRadius > 0.0) sum += haloTint * halo(pos, v, size);
  if (rayLines > 0) sum += rays(pos, size);
  if (streakStep > 0.0) sum += streakTint * streak(pos);
  outColor = vec4(sum * strength, 1.0);
}
#else
// Adds the flare, upsampled from the eighth-size grid, to the image.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  outColor = addLight(input0, input1, p, 0.125);
}
#endif
