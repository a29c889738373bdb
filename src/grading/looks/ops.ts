/**
 * Small colour operations the looks are made of. Everything works on sRGB-encoded 0..1 values, as CSS
 * filters and photo apps do, and is plain worker-safe arithmetic. Operations return new triples; values
 * may leave 0..1 between steps unless an operation says it clamps.
 */
export type Rgb = readonly [number, number, number];

export const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));
export const clampRgb = (c: Rgb): Rgb => [clamp01(c[0]), clamp01(c[1]), clamp01(c[2])];
export const mix = (a: number, b: number, t: number): number => a + (b - a) * t;
export const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [
  mix(a[0], b[0], t),
  mix(a[1], b[1], t),
  mix(a[2], b[2], t),
];
const map = (c: Rgb, fn: (v: number, i: number) => number): Rgb => [fn(c[0], 0), fn(c[1], 1), fn(c[2], 2)];

/** Rec. 709 luma weights, as CSS filters use. */
export const luma = (c: Rgb): number => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];

/** A 3x3 matrix (rows) times the colour. */
export function matrix(c: Rgb, m: readonly number[]): Rgb {
  const at = (i: number) => m[i] ?? 0;
  return [
    at(0) * c[0] + at(1) * c[1] + at(2) * c[2],
    at(3) * c[0] + at(4) * c[1] + at(5) * c[2],
    at(6) * c[0] + at(7) * c[1] + at(8) * c[2],
  ];
}

// CSS Filter Effects Level 1 filters; each clamps, as the spec's component transfers do.

/** CSS sepia(amount). */
export function sepia(c: Rgb, amount: number): Rgb {
  const k = 1 - amount;
  return clampRgb(
    // prettier-ignore
    matrix(c, [
      0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k,
      0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k,
      0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k,
    ]),
  );
}

/** CSS saturate(amount): 0 is grey, 1 unchanged, above 1 more saturated. */
export function saturate(c: Rgb, s: number): Rgb {
  return clampRgb(
    // prettier-ignore
    matrix(c, [
      0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
      0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
      0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s,
    ]),
  );
}

/** CSS contrast(amount): scales about mid-grey. */
export const contrast = (c: Rgb, k: number): Rgb => clampRgb(map(c, (v) => (v - 0.5) * k + 0.5));

/** CSS brightness(amount): a gain. */
export const brightness = (c: Rgb, k: number): Rgb => clampRgb(map(c, (v) => v * k));

/** Per-channel gains (white balance, casts). */
export const gains = (c: Rgb, g: Rgb): Rgb => map(c, (v, i) => v * (g[i] ?? 1));

/** Saturation about luma without clamping, keeping a colour's luma. */
export const lumaSaturation = (c: Rgb, s: number): Rgb => {
  const y = luma(c);
  return map(c, (v) => y + (v - y) * s);
};

// Blend modes of image editors, composited with an opacity (source-over of the blended result).

type Blend = (base: number, layer: number) => number;
export const multiplyBlend: Blend = (b, l) => b * l;
export const screenBlend: Blend = (b, l) => 1 - (1 - b) * (1 - l);
export const overlayBlend: Blend = (b, l) => (b < 0.5 ? 2 * b * l : 1 - 2 * (1 - b) * (1 - l));
export const softLightBlend: Blend = (b, l) => {
  // W3C Compositing Level 1 soft light.
  if (l <= 0.5) return b - (1 - 2 * l) * b * (1 - b);
  const d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b);
  return b + (2 * l - 1) * (d - b);
};
export const lightenBlend: Blend = (b, l) => Math.max(b, l);
export const darkenBlend: Blend = (b, l) => Math.min(b, l);

export function blend(c: Rgb, layer: Rgb, mode: Blend, opacity = 1): Rgb {
  return map(c, (v, i) => mix(v, mode(v, layer[i] ?? 0), opacity));
}

/**
 * A smooth monotone curve through points (x ascending, both in 0..1), as a curves tool draws it:
 * monotone cubic Hermite (Fritsch and Carlson), flat beyond the ends.
 */
