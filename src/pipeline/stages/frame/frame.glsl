// The frame around the photo (stages/frame/stage.ts): for each output pixel, its place in the whole print
// says what it shows: the photo 1:1 inside the image window (its edge softened as a developed print's
// is), else the paper (a faint texture of fibres and tone, measured in millimetres so it looks the same
// at any size) or the film's rebate with its perforations showing the light behind and the next frames'
// edges past the gap; then the text texture's coverage in the ink's colour.

uniform highp sampler2D input0;
uniform highp sampler2D input1;
out vec4 outColor;

#include "/shaders/common/pcg.glsl"

const vec3 LIGHT = vec3(0.97, 0.965, 0.95);
const vec3 NEIGHBOUR = vec3(0.2, 0.19, 0.18);

float frameNoise(vec2 m, uint field) {
  vec2 c = floor(m);
  vec2 f = m - c;
  uint cx = uint(c.x);
  uint cy = uint(c.y);
  uint row0 = pcg(cy + field);
  uint row1 = pcg(cy + 1u + field);
  float t0 = triangular(pcg(cx + row0));
  float t1 = triangular(pcg(cx + 1u + row0));
  float b0 = triangular(pcg(cx + row1));
  float b1 = triangular(pcg(cx + 1u + row1));
  float top = t0 + (t1 - t0) * f.x;
  float bottom = b0 + (b1 - b0) * f.x;
  return top + (bottom - top) * f.y;
}

float roundedBox(vec2 q, vec2 centre, vec2 halfSize, float r) {
  vec2 d = abs(q - centre) - (halfSize - vec2(r));
  return length(max(d, vec2(0.0))) + min(max(d.x, d.y), 0.0) - r;
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  vec2 q = vec2(p + at) + 0.5;
  vec2 mm = q / scale;
  vec4 w = window;
  bool film = kind == 2 || kind == 3 || kind == 5;
  // An upright strip (kind 5): the film's parts in the strip's own axes, along it (down the print) and
  // across it (leftwards from the print's left edge); the window too.
  bool upright = kind == 5;
  vec2 s = upright ? vec2(q.y, -q.x) : q;
  vec4 sw = upright ? vec4(w.y, -w.z, w.w, -w.x) : w;
  vec3 color;
  if (film) {
    color = paper * (1.0 + 0.04 * frameNoise(mm / 0.05, 7u));
    float gap = holeAt.w;
    float across = min(s.y - sw.y, sw.w - s.y);
    float along = max(sw.x - gap - s.x, s.x - sw.z - gap);
    float neighbour = clamp(min(across, along) + 0.5, 0.0, 1.0);
    color = mix(color, NEIGHBOUR * (1.0 + 0.3 * frameNoise(mm / 1.5, 11u)), neighbour);
    if (kind == 2 || upright) {
      float k = clamp(floor((s.x - holeAt.x) / holes.x + 0.5), 0.0, 7.0);
      float cx = holeAt.x + k * holes.x;
      vec2 halfSize = 0.5 * holes.yz;
      float d = min(
        roundedBox(s, vec2(cx, holeAt.y), halfSize, holes.w),
        roundedBox(s, vec2(cx, holeAt.z), halfSize, holes.w)
      );
      color = mix(color, LIGHT, clamp(0.5 - d, 0.0, 1.0));
    }
  } else {
    float fibre = 0.6 * frameNoise(mm / 0.12, 3u) + 0.4 * frameNoise(mm / 0.9, 5u);
    color = paper * (1.0 + 0.02 * fibre);
  }
  float inside = min(min(q.x - w.x, w.z - q.x), min(q.y - w.y, w.w - q.y));
  ivec2 dims = textureSize(input0, 0);
  ivec2 t = p + at - photoAt;
  if (inside > 0.0 && all(greaterThanEqual(t, ivec2(0))) && all(lessThan(t, dims))) {
    float soft = max(1.0, (film ? 0.08 : 0.25) * scale);
    vec3 photo = texelFetch(input0, t, 0).rgb;
    color = mix(color, photo, smoothstep(0.0, soft, inside));
  }
  vec4 box = text;
  if (box.z > box.x && s.x >= box.x && s.y >= box.y && s.x < box.z && s.y < box.w) {
    vec2 uv = (s - box.xy) / (box.zw - box.xy);
    float a = textureLod(input1, uv, 0.0).a;
    color = mix(color, ink, a);
  }
  outColor = vec4(clamp(color, vec3(0.0), vec3(1.0)), 1.0);
}
