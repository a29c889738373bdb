import type { ReactNode } from 'react';
import { findEffect } from '../../effects/index.ts';
import { resolveSettings } from '../../effects/settings.ts';
import type { RangeSetting, SettingValue } from '../../effects/types.ts';
import { type SettingsRecord } from '../../session/editor-state.ts';
import { SettingControl } from '../../ui/components/SettingControl.tsx';
import { useT } from '../../i18n/use-t.ts';
import { translate } from '../../i18n/translate-message.ts';

export interface BrushControl {
  /** The drawing effect's brush control (its range and label). */
  control: RangeSetting;
  size: number;
  onChange: (size: number) => void;
  onClear: () => void;
}

interface SettingsPanelProps {
  effectId: string | null;
  settings: SettingsRecord;
  onChange: (name: string, value: SettingValue) => void;
  /** A drawing effect's brush (smart blur's draw mode): its size and a way to wipe the painting. */
  brush?: BrushControl | null;
  /** Controls an effect has beyond its settings (the Filters effect's .cube loader). */
  children?: ReactNode;
}

export function SettingsPanel({ effectId, settings, onChange, brush = null, children }: SettingsPanelProps) {
  const effect = findEffect(effectId);
  const t = useT();
  return (
    <section className="adjustments" aria-label={t('Adjustments')}>
      <h2 className="panel-title">{t('Adjustments')}</h2>
      {effect ? (
        effect.settings
          .filter(
            (definition) =>
              !definition.hidden && (definition.shownWhen?.(resolveSettings(effect, settings)) ?? true),
          )
          .map((definition) => (
            <SettingControl
              key={definition.name}
              definition={definition}
              value={settings[definition.name] ?? definition.default}
              disabledReason={translate(effect.disabledReason?.(definition.name, settings) ?? null)}
              onChange={onChange}
            />
          ))
      ) : (
        <p className="hint">{t('Choose an effect to adjust it.')}</p>
      )}
      {children}
      {brush && (
        <>
          <SettingControl
            definition={brush.control}
            value={brush.size}
            onChange={(_name, value) => brush.onChange(Number(value))}
          />
          <button type="button" className="button" onClick={brush.onClear}>
            {t('Clear painting')}
          </button>
        </>
      )}
    </section>
  );
}
