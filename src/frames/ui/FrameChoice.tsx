/**
 * The Frame choice, beside Crop: a button that opens the frames, each a thumbnail of the user's photo on
 * its print, and the chosen frame's options (the caption, the film's edge text and rebate, the date).
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';
import { useAtomValue } from '../../ui/jotai.ts';
import { MAX_CAPTION, MAX_EDGE_TEXT, cleanCaption, type FrameChoice } from '../../edit/frame.ts';
import { FRAMES, type FrameId } from '../model/frames.ts';
import { frameAtom } from './frame-atom.ts';
import { msg } from '../../i18n/msg.ts';
import { useT } from '../../i18n/use-t.ts';
import { frameOpenAtom, type FrameController } from './frame-controller.ts';
import { drawMiniature } from './miniature.ts';
import './frames.css';

const CHOICES: readonly { id: FrameId; name: string }[] = [
  { id: 'none', name: msg('None') },
  ...FRAMES.map(({ id, name }) => ({ id, name })),
];

function Miniature({ id, photo }: { id: FrameId; photo: ImageBitmap | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) drawMiniature(canvas.current, id, photo);
  }, [id, photo]);
  return <canvas ref={canvas} className="frame-miniature" width={72} height={72} aria-hidden="true" />;
}

interface FrameButtonProps {
  frames: FrameController;
  /** The choice can open now (the photo can be read). */
  enabled: boolean;
  /** The worker holds a photo: while it is busy (a save just made, an apply), a click waits for it. */
  photo: boolean;
}

/**
 * The Frame button. Without a photo it is disabled. With one that the worker is busy with, it stays
 * clickable (aria-disabled): a click is kept and carried out once the photo can be read, so a click made
 * just after a save's download, before the worker is ready again, is not lost.
 */
export function FrameButton({ frames, enabled, photo }: FrameButtonProps) {
  const t = useT();
  const open = useAtomValue(frameOpenAtom);
  const frame = useAtomValue(frameAtom);
  const panel = useId();
  const button = useRef<HTMLButtonElement>(null);
  /** A click made while the worker was busy, to carry out once the photo can be read. */
  const queued = useRef(false);
  useEffect(() => {
    if (!enabled || !queued.current) return;
    queued.current = false;
    frames.open();
  }, [enabled, frames]);
  // A photo gone (a failed load) drops a waiting click.
  useEffect(() => {
    if (!photo) queued.current = false;
  }, [photo]);
  const chosen = frame.id === 'none' ? null : t(CHOICES.find((c) => c.id === frame.id)?.name ?? '');
  // The frame chosen goes on a second, small line that ends in an ellipsis where it does not fit (as the
  // step under Apply does), so a long name never makes the action bar taller; its name says it whole.
  const name = chosen === null ? undefined : t('Frame: {name}', { name: chosen });
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button action-frame"
        data-testid="frame-button"
        aria-expanded={open}
        aria-controls={open ? panel : undefined}
        disabled={!photo}
        aria-disabled={!enabled}
        aria-label={name}
        title={name}
        onClick={() => {
          if (!enabled) queued.current = !open;
          else if (open) frames.close();
          else frames.open();
        }}
      >
        {t('Frame')}
        {chosen !== null && <span className="action-step">{chosen}</span>}
      </button>
      {open ? <FramePanel id={panel} frames={frames} frame={frame} opener={button} /> : null}
    </>
  );
}

/** Space kept between the choice and the action bar or the window's edge, px. */
const MARGIN = 8;

/**
 * Where the choice goes: in the larger of the spaces above and below the action bar it opens from, so it
 * never lies over Save or the other actions; over the window's bottom when it has no bar.
 */
function placement(panel: HTMLElement): CSSProperties {
  const bar = actionBarOf(panel);
  if (!bar) return {};
  const { top, bottom } = bar.getBoundingClientRect();
  // A phone: over the controls' column above the bar, leaving the photo in view (the editor makes the
  // photo shorter for it, as for a look's controls).
  const column = phoneColumnOf(panel);
  if (column) {
    const area = column.getBoundingClientRect();
    return {
      top: Math.round(area.top),
      bottom: Math.round(window.innerHeight - top),
      left: Math.round(area.left),
      right: Math.round(window.innerWidth - area.right),
      width: 'auto',
      maxHeight: 'none',
    };
  }
  const above = top - 2 * MARGIN;
  const below = window.innerHeight - bottom - 2 * MARGIN;
  const room = (space: number) => `min(70vh, 560px, ${Math.max(0, Math.round(space))}px)`;
  return above >= below
    ? { top: 'auto', bottom: window.innerHeight - top + MARGIN, maxHeight: room(above) }
    : { top: bottom + MARGIN, bottom: 'auto', maxHeight: room(below) };
}

/** The action bar the choice opens from (absent where the Frame button has no bar). */
function actionBarOf(panel: HTMLElement): Element | null | undefined {
  return panel.parentElement?.closest('.actions');
}

/** On a phone, the column of controls the bar ends (the choice lies over it); null elsewhere. */
function phoneColumnOf(panel: HTMLElement): Element | null {
  return panel.closest('.editor-phone')?.querySelector('.sidebar-right') ?? null;
}

