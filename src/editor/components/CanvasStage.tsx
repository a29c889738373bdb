import { useEffect, useRef, type ReactNode } from 'react';
import { frameAtom } from '../../frames/ui/frame-atom.ts';
import { printLayout, writesAtBottom } from '../../frames/model/layout.ts';
import type { EditorController } from '../controller.ts';
import { useAtomValue } from '../../ui/jotai.ts';
import { useEditorState } from '../state/atoms.ts';
import { exportProgressAtom, savingAtom, showingOriginalAtom } from '../../ui/atoms.ts';
import { fittedCanvasSize, layoutMode, phoneCanvasAreaHeight } from '../../ui/canvas-layout.ts';
import { collageDisplaySize } from '../../collage/ui/display-size.ts';
import { canRequestImage, type EditorState } from '../../session/editor-state.ts';
import { zoomIndicatorText } from '../state/view-rules.ts';
import { useViewport } from '../../ui/useViewport.ts';
import { HOLD_MS, useCanvasGestures } from './canvas-gestures.ts';
import './CanvasStage.css';
import { useT } from '../../i18n/use-t.ts';
import type { Shown } from '../../i18n/msg.ts';
import { translate } from '../../i18n/translate-message.ts';

/** What the canvas area shows, from the editor's state. */
const canvasSlice = (state: EditorState) => ({
  processingWidth: state.processingWidth,
  processingHeight: state.processingHeight,
  zoomLevel: state.zoomLevel,
  workerStatus: state.workerStatus,
  isImageReadyInWorker: state.isImageReadyInWorker,
  pendingPreviewUrl: state.pendingPreviewUrl,
  pendingImageFile: state.pendingImageFile,
  errorMessage: state.errorMessage,
  zoomText: zoomIndicatorText(state),
  // Compare shows the committed image in place of the effect on screen.
  canCompare: canRequestImage(state) && state.lastAppliedEffectId !== null,
});

interface CanvasStageProps {
  controller: EditorController;
  /** Gives the engine the element its canvas goes in; returns the cleanup. */
  onHost: (host: HTMLElement) => () => void;
  onChooseFile: () => void;
  overlay?: ReactNode;
  /** The collage editor, shown in place of the main canvas while the collage is open. */
  collage?: ReactNode;
  /** The collage canvas's own size while it is open (a phone's canvas area fits it). */
  collageSize?: { width: number; height: number } | null;
  /** On an upright phone, what the tool open under the photo needs (src/editor/phone-layout.ts); null: none. */
  toolNeed?: number | null;
}

