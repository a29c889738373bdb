// Lens reflections: ghosts, a halo, a starburst and a streak, all made from the image's own bright parts,
// so that a dark photo gets little flare and each light gets its own. The flare is drawn on an
// eighth-size grid, in its texels, with the optical centre at the middle of the frame, and added to the
// image with one bilinear tap per pixel.
#include "/shaders/common/light.wgsl"

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var input0: texture_2d<f32>;
@group(0) @binding(2) var input1: texture_2d<f32>;
@group(0) @binding(3) var input2: texture_2d<f32>;
@group(0) @binding(4) var input3: texture_2d<f32>;
@group(0) @binding(5) var input4: texture_2d<f32>;
@group(0) @binding(6) var linearSampler: sampler;
@group(0) @binding(7) var output: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(8) var outputFloat: texture_storage_2d<rgba16float, write>;

// Taps per side of a ray and of the streak (FLARE_TAPS in the stage).
const RAY_TAPS = 10;
const STREAK_TAPS = 16;
const PI = 3.14159265;

fn luma(c: vec3f) -> f32 {
  return dot(c, vec3f(0.2126, 0.7152, 0.0722));
}

// On luma rather than the brightest channel (as bloom does): a saturated red is no lamp.
fn brightPass(c: vec3f) -> vec3f {
  let brightness = luma(c);
  let weight = softThreshold(brightness, params.threshold, params.knee) / max(brightness, 1e-5);
  return c * (weight * params.brightScale);
}

// A quarter of the size: the mean bright pass of each 4x4 block, from four taps on 2x2 block centres.
@compute @workgroup_size(8, 8)
fn bright(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let c = vec2f(p) * 4.0;
  let sum = brightPass(tapAt(input0, linearSampler, c + vec2f(1.0, 1.0))) +
    brightPass(tapAt(input0, linearSampler, c + vec2f(3.0, 1.0))) +
    brightPass(tapAt(input0, linearSampler, c + vec2f(1.0, 3.0))) +
    brightPass(tapAt(input0, linearSampler, c + vec2f(3.0, 3.0)));
  textureStore(outputFloat, p, vec4f(sum * 0.25, 1.0));
}

// Half of the previous level: an eighth and a sixteenth, for blurred ghosts and the halo.
@compute @workgroup_size(8, 8)
fn soften(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  textureStore(outputFloat, p, vec4f(downsample13(input0, linearSampler, p), 1.0));
}

fn loadClamped(source: texture_2d<f32>, p: vec2i) -> vec3f {
  return textureLoad(source, clamp(p, vec2i(0), vec2i(textureDimensions(source)) - 1), 0).rgb;
}

// Hot spots on the eighth-size grid: how far the brightest of the four quarter-size texels (input0) under
// each texel stands out from the blurred level (input1). Lamps and glints do, the inside of a bright wall
// or sky does not. Squared (times its own luma), so that a lamp outweighs the textured edge of a cloud.
@compute @workgroup_size(8, 8)
fn hot(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let peak = max(max(loadClamped(input0, p * 2), loadClamped(input0, p * 2 + vec2i(1, 0))),
    max(loadClamped(input0, p * 2 + vec2i(0, 1)), loadClamped(input0, p * 2 + vec2i(1, 1))));
  let d = max(peak - textureLoad(input1, p, 0).rgb, vec3f(0.0));
  textureStore(outputFloat, p, vec4f(d * luma(d), 1.0));
}

// The streak texture, an eighth as wide as the hot spots: the hottest of each 16x1 run (overlapping its
// neighbours by half), so that a lamp shows in two texels and taps a texel apart along a row join up
// without beading. A max, not a mean, so that a lamp keeps its strength beside a long bright edge.
@compute @workgroup_size(8, 8)
fn squash(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(outputFloat));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  var hottest = vec3f(0.0);
  for (var i = -4; i < 12; i++) { hottest = max(hottest, loadClamped(input0, vec2i(p.x * 8 + i, p.y))); }
  textureStore(outputFloat, p, vec4f(hottest, 1.0));
}

// Positions below are in texels of the eighth-size grid: the flare's own, and the blurred level's (input1).
fn sharpAt(q: vec2f) -> vec3f {
  return tapAt(input0, linearSampler, q * 2.0);
}

fn softAt(q: vec2f) -> vec3f {
  return tapAt(input1, linearSampler, q);
}

fn softerAt(q: vec2f) -> vec3f {
  return tapAt(input2, linearSampler, q * 0.5);
}

// 0 the quarter-size bright pass, 1 an eighth, 2 a sixteenth; in between mixes the two nearest.
fn blurredAt(q: vec2f, blur: f32) -> vec3f {
  if (blur <= 1.0) {
    var c = sharpAt(q) * (1.0 - blur);
    if (blur > 0.0) { c += softAt(q) * blur; }
    return c;
  }
  var c = softerAt(q) * (blur - 1.0);
  if (blur < 2.0) { c += softAt(q) * (2.0 - blur); }
  return c;
}

// Soft saturation: faint light is lifted by `gain`, bright light levels off at about 1.
fn lift(c: vec3f, gain: f32) -> vec3f {
  return c * (gain / (1.0 + gain * luma(c)));
}

