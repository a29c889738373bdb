import { findEffect } from '../../effects/index.ts';
import type { SettingValue } from '../../effects/types.ts';
import type { SettingsRecord } from '../state/editor-state.ts';
import { SettingControl } from './SettingControl.tsx';

interface SettingsPanelProps {
  effectId: string | null;
  settings: SettingsRecord;
  onChange: (name: string, value: SettingValue) => void;
}

export function SettingsPanel({ effectId, settings, onChange }: SettingsPanelProps) {
  const effect = findEffect(effectId);
  return (
    <section className="adjustments" aria-label="Adjustments">
      <h2 className="panel-title">Adjustments</h2>
      {effect ? (
        effect.settings
          .filter((definition) => !definition.hidden)
          .map((definition) => (
            <SettingControl
              key={definition.name}
              definition={definition}
              value={settings[definition.name] ?? definition.default}
              disabledReason={effect.disabledReason?.(definition.name, settings) ?? null}
              onChange={onChange}
            />
          ))
      ) : (
        <p className="hint">Choose an effect to adjust it.</p>
      )}
    </section>
  );
}