export function CanvasStage({
  controller,
  onHost,
  onChooseFile,
  overlay,
  collage,
  collageSize,
  toolNeed = null,
}: CanvasStageProps) {
  const state = useEditorState(canvasSlice);
  const t = useT();
  const saving = useAtomValue(savingAtom);
  const host = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const viewport = useViewport();
  const showingOriginal = useAtomValue(showingOriginalAtom);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    return onHost(container);
  }, [onHost]);

  // With a frame, the print is shown: the photo's window and the border around it.
  const frame = useAtomValue(frameAtom);
  const photo = { width: state.processingWidth ?? 800, height: state.processingHeight ?? 600 };
  // One layout per render: its size is what is shown, its writing what Compare keeps clear of.
  const print = printLayout(frame, photo);
  const shown = print ?? photo;
  const imageWidth = shown.width;
  const imageHeight = shown.height;
  const mobile = layoutMode(viewport.width) === 'mobile';
  const table = fittedCanvasSize(viewport.width, viewport.height, imageWidth, imageHeight);
  const loading = state.workerStatus === 'LoadingImage';
  const canvasShown = (state.isImageReadyInWorker || loading) && !collage;
  // On a phone the area is as tall as what it shows: the photo at 1x (zooming scrolls inside the area
  // rather than growing it) or the collage canvas; shorter while a tool is open under it.
  const shownHeight =
    collage && collageSize
      ? collageDisplaySize(viewport.width, viewport.height, collageSize).height
      : canvasShown
        ? table.height
        : null;
  const areaHeight = mobile
    ? phoneCanvasAreaHeight(viewport.height, shownHeight, collage ? null : toolNeed)
    : null;
  const fitted =
    mobile && toolNeed !== null && !collage
      ? fittedCanvasSize(viewport.width, viewport.height, imageWidth, imageHeight, areaHeight)
      : table;
  const width = Math.round(fitted.width * state.zoomLevel);
  const height = Math.round(fitted.height * state.zoomLevel);
  const gestures = useCanvasGestures(
    host,
    scroller,
    {
      zoom: state.zoomLevel,
      ready: state.isImageReadyInWorker,
      cycleZoom: () => controller.cycleZoom(),
      zoomTo: (level) => controller.zoomTo(level),
      showOriginal: (show) => controller.showOriginal(show),
    },
    { width, height },
  );

  const exportProgress = useAtomValue(exportProgressAtom);
  const busy =
    (state.workerStatus === 'LoadingImage' || state.workerStatus === 'ApplyingEffect' || saving) &&
    exportProgress === null;
  const { zoomText } = state;
  const areaStyle = areaHeight === null ? undefined : { height: areaHeight };

  return (
    <main className="canvas-area" aria-label={t('Canvas')} style={areaStyle}>
      <div className="canvas-scroll" ref={scroller} data-zoomed={state.zoomLevel > 1 && !collage}>
        <div
          className="canvas-host"
          ref={host}
          style={{ width, height }}
          hidden={!canvasShown}
          onPointerDown={gestures.onPointerDown}
          onPointerMove={gestures.onPointerMove}
          onPointerUp={gestures.onPointerUp}
          onPointerCancel={gestures.onPointerCancel}
          onLostPointerCapture={gestures.onLostPointerCapture}
          onKeyDown={(event) => {
            // Space zooms; Enter is left to the editor's shortcuts (Apply).
            if (event.key === ' ') {
              event.preventDefault();
              event.stopPropagation();
              gestures.cycleZoomFromKeyboard();
            }
          }}
          data-shortcuts="editor"
          tabIndex={state.isImageReadyInWorker ? 0 : -1}
          role="button"
          aria-label={t('Zoom (now {zoom}x)', { zoom: state.zoomLevel })}
        >
          {overlay}
        </div>
        {collage}
      </div>
      {canvasShown && state.isImageReadyInWorker && (
        <CompareControl
          enabled={state.canCompare}
          raised={writesAtBottom(print)}
          showing={showingOriginal}
          onShow={(show) => controller.showOriginal(show)}
        />
      )}
      {zoomText && (
        <div className="zoom-indicator" data-testid="zoom-indicator" aria-live="polite">
          {translate(zoomText)}
        </div>
      )}
      {loading && (
        <div className="loading-preview" data-testid="loading-preview">
          {state.pendingPreviewUrl && <img src={state.pendingPreviewUrl} alt="" />}
          <p>
            {t('Loading')}
            <span className="dots" aria-hidden="true" />
          </p>
        </div>
      )}
      {busy && (
        <div className="processing-overlay" data-testid="processing-overlay" role="status" aria-live="polite">
          {/* One line: the overlay's grid would put the dots on a row of their own. */}
          <span>
            {t('Processing')}
            <span className="dots" aria-hidden="true" />
          </span>
        </div>
      )}
      {exportProgress !== null && (
        <ExportProgress progress={exportProgress} onCancel={() => controller.saves.cancelExport()} />
      )}
      {!state.isImageReadyInWorker && !loading && state.pendingImageFile && (
        <KeptPhoto
          file={state.pendingImageFile}
          controller={controller}
          error={state.workerStatus === 'WorkerError' ? state.errorMessage : null}
          onRetry={() => controller.retryEngine()}
          onChooseFile={onChooseFile}
        />
      )}
      {!state.isImageReadyInWorker && !loading && !state.pendingImageFile && (
        <div className="upload-overlay" data-testid="upload-overlay">
          <p className="upload-title">{t('Drop a photo here')}</p>
          <button type="button" className="button button-primary" onClick={onChooseFile}>
            {t('Choose a photo')}
          </button>
          <p className="hint">{t('JPG, PNG or WEBP. Your photo never leaves this device.')}</p>
        </div>
      )}
    </main>
  );
}

/**
 * Compare: hold to see the image before the effect, or press (a click, Enter or Space) to switch between
 * the two. A 'Before' label is shown while the image before the effect is.
 */