export function curve(points: readonly (readonly [number, number])[]): (x: number) => number {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const n = points.length;
  const slopes: number[] = [];
  for (let i = 0; i < n - 1; i++)
    slopes.push(((ys[i + 1] ?? 0) - (ys[i] ?? 0)) / ((xs[i + 1] ?? 0) - (xs[i] ?? 0)));
  const tangents: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i === 0) tangents.push(slopes[0] ?? 0);
    else if (i === n - 1) tangents.push(slopes[n - 2] ?? 0);
    else {
      const a = slopes[i - 1] ?? 0;
      const b = slopes[i] ?? 0;
      tangents.push(a * b <= 0 ? 0 : (a + b) / 2);
    }
  }
  for (let i = 0; i < n - 1; i++) {
    const s = slopes[i] ?? 0;
    if (s === 0) {
      tangents[i] = 0;
      tangents[i + 1] = 0;
      continue;
    }
    const a = (tangents[i] ?? 0) / s;
    const b = (tangents[i + 1] ?? 0) / s;
    const h = a * a + b * b;
    if (h > 9) {
      const t = 3 / Math.sqrt(h);
      tangents[i] = t * a * s;
      tangents[i + 1] = t * b * s;
    }
  }
  return (x: number) => {
    if (x <= (xs[0] ?? 0)) return ys[0] ?? 0;
    if (x >= (xs[n - 1] ?? 1)) return ys[n - 1] ?? 1;
    let i = 0;
    while (x > (xs[i + 1] ?? 1)) i++;
    const x0 = xs[i] ?? 0;
    const h = (xs[i + 1] ?? 1) - x0;
    const t = (x - x0) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * (ys[i] ?? 0) +
      (t3 - 2 * t2 + t) * h * (tangents[i] ?? 0) +
      (-2 * t3 + 3 * t2) * (ys[i + 1] ?? 0) +
      (t3 - t2) * h * (tangents[i + 1] ?? 0)
    );
  };
}

/** Applies one curve to all channels, or one per channel. */
export function curves(c: Rgb, all: (x: number) => number): Rgb;
export function curves(
  c: Rgb,
  r: (x: number) => number,
  g: (x: number) => number,
  b: (x: number) => number,
): Rgb;
export function curves(
  c: Rgb,
  r: (x: number) => number,
  g: (x: number) => number = r,
  b: (x: number) => number = r,
): Rgb {
  return [r(clamp01(c[0])), g(clamp01(c[1])), b(clamp01(c[2]))];
}

/** Levels: input black and white points, a midtone gamma, output black and white points. */
export function levels(
  v: number,
  inBlack: number,
  inWhite: number,
  gamma = 1,
  outBlack = 0,
  outWhite = 1,
): number {
  const t = clamp01((v - inBlack) / (inWhite - inBlack));
  return mix(outBlack, outWhite, Math.pow(t, 1 / gamma));
}

/**
 * Split toning: tints the shadows towards one colour and the highlights towards another, by soft-light
 * so that black and white stay put, weighted by luma.
 */
export function splitTone(c: Rgb, shadows: Rgb, highlights: Rgb, amount: number, balance = 0.5): Rgb {
  const y = clamp01(luma(c));
  const w = clamp01((y - balance) * 2 + 0.5);
  const shadowWeight = amount * (1 - w);
  const highlightWeight = amount * w;
  const toned = blend(c, shadows, softLightBlend, shadowWeight);
  return blend(toned, highlights, softLightBlend, highlightWeight);
}

/** Maps luma through a gradient of colours (a gradient map), stops evenly spaced from black to white. */
export function gradientMap(y: number, stops: readonly Rgb[]): Rgb {
  const t = clamp01(y) * (stops.length - 1);
  const i = Math.min(Math.floor(t), stops.length - 2);
  const a = stops[i] ?? [0, 0, 0];
  const b = stops[i + 1] ?? [1, 1, 1];
  return mixRgb(a, b, t - i);
}

/** HSV of a colour: hue in 0..1, saturation (max - min) / max, value max. */
export function toHsv(c: Rgb): Rgb {
  const [r, g, b] = c;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d + 6) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
  }
  return [h / 6, max > 0 ? d / max : 0, max];
}

export function fromHsv(hsv: Rgb): Rgb {
  const [h, s, v] = hsv;
  const k = (n: number) => (n + h * 6) % 6;
  const f = (n: number) => v - v * s * Math.max(0, Math.min(k(n), 4 - k(n), 1));
  return [f(5), f(3), f(1)];
}
