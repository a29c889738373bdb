#version 300 es
// Lens reflections: ghosts, a halo, a starburst and a streak, all made from the image's own bright parts,
// so that a dark photo gets little flare and each light gets its own. The geometry works on a quarter-size
// grid, in its texels, with the optical centre at the middle of the frame.
precision highp float;
precision highp int;

#include "../common/light.glsl"

layout(std140) uniform Params {
  vec4 ghosts[8];
  vec4 ghostBlur[2];
  vec3 haloTint;
  float haloRadius;
  vec3 streakTint;
  float streakStep;
  float threshold;
  float knee;
  float brightScale;
  float strength;
  int ghostCount;
  float ghostGain;
  float ghostDispersion;
  float haloDispersion;
  int rayLines;
  float rayStep;
  float rayGain;
  float rayAngle;
  float streakGain;
};

uniform highp sampler2D input0;
uniform highp sampler2D input1;
uniform highp sampler2D input2;
uniform highp sampler2D input3;
out vec4 outColor;

const int TAPS = 16;
const float PI = 3.14159265;

#if defined(ENTRY_bright)
// On luma rather than the brightest channel (as bloom does): a saturated red is no lamp.
vec3 brightPass(vec3 c) {
  float brightness = dot(c, vec3(0.2126, 0.7152, 0.0722));
  float weight = softThreshold(brightness, threshold, knee) / max(brightness, 1e-5);
  return c * (weight * brightScale);
}

// Quarter size: the mean bright pass of each 4x4 block.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec3 sum = vec3(0.0);
  for (int y = 0; y < 4; y++) {
    for (int x = 0; x < 4; x++) sum += brightPass(loadClamped(input0, p * 4 + ivec2(x, y)));
  }
  outColor = vec4(sum * (1.0 / 16.0), 1.0);
}
#elif defined(ENTRY_soften)
// Half of the previous level: an eighth and a sixteenth, for blurred ghosts and the halo.
void main() {
  outColor = vec4(downsample13(input0, ivec2(gl_FragCoord.xy)), 1.0);
}
#else
// How far the bright pass (input0) stands out from its eighth-size blur (input1) at q, in quarter-size
// texels: lamps and glints do, the inside of a bright wall or sky does not. Squared (times its own luma),
// so that a lamp outweighs the textured edge of a cloud. Feeds the rays and the streak.
vec3 hotAt(vec2 q) {
  vec3 d = max(bilinearAt(input0, q) - bilinearAt(input1, q * 0.5), vec3(0.0));
  return d * dot(d, vec3(0.2126, 0.7152, 0.0722));
}

#if defined(ENTRY_squash)
// The streak texture, an eighth as wide: the hottest of each 16x1 run (overlapping its neighbours by half),
// so that a lamp shows in two texels and taps a texel apart along a row join up without beading. A max,
// not a mean, so that a lamp keeps its strength beside a long bright edge.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec2 c = vec2(float(p.x) * 8.0 - 3.5, float(p.y) + 0.5);
  vec3 hottest = vec3(0.0);
  for (int i = 0; i < 16; i++) hottest = max(hottest, hotAt(c + vec2(float(i), 0.0)));
  outColor = vec4(hottest, 1.0);
}
#elif defined(ENTRY_flare)
// Positions below are in texels of the quarter-size grid (the bright pass, input0 of the flare pass).
vec3 sharpAt(vec2 q) {
  return bilinearAt(input0, q);
}

vec3 softAt(vec2 q) {
  return bilinearAt(input1, q * 0.5);
}

vec3 softerAt(vec2 q) {
  return bilinearAt(input2, q * 0.25);
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

float luma(vec3 c) {
  return dot(c, vec3(0.2126, 0.7152, 0.0722));
}

// Soft saturation: faint light is lifted by `gain`, bright light levels off at about 1.
vec3 lift(vec3 c, float gain) {
  return c * (gain / (1.0 + gain * luma(c)));
}

// 1 inside the frame, falling to 0 over the last two texels, so clamped edge texels never smear in.
float inside(vec2 q, vec2 size) {
  vec2 edge = smoothstep(vec2(0.0), vec2(2.0), q) * smoothstep(vec2(0.0), vec2(2.0), size - q);
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

// Diffraction spikes: lines through each hot spot, fading along their length.
vec3 rays(vec2 pos, vec2 size) {
  vec3 sum = vec3(0.0);
  for (int k = 0; k < rayLines; k++) {
    float angle = rayAngle + float(k) * PI / float(rayLines);
    vec2 stride = vec2(cos(angle), sin(angle)) * rayStep;
    for (int t = 1; t <= TAPS; t++) {
      float w = 1.0 - float(t) / float(TAPS + 1);
      vec2 ahead = pos + stride * float(t);
      vec2 behind = pos - stride * float(t);
      sum += (hotAt(ahead) * inside(ahead, size) + hotAt(behind) * inside(behind, size)) * (w * w);
    }
  }
  return lift(sum, rayGain);
}

// A horizontal streak, read from the squashed texture (its x in eighths of ours): the strongest hot spot
// along the row, fading with its distance, so that streaks do not pile up where a bright edge runs along.
vec3 streak(vec2 pos) {
  float width = float(textureSize(input3, 0).x);
  float x = pos.x * 0.125;
  vec3 strongest = vec3(0.0);
  for (int t = 1; t <= TAPS; t++) {
    float w = 1.0 - float(t) / float(TAPS + 1);
    float dx = float(t) * streakStep;
    vec3 right = bilinearAt(input3, vec2(x + dx, pos.y)) * step(x + dx, width);
    vec3 left = bilinearAt(input3, vec2(x - dx, pos.y)) * step(0.0, x - dx);
    strongest = max(strongest, max(right, left) * (w * w));
  }
  return lift(strongest, streakGain);
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec2 size = vec2(textureSize(input0, 0));
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
  outColor = vec4(sum, 1.0);
}
#else
// Adds the flare, upsampled from the quarter-size grid, to the image.
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec4 color = texelFetch(input0, p, 0);
  vec3 light = bilinearAt(input1, (vec2(p) + 0.5) * 0.25);
  outColor = vec4(clamp(color.rgb + light * strength, vec3(0.0), vec3(1.0)), color.a);
}
#endif
#endif
