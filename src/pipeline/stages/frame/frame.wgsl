// The frame around the photo (stages/frame/stage.ts): for each output pixel, its place in the whole print
// says what it shows: the photo 1:1 inside the image window (its edge softened as a developed print's
// is), else the paper (a faint texture of fibres and tone, measured in millimetres so it looks the same
// at any size) or the film's rebate with its perforations showing the light behind and the next frames'
// edges past the gap; then the text texture's coverage in the ink's colour.

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var linearSampler: sampler;
@group(0) @binding(4) var output: texture_storage_2d<rgba8unorm, write>;

#include "/shaders/common/pcg.wgsl"

// The light behind the film, seen through its holes; the next frames' exposures, dim.
const LIGHT = vec3f(0.97, 0.965, 0.95);
const NEIGHBOUR = vec3f(0.2, 0.19, 0.18);

// Bilinear value noise on the lattice of integer points, one triangular value a point.
fn frameNoise(m: vec2f, field: u32) -> f32 {
  let c = floor(m);
  let f = m - c;
  let cx = u32(c.x);
  let cy = u32(c.y);
  let row0 = pcg(cy + field);
  let row1 = pcg(cy + 1u + field);
  let t0 = triangular(pcg(cx + row0));
  let t1 = triangular(pcg(cx + 1u + row0));
  let b0 = triangular(pcg(cx + row1));
  let b1 = triangular(pcg(cx + 1u + row1));
  let top = t0 + (t1 - t0) * f.x;
  let bottom = b0 + (b1 - b0) * f.x;
  return top + (bottom - top) * f.y;
}

// Signed distance from q to a box of half size `half` around `centre`, its corners rounded by r.
fn roundedBox(q: vec2f, centre: vec2f, halfSize: vec2f, r: f32) -> f32 {
  let d = abs(q - centre) - (halfSize - vec2f(r));
  return length(max(d, vec2f(0.0))) + min(max(d.x, d.y), 0.0) - r;
}

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let size = textureDimensions(output);
  if (id.x >= size.x || id.y >= size.y) { return; }
  let p = vec2i(id.xy);
  let q = vec2f(p + params.at) + 0.5;
  let mm = q / params.scale;
  let w = params.window;
  let film = params.kind == 2 || params.kind == 3 || params.kind == 5;
  // An upright strip (kind 5): the film's parts in the strip's own axes, along it (down the print) and
  // across it (leftwards from the print's left edge); the window too.
  let upright = params.kind == 5;
  let s = select(q, vec2f(q.y, -q.x), upright);
  let sw = select(w, vec4f(w.y, -w.z, w.w, -w.x), upright);
  var color: vec3f;
  if (film) {
    color = params.paper * (1.0 + 0.04 * frameNoise(mm / 0.05, 7u));
    // The next frames' exposures, past the gap, level with this one's.
    let gap = params.holeAt.w;
    let across = min(s.y - sw.y, sw.w - s.y);
    let along = max(sw.x - gap - s.x, s.x - sw.z - gap);
    let neighbour = clamp(min(across, along) + 0.5, 0.0, 1.0);
    color = mix(color, NEIGHBOUR * (1.0 + 0.3 * frameNoise(mm / 1.5, 11u)), neighbour);
    if (params.kind == 2 || upright) {
      let h = params.holes;
      let k = clamp(floor((s.x - params.holeAt.x) / h.x + 0.5), 0.0, 7.0);
      let cx = params.holeAt.x + k * h.x;
      let halfSize = 0.5 * h.yz;
      let d = min(
        roundedBox(s, vec2f(cx, params.holeAt.y), halfSize, h.w),
        roundedBox(s, vec2f(cx, params.holeAt.z), halfSize, h.w),
      );
      color = mix(color, LIGHT, clamp(0.5 - d, 0.0, 1.0));
    }
  } else {
    let fibre = 0.6 * frameNoise(mm / 0.12, 3u) + 0.4 * frameNoise(mm / 0.9, 5u);
    color = params.paper * (1.0 + 0.02 * fibre);
  }
  // Inside the window: the photo, its edge soft over a quarter of a millimetre on a print. Where the
  // window reaches past the photo (a photo too thin for it, letterboxed) the paper shows.
  let inside = min(min(q.x - w.x, w.z - q.x), min(q.y - w.y, w.w - q.y));
  let dims = vec2i(textureDimensions(input0));
  let t = p + params.at - params.photoAt;
  if (inside > 0.0 && all(t >= vec2i(0)) && all(t < dims)) {
    let soft = max(1.0, select(0.25, 0.08, film) * params.scale);
    let photo = textureLoad(input0, t, 0).rgb;
    color = mix(color, photo, smoothstep(0.0, soft, inside));
  }
  let box = params.text;
  if (box.z > box.x && s.x >= box.x && s.y >= box.y && s.x < box.z && s.y < box.w) {
    let uv = (s - box.xy) / (box.zw - box.xy);
    let a = textureSampleLevel(input1, linearSampler, uv, 0.0).a;
    color = mix(color, params.ink, a);
  }
  textureStore(output, p, vec4f(clamp(color, vec3f(0.0), vec3f(1.0)), 1.0));
}
