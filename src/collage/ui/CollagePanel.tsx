import { useEffect, useRef } from 'react';
import type { CollageSelection } from '../model/api.ts';
import { aspectIdOf, CANVAS_ASPECTS } from '../model/slot-layout.ts';
import { PRESETS } from '../model/presets.ts';
import type { CollageConfig, ImageAsset } from '../../session/collage-state.ts';
import { MAIN_PROCESSED_IMAGE, type LayoutPreset } from '../model/types.ts';
import { acceptAttribute, EDITOR_FORMATS } from '../../intake/formats.ts';
import type { CollageController } from './collage-controller.ts';
import { HiddenFileInput } from '../../ui/components/HiddenFileInput.tsx';
import { SettingControl } from '../../ui/components/SettingControl.tsx';
import '../../ui/components/SettingControl.css';
import './collage.css';
import { CONTROLS } from './collage-controls.ts';
import { SelectionControls } from './SelectionControls.tsx';
import { useT } from '../../i18n/use-t.ts';

interface CollagePanelProps {
  collage: CollageController;
  config: CollageConfig;
  assets: readonly ImageAsset[];
  selection: CollageSelection;
  /** While the worker is busy (applying the collage) nothing changes. */
  disabled: boolean;
}

export function CollagePanel({ collage, config, assets, selection, disabled }: CollagePanelProps) {
  const photoInput = useRef<HTMLInputElement>(null);
  const backgroundInput = useRef<HTMLInputElement>(null);
  const t = useT();
  useEffect(() => {
    collage.registerPicker(() => photoInput.current?.click());
    return () => collage.registerPicker(null);
  }, [collage]);

  const aspect = aspectIdOf({ width: config.actualCanvasWidth, height: config.actualCanvasHeight });
  return (
    <fieldset className="collage-panel" disabled={disabled}>
      <legend className="visually-hidden">{t('Collage')}</legend>
      <section className="collage-group" aria-labelledby="collage-layouts">
        <h3 id="collage-layouts" className="collage-heading">
          {t('Layout')}
        </h3>
        <div className="preset-grid">
          {PRESETS.map((preset) => (
            <button
              key={preset.id}
              type="button"
              className="preset-button"
              data-testid={`collage-preset-${preset.id}`}
              aria-pressed={config.activePresetId === preset.id}
              onClick={() => collage.choosePreset(preset.id)}
            >
              <PresetIcon preset={preset} />
              <span>{t(preset.name)}</span>
            </button>
          ))}
        </div>
      </section>

      <section className="collage-group" aria-labelledby="collage-canvas-heading">
        <h3 id="collage-canvas-heading" className="collage-heading">
          {t('Canvas')}
        </h3>
        <div className="segmented" role="group" aria-label={t('Canvas shape')}>
          {CANVAS_ASPECTS.map((option) => (
            <button
              key={option.id}
              type="button"
              data-testid={`collage-aspect-${option.id}`}
              aria-pressed={aspect === option.id}
              onClick={() => collage.chooseAspect(option.ratio)}
            >
              {option.id}
            </button>
          ))}
        </div>
        <SettingControl
          definition={CONTROLS.backgroundColor}
          value={config.backgroundColor}
          onChange={(_name, value) => collage.setBackgroundColor(String(value))}
        />
        <div className="collage-row">
          <button
            type="button"
            className="button button-small"
            onClick={() => backgroundInput.current?.click()}
          >
            {config.backgroundImageUrl ? t('Change background image') : t('Background image')}
          </button>
          {config.backgroundImageUrl && (
            <button
              type="button"
              className="button button-small"
              onClick={() => void collage.setBackgroundImage(null)}
            >
              {t('Remove')}
            </button>
          )}
        </div>
        <HiddenFileInput
          ref={backgroundInput}
          accept={acceptAttribute(EDITOR_FORMATS)}
          testId="collage-background-input"
          label={t('Background image')}
          onFiles={([file]) => file && void collage.setBackgroundImage(file)}
        />
      </section>

      <section className="collage-group" aria-labelledby="collage-photos">
        <h3 id="collage-photos" className="collage-heading">
          {t('Photos')}
        </h3>
        <div className="collage-row">
          <button type="button" className="button button-small" onClick={() => collage.pickImage(null)}>
            {t('Add photos')}
          </button>
          <button
            type="button"
            className="button button-small"
            data-testid="collage-add-text"
            onClick={() => collage.addText()}
          >
            {t('Add text')}
          </button>
        </div>
        <HiddenFileInput
          ref={photoInput}
          multiple
          accept={acceptAttribute(EDITOR_FORMATS)}
          testId="collage-image-input"
          label={t('Add photos to the collage')}
          onFiles={(files) => void collage.addImages(files)}
        />
        {assets.length > 0 && (
          <ul className="asset-list" aria-label={t('Photos to place')}>
            {assets.map((asset) => (
              <li key={asset.id}>
                <button
                  type="button"
                  className="asset-button"
                  data-testid={`collage-asset-${asset.id}`}
                  title={t('Place {name}', {
                    name: asset.id === MAIN_PROCESSED_IMAGE ? t(asset.name) : asset.name,
                  })}
                  aria-label={
                    asset.id === MAIN_PROCESSED_IMAGE
                      ? t('Place the edited photo')
                      : t('Place {name}', { name: asset.name })
                  }
                  onClick={() =>
                    collage.place(asset.id, selection.kind === 'slot-image' ? selection.slotId : null)
                  }
                >
                  <img src={asset.previewUrl} alt="" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <SelectionControls collage={collage} selection={selection} />
    </fieldset>
  );
}

/** A small drawing of a preset's slots (and caption), for its button. */
function PresetIcon({ preset }: { preset: LayoutPreset }) {
  const aspect = preset.aspectRatio ?? 1;
  const width = aspect >= 1 ? 40 : 40 * aspect;
  const height = aspect >= 1 ? 40 / aspect : 40;
  return (
    <svg
      className="preset-icon"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      aria-hidden="true"
    >
      <rect x="0.5" y="0.5" width={width - 1} height={height - 1} rx="2" className="preset-icon-canvas" />
      {preset.slots.map((slot) => (
        <rect
          key={slot.id}
          x={slot.x * width + 1.5}
          y={slot.y * height + 1.5}
          width={Math.max(1, slot.width * width - 3)}
          height={Math.max(1, slot.height * height - 3)}
          rx="1"
          className={slot.strokeWidth ? 'preset-icon-slot preset-icon-framed' : 'preset-icon-slot'}
        />
      ))}
      {preset.texts?.map((text) => (
        <rect
          key={text.id}
          x={width * 0.3}
          y={text.y * height - 1}
          width={width * 0.4}
          height="2"
          rx="1"
          className="preset-icon-text"
        />
      ))}
      {preset.slots.length === 0 && (
        <>
          <rect
            x="7"
            y="9"
            width="17"
            height="13"
            rx="1"
            transform="rotate(-8 15 15)"
            className="preset-icon-slot"
          />
          <rect
            x="17"
            y="18"
            width="16"
            height="12"
            rx="1"
            transform="rotate(6 25 24)"
            className="preset-icon-slot preset-icon-framed"
          />
        </>
      )}
    </svg>
  );
}