interface FramePanelProps {
  id: string;
  frames: FrameController;
  frame: FrameChoice;
  /** The Frame button, given focus back when Escape closes the choice from inside it. */
  opener: RefObject<HTMLButtonElement | null>;
}

function FramePanel({ id, frames, frame, opener }: FramePanelProps) {
  const t = useT();
  const [photo, setPhoto] = useState<ImageBitmap | null>(null);
  const section = useRef<HTMLElement>(null);
  const [place, setPlace] = useState<CSSProperties>({});
  useLayoutEffect(() => {
    const place = () => {
      if (!section.current) return;
      const next = placement(section.current);
      setPlace((now) => (JSON.stringify(now) === JSON.stringify(next) ? now : next));
    };
    place();
    // Placed again when the window or the page moves, and when the bar's own size changes (the Frame
    // button's label grows with the frame's name). Not on scrolls inside the choice itself: those move
    // nothing the placement depends on, and a placement that jumps as its own list scrolls would move its
    // buttons from under a pointer.
    const bar = section.current ? actionBarOf(section.current) : null;
    const resized = new ResizeObserver(place);
    if (bar) resized.observe(bar);
    // On a phone the column moves as the photo above it gives way.
    const column = section.current ? phoneColumnOf(section.current) : null;
    if (column) resized.observe(column);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place);
    return () => {
      resized.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place);
    };
  }, []);
  // Escape closes the choice wherever focus is in the page, and focus goes back to the Frame button.
  useEffect(() => {
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      const inside = section.current?.contains(document.activeElement) ?? false;
      frames.close();
      if (inside) opener.current?.focus();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [frames, opener]);
  const captionId = useId();
  const edgeId = useId();
  const numberId = useId();
  useEffect(() => {
    let live = true;
    let got: ImageBitmap | null = null;
    void frames.photo().then((image) => {
      got = image;
      if (live) setPhoto(image);
      else image?.close();
    });
    return () => {
      live = false;
      got?.close();
    };
  }, [frames]);
  const fillId = useId();
  const instant = frame.id.startsWith('instant-');
  const film = frame.id.startsWith('film-');
  return (
    <section id={id} ref={section} className="frame-panel" style={place} aria-label={t('Frame')}>
      <div className="frame-choices" role="group" aria-label={t('Frames')}>
        {CHOICES.map((choice) => (
          <button
            key={choice.id}
            type="button"
            className="frame-choice"
            data-testid={`frame-${choice.id}`}
            aria-pressed={frame.id === choice.id}
            onClick={() => frames.change({ id: choice.id })}
          >
            <Miniature id={choice.id} photo={photo} />
            <span>{t(choice.name)}</span>
          </button>
        ))}
      </div>
      {frame.id !== 'none' && frame.id !== 'print-border' ? (
        <div className="frame-option frame-fill">
          <label htmlFor={fillId}>{t('Fill the window')}</label>
          <input
            id={fillId}
            type="range"
            data-testid="frame-fill"
            min={0}
            max={100}
            step={1}
            value={Math.round(frame.fill * 100)}
            aria-valuetext={`${Math.round(frame.fill * 100)}%`}
            onChange={(event) => frames.change({ fill: Number(event.target.value) / 100 })}
          />
        </div>
      ) : null}
      {instant ? (
        <div className="frame-option">
          <label htmlFor={captionId}>{t('Caption')}</label>
          <input
            id={captionId}
            type="text"
            data-testid="frame-caption"
            value={frame.caption}
            placeholder={t('Write on the print')}
            onChange={(event) => frames.change({ caption: cleanCaption(event.target.value) })}
          />
          <small>
            {Array.from(frame.caption).length} / {MAX_CAPTION}
          </small>
        </div>
      ) : null}
      {film ? (
        <>
          <div className="frame-option">
            <label htmlFor={edgeId}>{t('Edge text')}</label>
            <input
              id={edgeId}
              type="text"
              maxLength={MAX_EDGE_TEXT}
              value={frame.edgeText}
              onChange={(event) => frames.change({ edgeText: event.target.value })}
            />
          </div>
          <div className="frame-option">
            <label htmlFor={numberId}>{t('Frame number')}</label>
            <input
              id={numberId}
              type="number"
              min={1}
              max={36}
              value={frame.frameNumber}
              onChange={(event) => frames.change({ frameNumber: Number(event.target.value) })}
            />
          </div>
          <label className="frame-option frame-toggle">
            <input
              type="checkbox"
              checked={frame.orangeMask}
              onChange={(event) => frames.change({ orangeMask: event.target.checked })}
            />
            {t('Colour negative (orange rebate)')}
          </label>
        </>
      ) : null}
      {frame.id === 'print-border' ? (
        <label className="frame-option frame-toggle">
          <input
            type="checkbox"
            checked={frame.date}
            onChange={(event) => frames.change({ date: event.target.checked })}
          />
          {t('Print the date')}
        </label>
      ) : null}
      <button
        type="button"
        className="button frame-done"
        data-testid="frame-done"
        onClick={() => frames.close()}
      >
        {t('Done')}
      </button>
    </section>
  );
}
