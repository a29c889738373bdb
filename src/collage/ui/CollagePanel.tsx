import { useEffect, useId, useRef } from 'react';
import type { CollageSelection } from '../model/api.ts';
import { COLLAGE_FONTS } from '../model/fonts.ts';
import {
  aspectIdOf,
  CANVAS_ASPECTS,
  IMAGE_BORDER_RANGE,
  MAX_SLOT_ZOOM,
  MAX_TEXT_LENGTH,
  TEXT_SIZE_RANGE,
  TEXT_STROKE_WIDTH_RANGE,
} from '../model/slot-layout.ts';
import { PRESETS } from '../model/presets.ts';
import {
  MAIN_PROCESSED_IMAGE,
  type CollageConfig,
  type ImageAsset,
  type LayoutPreset,
  type TextAlign,
  type TextStyle,
} from '../model/types.ts';
import type { SettingDefinition, SettingValue } from '../../effects/types.ts';
import { acceptAttribute, EDITOR_FORMATS } from '../../intake/formats.ts';
import type { EditorController } from '../../editor/controller.ts';
import { HiddenFileInput } from '../../editor/components/HiddenFileInput.tsx';
import { SettingControl } from '../../editor/components/SettingControl.tsx';

// The collage's controls as setting definitions, so they clamp, step and debounce like every other.
const CONTROLS = {
  backgroundColor: { kind: 'color', name: 'backgroundColor', label: 'Background colour', default: '#000000' },
  fontFamily: {
    kind: 'select',
    name: 'fontFamily',
    label: 'Font',
    options: COLLAGE_FONTS.map((font) => ({ value: font, label: font })),
    default: 'Arial',
  },
  fontSize: { kind: 'range', name: 'fontSize', label: 'Text size', ...TEXT_SIZE_RANGE, default: 24 },
  fill: { kind: 'color', name: 'fill', label: 'Text colour', default: '#ffffff' },
  strokeEnabled: { kind: 'toggle', name: 'strokeEnabled', label: 'Outline', default: true },
  stroke: { kind: 'color', name: 'stroke', label: 'Outline colour', default: '#000000' },
  strokeWidth: {
    kind: 'range',
    name: 'strokeWidth',
    label: 'Outline width',
    ...TEXT_STROKE_WIDTH_RANGE,
    default: 1,
  },
  imageBorderWidth: {
    kind: 'range',
    name: 'imageBorderWidth',
    label: 'Border width',
    ...IMAGE_BORDER_RANGE,
    default: 0,
  },
  imageBorderColor: { kind: 'color', name: 'imageBorderColor', label: 'Border colour', default: '#ffffff' },
  slotZoom: {
    kind: 'range',
    name: 'slotZoom',
    label: 'Zoom',
    min: 1,
    max: MAX_SLOT_ZOOM,
    step: 0.05,
    default: 1,
  },
} as const satisfies Record<string, SettingDefinition>;

const ALIGNMENTS: { value: TextAlign; label: string }[] = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
];

interface CollagePanelProps {
  controller: EditorController;
  config: CollageConfig;
  assets: readonly ImageAsset[];
  selection: CollageSelection;
  /** While the worker is busy (applying the collage) nothing changes. */
  disabled: boolean;
}

