/**
 * The crop tool: a full-screen view of the photo with the crop frame over it (CropFrame.tsx),
 * the aspect presets, quarter turns and flips of the picture as seen, and straightening. Done hands the
 * choice to the editor, Cancel (or Escape) leaves it as it was; what each control does is frame-edit.ts's.
 */
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { noCrop } from '../model/crop-choice.ts';
import { aspectLabel, ASPECTS, MAX_STRAIGHTEN, type CropChoice, type Size } from '../../edit/crop.ts';
import CropFrame from './CropFrame.tsx';
import { angleNote, chooseAspect, flipView, rotateView, straighten, viewOf } from '../model/frame-edit.ts';
import { fitRect } from '../model/geometry.ts';
import './crop-tool.css';
import type { MessageValues } from '../../i18n/i18n.ts';
import { TURN_TEMPLATE } from '../../i18n/templates.ts';
import { translate } from '../../i18n/translate-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { ModalDialog } from '../../ui/components/ModalDialog.tsx';

export interface CropToolProps {
  /** The photo as loaded (upright, no edits), at the preview's processing size: drawn under the frame. */
  image: ImageBitmap;
  /** The original's size, upright: the unit of the geometry. */
  photo: Size;
  /** Where the tool starts: the crop in force (or none). */
  initial: CropChoice;
  onDone: (choice: CropChoice) => void;
  onCancel: () => void;
}

/** The turn button's name: 'Turn 4:5 to 5:4'. */
function turnLabel(choice: CropChoice, t: (id: string, values?: MessageValues) => string): string {
  if (choice.aspect === 'original') return t('Turn the original shape');
  return t(TURN_TEMPLATE, {
    // 'Free' is a word; a ratio ('4:5') reads alike in every language.
    from: t(aspectLabel(choice.aspect, choice.aspectTurned)),
    to: t(aspectLabel(choice.aspect, !choice.aspectTurned)),
  });
}

/** Degrees as typed and shown: one decimal, no '-0'. */
function degrees(angle: number): string {
  const rounded = Math.round(angle * 10) / 10;
  return String(rounded === 0 ? 0 : rounded);
}