// 1 inside the frame, falling to 0 over its last texel, so clamped edge texels never smear in.
fn inside(q: vec2f, size: vec2f) -> f32 {
  let edge = smoothstep(vec2f(0.0), vec2f(1.0), q) * smoothstep(vec2f(0.0), vec2f(1.0), size - q);
  return edge.x * edge.y;
}

// Ghost paths are vignetted by the lens barrel: light from far off axis reflects less.
fn ghostWindow(q: vec2f, size: vec2f) -> f32 {
  let r = length(q - size * 0.5) / length(size * 0.5);
  return (1.0 - smoothstep(0.55, 1.0, r)) * inside(q, size);
}

fn ghostAt(q: vec2f, blur: f32, size: vec2f) -> vec3f {
  return lift(blurredAt(q, blur), params.ghostGain) * ghostWindow(q, size);
}

// A ghost that lands a source at offset u from the centre at scale * u: this texel (offset v) sees the
// source at v / scale. Red and blue take slightly different scales (the ghost path's lateral colour).
fn ghost(v: vec2f, scale: f32, blur: f32, size: vec2f) -> vec3f {
  let centre = size * 0.5;
  let g = ghostAt(centre + v / scale, blur, size);
  if (params.ghostDispersion == 0.0) { return g; }
  let r = ghostAt(centre + v / (scale * (1.0 + params.ghostDispersion)), blur, size).r;
  let b = ghostAt(centre + v / (scale * (1.0 - params.ghostDispersion)), blur, size).b;
  return vec3f(r, g.g, b);
}

// A ring around the centre (as in Chapman's screen-space flare): each texel looks a fixed distance back
// towards the centre, so a light near the middle draws a full ring and one further out an arc.
fn halo(pos: vec2f, v: vec2f, size: vec2f) -> vec3f {
  let towards = -v / max(length(v), 1e-3);
  let d = params.haloDispersion;
  let qr = pos + towards * params.haloRadius * (1.0 + d);
  let qg = pos + towards * params.haloRadius;
  let qb = pos + towards * params.haloRadius * (1.0 - d);
  let r = lift(softAt(qr), params.ghostGain).r * ghostWindow(qr, size);
  let g = lift(softAt(qg), params.ghostGain).g * ghostWindow(qg, size);
  let b = lift(softAt(qb), params.ghostGain).b * ghostWindow(qb, size);
  return vec3f(r, g, b);
}

fn hotAt(q: vec2f, size: vec2f) -> vec3f {
  return tapAt(input3, linearSampler, q) * inside(q, size);
}

// Diffraction spikes: lines through each hot spot, fading along their length.
fn rays(pos: vec2f, size: vec2f) -> vec3f {
  var sum = vec3f(0.0);
  for (var k = 0; k < params.rayLines; k++) {
    let angle = params.rayAngle + f32(k) * PI / f32(params.rayLines);
    let stride = vec2f(cos(angle), sin(angle)) * params.rayStep;
    for (var t = 1; t <= RAY_TAPS; t++) {
      let w = 1.0 - f32(t) / f32(RAY_TAPS + 1);
      sum += (hotAt(pos + stride * f32(t), size) + hotAt(pos - stride * f32(t), size)) * (w * w);
    }
  }
  return lift(sum, params.rayGain);
}

// A horizontal streak, read from the squashed texture (its x in eighths of ours): the strongest hot spot
// along the row, fading with its distance, so that streaks do not pile up where a bright edge runs along.
fn streak(pos: vec2f) -> vec3f {
  let width = f32(textureDimensions(input4).x);
  let x = pos.x * 0.125;
  var strongest = vec3f(0.0);
  for (var t = 1; t <= STREAK_TAPS; t++) {
    let w = 1.0 - f32(t) / f32(STREAK_TAPS + 1);
    let dx = f32(t) * params.streakStep;
    let right = tapAt(input4, linearSampler, vec2f(x + dx, pos.y)) * step(x + dx, width);
    let left = tapAt(input4, linearSampler, vec2f(x - dx, pos.y)) * step(0.0, x - dx);
    strongest = max(strongest, max(right, left) * (w * w));
  }
  return lift(strongest, params.streakGain);
}

// The flare at `strength`, in 8 bits: what it adds beyond 1 would clip anyway, and the full-size pass
// filters 8 bits cheaply.
@compute @workgroup_size(8, 8)
fn flare(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(output));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  let size = vec2f(dims);
  let pos = vec2f(p) + 0.5;
  let v = pos - size * 0.5;
  var sum = vec3f(0.0);
  for (var i = 0; i < params.ghostCount; i++) {
    let g = params.ghosts[i];
    sum += g.xyz * ghost(v, g.w, params.ghostBlur[i / 4][i % 4], size);
  }
  if (params.haloRadius > 0.0) { sum += params.haloTint * halo(pos, v, size); }
  if (params.rayLines > 0) { sum += rays(pos, size); }
  if (params.streakStep > 0.0) { sum += params.streakTint * streak(pos); }
  textureStore(output, p, vec4f(sum * params.strength, 1.0));
}

// Adds the flare, upsampled from the eighth-size grid, to the image.
@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3u) {
  let dims = vec2i(textureDimensions(output));
  let p = vec2i(id.xy);
  if (p.x >= dims.x || p.y >= dims.y) { return; }
  textureStore(output, p, addLight(input0, input1, linearSampler, p, 0.125));
}