export function CollagePanel({ controller, config, assets, selection, disabled }: CollagePanelProps) {
  const collage = controller.collage;
  const photoInput = useRef<HTMLInputElement>(null);
  const backgroundInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    collage.registerPicker(() => photoInput.current?.click());
    return () => collage.registerPicker(null);
  }, [collage]);

  const aspect = aspectIdOf({ width: config.actualCanvasWidth, height: config.actualCanvasHeight });
  return (
    <fieldset className="collage-panel" disabled={disabled}>
      <legend className="visually-hidden">Collage</legend>
      <section className="collage-group" aria-labelledby="collage-layouts">
        <h3 id="collage-layouts" className="collage-heading">
          Layout
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
              <span>{preset.name}</span>
            </button>
          ))}
        </div>
      </section>

      <section className="collage-group" aria-labelledby="collage-canvas-heading">
        <h3 id="collage-canvas-heading" className="collage-heading">
          Canvas
        </h3>
        <div className="segmented" role="group" aria-label="Canvas shape">
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
            {config.backgroundImageUrl ? 'Change background image' : 'Background image'}
          </button>
          {config.backgroundImageUrl && (
            <button
              type="button"
              className="button button-small"
              onClick={() => void collage.setBackgroundImage(null)}
            >
              Remove
            </button>
          )}
        </div>
        <HiddenFileInput
          ref={backgroundInput}
          accept={acceptAttribute(EDITOR_FORMATS)}
          testId="collage-background-input"
          label="Background image"
          onFiles={([file]) => file && void collage.setBackgroundImage(file)}
        />
      </section>

      <section className="collage-group" aria-labelledby="collage-photos">
        <h3 id="collage-photos" className="collage-heading">
          Photos
        </h3>
        <div className="collage-row">
          <button type="button" className="button button-small" onClick={() => collage.pickImage(null)}>
            Add photos
          </button>
          <button
            type="button"
            className="button button-small"
            data-testid="collage-add-text"
            onClick={() => collage.addText()}
          >
            Add text
          </button>
        </div>
        <HiddenFileInput
          ref={photoInput}
          multiple
          accept={acceptAttribute(EDITOR_FORMATS)}
          testId="collage-image-input"
          label="Add photos to the collage"
          onFiles={(files) => void collage.addImages(files)}
        />
        {assets.length > 0 && (
          <ul className="asset-list" aria-label="Photos to place">
            {assets.map((asset) => (
              <li key={asset.id}>
                <button
                  type="button"
                  className="asset-button"
                  data-testid={`collage-asset-${asset.id}`}
                  title={`Place ${asset.name}`}
                  aria-label={`Place ${asset.id === MAIN_PROCESSED_IMAGE ? 'the edited photo' : asset.name}`}
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

      <SelectionControls controller={controller} selection={selection} />
    </fieldset>
  );
}

function SelectionControls({
  controller,
  selection,
}: {
  controller: EditorController;
  selection: CollageSelection;
}) {
  const collage = controller.collage;
  const textId = useId();
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
            Selected text
          </h3>
          <div className="setting">
            <label htmlFor={textId}>Words</label>
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
          <div className="segmented" role="group" aria-label="Text style">
            <button
              type="button"
              data-testid="collage-bold"
              aria-pressed={style.fontWeight === 'bold'}
              onClick={() => set({ fontWeight: style.fontWeight === 'bold' ? 'normal' : 'bold' })}
            >
              <b>Bold</b>
            </button>
            <button
              type="button"
              data-testid="collage-italic"
              aria-pressed={style.fontStyle === 'italic'}
              onClick={() => set({ fontStyle: style.fontStyle === 'italic' ? 'normal' : 'italic' })}
            >
              <i>Italic</i>
            </button>
            <button
              type="button"
              data-testid="collage-underline"
              aria-pressed={style.underline}
              onClick={() => set({ underline: !style.underline })}
            >
              <u>Underline</u>
            </button>
          </div>
          <div className="segmented" role="group" aria-label="Alignment">
            {ALIGNMENTS.map((option) => (
              <button
                key={option.value}
                type="button"
                data-testid={`collage-align-${option.value}`}
                aria-pressed={style.textAlign === option.value}
                onClick={() => set({ textAlign: option.value })}
              >
                {option.label}
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
              Delete text
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
            Selected photo
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
              ? 'Drag to move the photo in its slot, or onto another slot to swap. Scroll or pinch to zoom. Click a photo above to put it in this slot.'
              : 'Drag to move; the corners resize and the top handle rotates.'}
          </p>
          <button type="button" className="button button-small" onClick={() => collage.deleteSelection()}>
            {selection.kind === 'slot-image' ? 'Remove from slot' : 'Delete photo'}
          </button>
        </section>
      );
    }
    default:
      return (
        <p className="hint">
          Click a photo or a text on the collage to style it; click an empty slot to fill it.
        </p>
      );
  }
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