function CompareControl({
  enabled,
  raised,
  showing,
  onShow,
}: {
  enabled: boolean;
  /** The print writes along its bottom edge: the button goes to the top corner, the label to the bottom. */
  raised: boolean;
  showing: boolean;
  onShow: (show: boolean) => void;
}) {
  const held = useRef<{ at: number; wasShowing: boolean } | null>(null);
  const t = useT();
  return (
    <>
      {showing && (
        <div
          className={raised ? 'before-label before-label-low' : 'before-label'}
          data-testid="before-label"
          aria-live="polite"
        >
          {t('Before')}
        </div>
      )}
      <button
        type="button"
        className={raised ? 'compare-button compare-button-raised' : 'compare-button'}
        data-testid="compare-button"
        aria-pressed={showing}
        disabled={!enabled}
        title={t('Compare with the image before the effect: hold, or press to switch (or hold \\)')}
        onPointerDown={(event) => {
          if (event.pointerType === 'mouse' && event.button !== 0) return;
          held.current = { at: performance.now(), wasShowing: showing };
          onShow(true);
        }}
        onPointerUp={() => {
          const press = held.current;
          held.current = null;
          if (!press) return;
          // A long press was a hold: let go, back to the effect. A short one toggles.
          const hold = performance.now() - press.at >= HOLD_MS;
          onShow(hold ? false : !press.wasShowing);
        }}
        onPointerCancel={() => {
          held.current = null;
          onShow(false);
        }}
        onClick={(event) => {
          // Enter or Space (no pointer): a toggle, for the keyboard and screen readers.
          if (event.detail === 0) onShow(!showing);
        }}
      >
        {t('Compare')}
      </button>
    </>
  );
}

/** A full-resolution save under way: how far it has come, and a way to stop it (Escape works too). */
function ExportProgress({ progress, onCancel }: { progress: number; onCancel: () => void }) {
  const percent = Math.round(progress * 100);
  const overlay = useRef<HTMLDivElement>(null);
  const t = useT();
  // On a phone the canvas is above the controls, out of view when Save is pressed: bring the progress
  // and its Cancel button into view (nothing moves where they are already visible).
  useEffect(() => {
    overlay.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <div className="export-overlay" data-testid="export-progress" data-progress={percent} ref={overlay}>
      <p role="status" aria-live="polite">
        {t('Saving full resolution')}
        <span className="dots" aria-hidden="true" />
      </p>
      <progress max={100} value={percent} aria-label={t('Full-resolution save progress')}>
        {percent}%
      </progress>
      <p className="export-percent" aria-hidden="true">
        {percent}%
      </p>
      <button type="button" className="button" data-testid="cancel-export" onClick={onCancel}>
        {t('Cancel')}
      </button>
    </div>
  );
}

/**
 * A photo waiting for the effect engine (chosen on the landing page, or while the engine was down): shown
 * while the engine starts and, when it could not start, with the reason and a way to try again. The photo
 * is never dropped for something the engine did.
 */
function KeptPhoto({
  file,
  controller,
  error,
  onRetry,
  onChooseFile,
}: {
  file: Blob;
  /** Makes the photo's picture at the processing size (a URL its photo intake owns). */
  controller: EditorController;
  error: Shown | null;
  onRetry: () => void;
  onChooseFile: () => void;
}) {
  const image = useRef<HTMLImageElement>(null);
  const t = useT();
  // Set on the element directly once decoded; a photo that cannot be decoded shows the words alone.
  useEffect(() => {
    let current = true;
    void controller.keptPreview(file).then((url) => {
      if (!current || !url || !image.current) return;
      image.current.hidden = false;
      image.current.src = url;
    });
    return () => {
      current = false;
    };
  }, [file, controller]);
  return (
    <div className="kept-photo" data-testid="kept-photo">
      {/* Hidden until its picture is decoded; a file that cannot be leaves the words alone. */}
      <img
        ref={image}
        hidden
        alt={t('Your photo, waiting for the effect engine')}
        onError={(event) => (event.currentTarget.hidden = true)}
      />
      {error ? (
        <>
          <p className="upload-title">{t('Your photo is kept')}</p>
          <p className="hint" role="alert">
            {t('The effect engine could not start: {error}', { error: translate(error) })}
          </p>
          <div className="kept-photo-actions">
            <button
              type="button"
              className="button button-primary"
              data-testid="retry-engine"
              onClick={onRetry}
            >
              {t('Try again')}
            </button>
            <button type="button" className="button" onClick={onChooseFile}>
              {t('Choose another photo')}
            </button>
          </div>
        </>
      ) : (
        <p role="status">
          {t('Starting the effect engine')}
          <span className="dots" aria-hidden="true" />
        </p>
      )}
    </div>
  );
}
