import { useEffect, useRef, type ReactNode } from 'react';
import type { EditorController } from '../controller.ts';
import { fittedCanvasSize } from '../layout.ts';
import { zoomIndicatorText, type EditorState } from '../state/editor-state.ts';
import { useViewport } from '../useViewport.ts';

/** Holding the canvas this long shows the image before the effect instead of zooming. */
const HOLD_MS = 250;

interface CanvasStageProps {
  state: EditorState;
  controller: EditorController;
  saving: boolean;
  /** Gives the engine the element its canvas goes in; returns the cleanup. */
  onHost: (host: HTMLElement) => () => void;
  onChooseFile: () => void;
  overlay?: ReactNode;
  /** The collage editor, shown in place of the main canvas while the collage is open. */
  collage?: ReactNode;
}

export function CanvasStage({
  state,
  controller,
  saving,
  onHost,
  onChooseFile,
  overlay,
  collage,
}: CanvasStageProps) {
  const host = useRef<HTMLDivElement>(null);
  const viewport = useViewport();
  const hold = useRef<{ timer: ReturnType<typeof setTimeout>; held: boolean } | null>(null);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    return onHost(container);
  }, [onHost]);

  const imageWidth = state.processingWidth ?? 800;
  const imageHeight = state.processingHeight ?? 600;
  const fitted = fittedCanvasSize(viewport.width, viewport.height, imageWidth, imageHeight);
  const width = Math.round(fitted.width * state.zoomLevel);
  const height = Math.round(fitted.height * state.zoomLevel);

  const busy = state.workerStatus === 'LoadingImage' || state.workerStatus === 'ApplyingEffect' || saving;
  const zoomText = zoomIndicatorText(state);
  const loading = state.workerStatus === 'LoadingImage';

  const release = (cancelled: boolean) => {
    const current = hold.current;
    hold.current = null;
    if (!current) return;
    clearTimeout(current.timer);
    if (current.held) controller.showOriginal(false);
    else if (!cancelled) controller.cycleZoom();
  };

  return (
    <main className="canvas-area" aria-label="Canvas">
      <div className="canvas-scroll">
        <div
          className="canvas-host"
          ref={host}
          style={{ width, height }}
          hidden={(!state.isImageReadyInWorker && !loading) || Boolean(collage)}
          onPointerDown={(event) => {
            if (event.button !== 0 || !state.isImageReadyInWorker) return;
            const entry = {
              held: false,
              timer: setTimeout(() => {
                entry.held = true;
                controller.showOriginal(true);
              }, HOLD_MS),
            };
            hold.current = entry;
          }}
          onPointerUp={() => release(false)}
          onPointerLeave={() => release(true)}
          onPointerCancel={() => release(true)}
          onKeyDown={(event) => {
            if (event.key === ' ' || event.key === 'Enter') {
              event.preventDefault();
              event.stopPropagation();
              controller.cycleZoom();
            }
          }}
          tabIndex={state.isImageReadyInWorker ? 0 : -1}
          role="button"
          aria-label={`Zoom (now ${state.zoomLevel}x)`}
        >
          {overlay}
        </div>
        {collage}
      </div>
      {zoomText && (
        <div className="zoom-indicator" data-testid="zoom-indicator" aria-live="polite">
          {zoomText}
        </div>
      )}
      {loading && (
        <div className="loading-preview" data-testid="loading-preview">
          {state.pendingPreviewUrl && <img src={state.pendingPreviewUrl} alt="" />}
          <p>
            Loading
            <span className="dots" aria-hidden="true" />
          </p>
        </div>
      )}
      {busy && (
        <div className="processing-overlay" data-testid="processing-overlay" role="status" aria-live="polite">
          Processing
          <span className="dots" aria-hidden="true" />
        </div>
      )}
      {!state.isImageReadyInWorker && !loading && (
        <div className="upload-overlay" data-testid="upload-overlay">
          <p className="upload-title">Drop a photo here</p>
          <button type="button" className="button button-primary" onClick={onChooseFile}>
            Choose a photo
          </button>
          <p className="hint">JPG, PNG or WEBP. Your photo never leaves this device.</p>
        </div>
      )}
    </main>
  );
}