export default function CropTool({ image, photo, initial, onDone, onCancel }: CropToolProps) {
  // A frame handed in from elsewhere is kept inside, as every change after it is.
  const [choice, setChoice] = useState<CropChoice>(() => {
    const { rect, angle } = initial.geometry;
    return {
      ...initial,
      geometry: { ...initial.geometry, rect: fitRect(rect, viewOf(initial, photo), angle) },
    };
  });
  const [typed, setTyped] = useState<string | null>(null);
  // The angle last asked for (typed, slid or kept through a preset), for the note when it could not be had.
  const [asked, setAsked] = useState<number | null>(null);
  const t = useT();

  const setAngle = (value: number) => {
    setAsked(Math.min(MAX_STRAIGHTEN, Math.max(-MAX_STRAIGHTEN, value)));
    setChoice((c) => straighten(c, photo, value));
  };
  const note = translate(angleNote(asked, choice.geometry.angle));
  const turnable = choice.aspect !== 'free' && choice.aspect !== '1-1';
  const angle = choice.geometry.angle;

  return createPortal(
    // Focus comes to the dialog itself, so that Tab starts at the frame; Escape cancels wherever it is.
    <ModalDialog
      className="crop-tool"
      aria-label={t('Crop and rotate')}
      data-testid="crop-tool"
      tabIndex={-1}
      focusSelf
      onCancel={onCancel}
    >
      <CropFrame
        image={image}
        photo={photo}
        choice={choice}
        onChange={setChoice}
        onDone={() => onDone(choice)}
      />
      <div className="crop-panel">
        <div className="crop-aspects" role="group" aria-label={t('Aspect')}>
          {ASPECTS.map(({ id, label }) => (
            <button
              type="button"
              key={id}
              className={`button crop-chip${choice.aspect === id ? ' crop-chip-active' : ''}`}
              data-testid={`crop-aspect-${id}`}
              aria-pressed={choice.aspect === id}
              onClick={() => {
                setAsked(asked ?? choice.geometry.angle);
                setChoice((c) => chooseAspect(c, photo, id));
              }}
            >
              {t(label)}
            </button>
          ))}
        </div>
        <div className="crop-tools" role="group" aria-label={t('Turn and flip')}>
          <button
            type="button"
            className="button"
            data-testid="crop-aspect-turn"
            aria-label={turnLabel(choice, t)}
            aria-pressed={choice.aspectTurned}
            title={turnLabel(choice, t)}
            disabled={!turnable}
            onClick={() => {
              setAsked(asked ?? choice.geometry.angle);
              setChoice((c) => chooseAspect(c, photo, c.aspect, !c.aspectTurned));
            }}
          >
            <span aria-hidden="true">⤢</span> {t('Turn')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="crop-rotate-left"
            aria-label={t('Rotate left')}
            onClick={() => setChoice((c) => rotateView(c, photo, -1))}
          >
            <span aria-hidden="true">↺</span> {t('Left')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="crop-rotate-right"
            aria-label={t('Rotate right')}
            onClick={() => setChoice((c) => rotateView(c, photo, 1))}
          >
            <span aria-hidden="true">↻</span> {t('Right')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="crop-flip-h"
            aria-label={t('Flip horizontally')}
            onClick={() => setChoice((c) => flipView(c, photo, 'h'))}
          >
            {t('Flip')} <span aria-hidden="true">↔</span>
          </button>
          <button
            type="button"
            className="button"
            data-testid="crop-flip-v"
            aria-label={t('Flip vertically')}
            onClick={() => setChoice((c) => flipView(c, photo, 'v'))}
          >
            {t('Flip')} <span aria-hidden="true">↕</span>
          </button>
        </div>
        <div className="crop-straighten">
          <label htmlFor="crop-straighten-degrees">{t('Straighten (degrees)')}</label>
          <input
            id="crop-straighten-degrees"
            type="number"
            className="crop-degrees"
            data-testid="crop-straighten"
            min={-MAX_STRAIGHTEN}
            max={MAX_STRAIGHTEN}
            step={0.1}
            value={typed ?? degrees(angle)}
            onChange={(event) => {
              // A half-typed value ('-', '') stays as typed; a number is taken, clamped, at once.
              const value = Number.parseFloat(event.target.value);
              setTyped(Math.abs(value) > MAX_STRAIGHTEN ? null : event.target.value);
              if (Number.isFinite(value)) setAngle(value);
            }}
            onBlur={() => setTyped(null)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setTyped(null);
            }}
          />
          <input
            type="range"
            className="crop-slider"
            aria-label={t('Straighten slider, degrees')}
            aria-valuetext={t('{angle} degrees', { angle: degrees(angle) })}
            min={-MAX_STRAIGHTEN}
            max={MAX_STRAIGHTEN}
            step={0.1}
            value={angle}
            onChange={(event) => {
              setTyped(null);
              setAngle(Number(event.target.value));
            }}
          />
          <p className="crop-note" role="status" data-testid="crop-angle-note">
            {note}
          </p>
        </div>
        <div className="crop-bar">
          <button type="button" className="button" data-testid="crop-cancel" onClick={onCancel}>
            {t('Cancel')}
          </button>
          <button
            type="button"
            className="button"
            data-testid="crop-reset"
            onClick={() => {
              setTyped(null);
              setAsked(null);
              setChoice(noCrop(photo));
            }}
          >
            {t('Reset')}
          </button>
          <button
            type="button"
            className="button button-primary"
            data-testid="crop-done"
            onClick={() => onDone(choice)}
          >
            {t('Done')}
          </button>
        </div>
      </div>
    </ModalDialog>,
    document.body,
  );
}
