/** Product spec sections 5 and 9: the size the worker processes an image at. */
export const MAX_PROCESSING_SIDE = 1080;
export const FALLBACK_SIZE = { width: 800, height: 600 } as const;

export interface Size {
  width: number;
  height: number;
}

/**
 * If either side exceeds 1080, scale so that the longer side is 1080, keeping the aspect ratio; each side
 * at least 1; 800x600 when the size is unknown (missing, zero, negative or not finite).
 */
export function processingSize(width: number | undefined, height: number | undefined): Size {
  if (!isKnown(width) || !isKnown(height)) return { ...FALLBACK_SIZE };
  const longSide = Math.max(width, height);
  if (longSide <= MAX_PROCESSING_SIDE) {
    return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
  }
  const scale = MAX_PROCESSING_SIDE / longSide;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function isKnown(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
