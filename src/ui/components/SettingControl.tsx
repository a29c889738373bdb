import { memo, useEffect, useId, useRef, useState } from 'react';
import { coerceSetting } from '../../effects/settings.ts';
import { today } from '../../effects/date-stamp.ts';
import type { DateSetting, SelectSetting, SettingDefinition, SettingValue } from '../../effects/types.ts';
import { useAtomValue } from '../jotai.ts';
import { photoTakenAtom, thumbnailsAtom } from '../atoms.ts';
import { Thumbnail } from './Thumbnail.tsx';
import './SettingControl.css';
import { useT } from '../../i18n/use-t.ts';

/** Typing into a number box waits this long before it applies (product spec section 9). */
export const TYPING_DEBOUNCE_MS = 300;

interface SettingControlProps {
  definition: SettingDefinition;
  value: SettingValue;
  /** Why the control is disabled (its tooltip), or null. */
  disabledReason?: string | null;
  onChange: (name: string, value: SettingValue) => void;
}

/** The control's test id: the contract's own for the setting, else `setting-<name>`. */
function testIdOf(definition: SettingDefinition): string {
  return definition.testId ?? `setting-${definition.name}`;
}

// Memoised: a slider's step re-renders its own control, not every control of the effect.
export const SettingControl = memo(function SettingControl({
  definition,
  value,
  disabledReason = null,
  onChange,
}: SettingControlProps) {
  const id = useId();
  const t = useT();
  const disabled = disabledReason !== null;
  const title = disabledReason ?? undefined;
  if (definition.kind === 'range') {
    return <RangeControl id={id} definition={definition} value={Number(value)} onChange={onChange} />;
  }
  if (definition.kind === 'color') {
    return (
      <div className="setting setting-color" title={title}>
        <label htmlFor={id}>{t(definition.label)}</label>
        <input
          id={id}
          type="color"
          data-testid={testIdOf(definition)}
          value={String(value)}
          disabled={disabled}
          onChange={(e) => onChange(definition.name, e.target.value)}
        />
      </div>
    );
  }
  if (definition.kind === 'date') {
    return <DateControl id={id} definition={definition} value={String(value)} onChange={onChange} />;
  }
  if (definition.kind === 'select') {
    return (
      <div className="setting setting-select" title={title}>
        {definition.preview && (
          <PreviewPicker
            definition={definition}
            value={String(value)}
            disabled={disabled}
            onChange={onChange}
          />
        )}
        <label htmlFor={id}>{t(definition.label)}</label>
        <select
          id={id}
          data-testid={testIdOf(definition)}
          value={String(value)}
          disabled={disabled}
          onChange={(e) => onChange(definition.name, e.target.value)}
        >
          {definition.options.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div className="setting setting-toggle" title={title}>
      <input
        id={id}
        type="checkbox"
        data-testid={testIdOf(definition)}
        checked={Boolean(value)}
        disabled={disabled}
        onChange={(e) => onChange(definition.name, e.target.checked)}
      />
      <label htmlFor={id}>{t(definition.label)}</label>
    </div>
  );
});

/**
 * A day, shown as the one the stamp prints: the day set, else the photo's own, else today. Clearing the
 * field goes back to the photo's day.
 */
function DateControl({
  id,
  definition,
  value,
  onChange,
}: {
  id: string;
  definition: DateSetting;
  value: string;
  onChange: (name: string, value: SettingValue) => void;
}) {
  const taken = useAtomValue(photoTakenAtom);
  const t = useT();
  const shown = value || taken || today();
  const source = t(value ? 'Set by you' : taken ? "The photo's date" : "Today's date");
  const hintId = `${id}-source`;
  return (
    <div className="setting setting-date">
      <label htmlFor={id}>{t(definition.label)}</label>
      <input
        id={id}
        type="date"
        data-testid={testIdOf(definition)}
        value={shown}
        min="1900-01-01"
        max="2099-12-31"
        aria-describedby={hintId}
        onChange={(e) => {
          const next = coerceSetting(definition, e.target.value);
          if (next !== undefined) onChange(definition.name, next);
        }}
      />
      <span id={hintId} className="setting-hint">
        {source}
        {value && (
          <button
            type="button"
            className="link-button"
            data-testid={`setting-${definition.name}-reset`}
            onClick={() => onChange(definition.name, '')}
          >
            {t(taken ? "Use the photo's date" : 'Use today')}
          </button>
        )}
      </span>
    </div>
  );
}

/**
 * A select's options as thumbnails of the photo (Filters' looks), a radio group beside the select: the
 * user sees each look before choosing it.
 */
function PreviewPicker({
  definition,
  value,
  disabled,
  onChange,
}: {
  definition: SelectSetting;
  value: string;
  disabled: boolean;
  onChange: (name: string, value: SettingValue) => void;
}) {
  const thumbnails = useAtomValue(thumbnailsAtom);
  const t = useT();
  const options = definition.options.flatMap((option) => {
    const key = definition.preview?.(option.value);
    return key ? [{ ...option, key }] : [];
  });
  return (
    <div className="preview-picker" role="radiogroup" aria-label={t(`${definition.label}s`)}>
      {options.map((option) => {
        const image = thumbnails[option.key];
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={option.value === value}
            className="preview-option"
            disabled={disabled}
            onClick={() => onChange(definition.name, option.value)}
          >
            {image ? (
              <Thumbnail image={image} testId={`look-thumb-${option.value}`} />
            ) : (
              <span className="thumb-placeholder" aria-hidden="true" />
            )}
            <span className="preview-label">{t(option.label)}</span>
          </button>
        );
      })}
    </div>
  );
}

interface RangeControlProps {
  id: string;
  definition: Extract<SettingDefinition, { kind: 'range' }>;
  value: number;
  onChange: (name: string, value: SettingValue) => void;
}

function RangeControl({ id, definition, value, onChange }: RangeControlProps) {
  // What the number box shows while the user types; null when it simply mirrors the value.
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /**
   * Takes the typed value (clamped; non-numeric input is not taken). `done` (Enter, leaving the box) then
   * shows the value; a pause in typing leaves what was typed, so that clearing the box, or a first digit
   * under the minimum, does not put a value back under the caret.
   */
  const commitText = (text: string, done: boolean) => {
    clearTimeout(timer.current);
    const coerced = coerceSetting(definition, text);
    if (coerced !== undefined) onChange(definition.name, coerced);
    if (done) setDraft(null);
  };

  return (
    <div className="setting setting-range">
      <label htmlFor={id}>{t(definition.label)}</label>
      <div className="setting-inputs">
        <input
          type="range"
          aria-label={t(definition.label)}
          min={definition.min}
          max={definition.max}
          step={definition.step}
          value={value}
          onChange={(e) => {
            setDraft(null);
            onChange(definition.name, Number(e.target.value));
          }}
        />
        <input
          id={id}
          type="number"
          inputMode="decimal"
          data-testid={testIdOf(definition)}
          // A cyclic value steps round past its ends, so the box must not stop the arrows there.
          min={definition.cyclic ? undefined : definition.min}
          max={definition.cyclic ? undefined : definition.max}
          step={definition.step}
          value={draft ?? String(value)}
          onChange={(e) => {
            const text = e.target.value;
            setDraft(text);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commitText(text, false), TYPING_DEBOUNCE_MS);
          }}
          onBlur={(e) => commitText(e.target.value, true)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitText(e.currentTarget.value, true);
            if (definition.cyclic && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
              // One step round, at once: 10 then up is 1.
              e.preventDefault();
              const next = value + (e.key === 'ArrowUp' ? definition.step : -definition.step);
              const coerced = coerceSetting(definition, next);
              if (coerced !== undefined) onChange(definition.name, coerced);
              setDraft(null);
            }
          }}
        />
      </div>
    </div>
  );
}
