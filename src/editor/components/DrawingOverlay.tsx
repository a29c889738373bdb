import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import './DrawingOverlay.css';
import { useT } from '../../i18n/use-t.ts';

interface DrawingOverlayProps {
  /** Intrinsic size: the processing size, so the mask matches the image pixel for pixel. */
  width: number;
  height: number;
  brushSize: number;
  /** Gives the mask canvas to the page, so applies can send it. */
  onCanvas: (canvas: HTMLCanvasElement | null) => void;
  onStrokeEnd: () => void;
}

/**
 * Smart blur's draw mode: the user paints where to blur. White, opaque strokes on a transparent canvas
 * form the mask; a stroke's end applies the effect.
 */
export function DrawingOverlay({ width, height, brushSize, onCanvas, onStrokeEnd }: DrawingOverlayProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [painting, setPainting] = useState(false);
  const t = useT();

  useEffect(() => {
    onCanvas(canvas.current);
    return () => onCanvas(null);
  }, [onCanvas]);

  const point = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * width,
      y: ((event.clientY - rect.top) / rect.height) * height,
    };
  };

  const paint = (to: { x: number; y: number }) => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const from = last.current ?? to;
    context.strokeStyle = '#ffffff';
    context.fillStyle = '#ffffff';
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.lineWidth = brushSize;
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    last.current = to;
  };

  const end = () => {
    setPainting(false);
    if (!last.current) return;
    last.current = null;
    onStrokeEnd();
  };

  return (
    <canvas
      ref={canvas}
      className="drawing-overlay"
      data-testid="drawing-overlay"
      width={width}
      height={height}
      aria-label={t('Paint where to blur')}
      data-painting={painting}
      onClick={(event) => event.stopPropagation()}
      onPointerDown={(event) => {
        event.stopPropagation();
        event.currentTarget.setPointerCapture(event.pointerId);
        last.current = null;
        setPainting(true);
        paint(point(event));
      }}
      onPointerMove={(event) => {
        if (last.current) paint(point(event));
      }}
      onPointerUp={end}
      onPointerCancel={end}
    />
  );
}
