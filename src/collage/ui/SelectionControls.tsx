import { useId } from 'react';
import type { CollageController } from './collage-controller.ts';
import { SettingControl } from '../../ui/components/SettingControl.tsx';
import type { SettingValue } from '../../effects/types.ts';
import type { CollageSelection } from '../model/api.ts';
import { MAX_TEXT_LENGTH } from '../model/slot-layout.ts';
import type { TextAlign, TextStyle } from '../model/types.ts';
import { CONTROLS } from './collage-controls.ts';
import { useT } from '../../i18n/use-t.ts';
import { msg } from '../../i18n/msg.ts';

const ALIGNMENTS: { value: TextAlign; label: string }[] = [
  { value: 'left', label: msg('Left') },
  { value: 'center', label: msg('Centre') },
  { value: 'right', label: msg('Right') },
];

/** The controls for what is selected on the collage canvas: a text, a photo, or a hint. */
export function SelectionControls({
  collage,
  selection,
}: {
  collage: CollageController;
  selection: CollageSelection;
}) {
  const textId = useId();
  const t = useT();
  switch (selection.kind) {
    case 'text': {
      const style = selection.style;
      const set = (patch: Partial<TextStyle>) => collage.setTextStyle(patch);
      const onChange = (name: string, value: SettingValue) => set({ [name]: value });
      return (
        <section
          className="collage-group"
          aria-labelledby="collage-selection"
          data-testid="collage-text-controls"
        >
          <h3 id="collage-selection" className="collage-heading">
            {t('Selected text')}
          </h3>
          <div className="setting">
            <label htmlFor={textId}>{t('Words')}</label>
            <textarea
              id={textId}
              className="collage-textarea"
              data-testid="collage-text-content"
              rows={2}
              maxLength={MAX_TEXT_LENGTH}
              value={selection.text}
              readOnly={!selection.editable}
              onChange={(event) => collage.setText(event.target.value)}
            />
          </div>
          <SettingControl definition={CONTROLS.fontFamily} value={style.fontFamily} onChange={onChange} />
          <SettingControl definition={CONTROLS.fontSize} value={style.fontSize} onChange={onChange} />
          <SettingControl definition={CONTROLS.fill} value={style.fill} onChange={onChange} />
          <div className="segmented" role="group" aria-label={t('Text style')}>
            <button
              type="button"
              data-testid="collage-bold"
              aria-pressed={style.fontWeight === 'bold'}
              onClick={() => set({ fontWeight: style.fontWeight === 'bold' ? 'normal' : 'bold' })}
            >
              <b>{t('Bold')}</b>
            </button>
            <button
              type="button"
              data-testid="collage-italic"
              aria-pressed={style.fontStyle === 'italic'}
              onClick={() => set({ fontStyle: style.fontStyle === 'italic' ? 'normal' : 'italic' })}
            >
              <i>{t('Italic')}</i>
            </button>
            <button
              type="button"
              data-testid="collage-underline"
              aria-pressed={style.underline}
              onClick={() => set({ underline: !style.underline })}
            >
              <u>{t('Underline')}</u>
            </button>
          </div>
          <div className="segmented" role="group" aria-label={t('Alignment')}>
            {ALIGNMENTS.map((option) => (
              <button
                key={option.value}
                type="button"
                data-testid={`collage-align-${option.value}`}
                aria-pressed={style.textAlign === option.value}
                onClick={() => set({ textAlign: option.value })}
              >
                {t(option.label)}
              </button>
            ))}
          </div>
          <SettingControl
            definition={CONTROLS.strokeEnabled}
            value={style.strokeEnabled}
            onChange={onChange}
          />
          {style.strokeEnabled && (
            <>
              <SettingControl definition={CONTROLS.stroke} value={style.stroke} onChange={onChange} />
              <SettingControl
                definition={CONTROLS.strokeWidth}
                value={style.strokeWidth}
                onChange={onChange}
              />
            </>
          )}
          {selection.deletable && (
            <button type="button" className="button button-small" onClick={() => collage.deleteSelection()}>
              {t('Delete text')}
            </button>
          )}
        </section>
      );
    }
    case 'slot-image':
    case 'free-image': {
      const style = selection.style;
      return (
        <section
          className="collage-group"
          aria-labelledby="collage-selection"
          data-testid="collage-image-controls"
        >
          <h3 id="collage-selection" className="collage-heading">
            {t('Selected photo')}
          </h3>
          <SettingControl
            definition={CONTROLS.imageBorderWidth}
            value={style.strokeWidth}
            onChange={(_name, value) => collage.setImageStyle({ strokeWidth: Number(value) })}
          />
          <SettingControl
            definition={CONTROLS.imageBorderColor}
            value={style.stroke}
            onChange={(_name, value) => collage.setImageStyle({ stroke: String(value) })}
          />
          {selection.kind === 'slot-image' && (
            <SettingControl
              definition={CONTROLS.slotZoom}
              value={Number(selection.zoom.toFixed(2))}
              onChange={(_name, value) => collage.setSlotZoom(Number(value))}
            />
          )}
          <p className="hint">
            {selection.kind === 'slot-image'
              ? t(
                  'Drag to move the photo in its slot, or onto another slot to swap. Scroll or pinch to zoom. Click a photo above to put it in this slot.',
                )
              : t('Drag to move; the corners resize and the top handle rotates.')}
          </p>
          <button type="button" className="button button-small" onClick={() => collage.deleteSelection()}>
            {selection.kind === 'slot-image' ? t('Remove from slot') : t('Delete photo')}
          </button>
        </section>
      );
    }
    default:
      return (
        <p className="hint">
          {t('Click a photo or a text on the collage to style it; click an empty slot to fill it.')}
        </p>
      );
  }
}
