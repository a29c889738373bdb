/** Masks for the GPU cases, drawn in code: plain TypeScript, so the harness and benchmark pages can use it. */
import { createImage, type RgbaImage } from '../reference/image.ts';

/** Distance from point (x, y) to segment a-b. */
function segmentDistance(x: number, y: number, a: [number, number], b: [number, number]): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.min(1, Math.max(0, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
}

/**
 * What a user's brush leaves on the drawing overlay: a few thick white strokes with antialiased edges on a
 * transparent canvas, at its own size (the overlay need not match the photo).
 */
export function strokeMask(width = 300, height = 240): RgbaImage {
  // Polylines in 0..1 coordinates, each with a brush width relative to the mask width.
  const strokes: { points: [number, number][]; brush: number }[] = [
    {
      points: [
        [0.08, 0.15],
        [0.35, 0.3],
        [0.55, 0.2],
        [0.9, 0.35],
      ],
      brush: 0.12,
    },
    {
      points: [
        [0.2, 0.85],
        [0.45, 0.55],
        [0.7, 0.8],
      ],
      brush: 0.08,
    },
    {
      points: [
        [0.85, 0.6],
        [0.95, 0.95],
      ],
      brush: 0.2,
    },
  ];
  const image = createImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let coverage = 0;
      for (const { points, brush } of strokes) {
        const radius = (brush * width) / 2;
        for (let i = 1; i < points.length; i++) {
          const a = points[i - 1] as [number, number];
          const b = points[i] as [number, number];
          const d = segmentDistance(
            x + 0.5,
            y + 0.5,
            [a[0] * width, a[1] * height],
            [b[0] * width, b[1] * height],
          );
          coverage = Math.max(coverage, Math.min(1, Math.max(0, radius - d + 0.5)));
        }
      }
      const at = (y * width + x) * 4;
      image.data.set([255, 255, 255, Math.round(coverage * 255)], at);
    }
  }
  return image;
}
