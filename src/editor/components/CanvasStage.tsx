import { useEffect, useRef, type ReactNode } from 'react';
import type { EditorController } from '../controller.ts';
import { useAtomValue } from '../editor-jotai.ts';
import { exportProgressAtom } from '../state/ui.ts';
import { fittedCanvasSize, layoutMode, mobileCanvasAreaHeight } from '../layout.ts';
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

  const exportProgress = useAtomValue(exportProgressAtom);
  const busy =
    (state.workerStatus === 'LoadingImage' || state.workerStatus === 'ApplyingEffect' || saving) &&
    exportProgress === null;
  const zoomText = zoomIndicatorText(state);
  const loading = state.workerStatus === 'LoadingImage';
  const canvasShown = (state.isImageReadyInWorker || loading) && !collage;
  const areaStyle =
    layoutMode(viewport.width) === 'mobile'
      ? { height: mobileCanvasAreaHeight(viewport.height, canvasShown ? height : null) }
      : undefined;

  const release = (cancelled: boolean) => {
    const current = hold.current;
    hold.current = null;
    if (!current) return;
    clearTimeout(current.timer);
    if (current.held) controller.showOriginal(false);
    else if (!cancelled) controller.cycleZoom();
  };

  return (
    <main className="canvas-area" aria-label="Canvas" style={areaStyle}>
      <div className="canvas-scroll">
        <div
          className="canvas-host"
          ref={host}
          style={{ width, height }}
          hidden={!canvasShown}
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
      {exportProgress !== null && (
        <ExportProgress progress={exportProgress} onCancel={() => controller.cancelExport()} />
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

/** A full-resolution save under way: how far it has come, and a way to stop it (Escape works too). */
function ExportProgress({ progress, onCancel }: { progress: number; onCancel: () => void }) {
  const percent = Math.round(progress * 100);
  const overlay = useRef<HTMLDivElement>(null);
  // On a phone the canvas is above the controls, out of view when Save is pressed: bring the progress
  // and its Cancel button into view (nothing moves where they are already visible).
  useEffect(() => {
    overlay.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <div className="export-overlay" data-testid="export-progress" data-progress={percent} ref={overlay}>
      <p role="status" aria-live="polite">
        Saving full resolution
        <span className="dots" aria-hidden="true" />
      </p>
      <progress max={100} value={percent} aria-label="Full-resolution save progress">
        {percent}%
      </progress>
      <p className="export-percent" aria-hidden="true">
        {percent}%
      </p>
      <button type="button" className="button" data-testid="cancel-export" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
