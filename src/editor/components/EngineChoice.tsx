import { useId } from 'react';
import type { EngineKind } from '../../engine/protocol.ts';
import type { EditorController } from '../controller.ts';
import { useAtomValue } from '../../ui/jotai.ts';
import { engineChoiceAtom } from '../../ui/atoms.ts';
import '../../ui/components/SettingControl.css';
import { useT } from '../../i18n/use-t.ts';
import { msg } from '../../i18n/msg.ts';

const CHOICES: { value: EngineKind | 'auto'; label: string }[] = [
  { value: 'auto', label: msg('Automatic') },
  { value: 'webgpu', label: 'WebGPU' },
  { value: 'webgl2', label: 'WebGL2' },
  { value: 'cpu', label: 'CPU' },
];

/**
 * The effect engine, for when a picture looks wrong (a GPU whose driver draws it wrong): chosen
 * here for the rest of the visit; the photo and its history move to the new engine.
 */
export function EngineChoice({ controller }: { controller: EditorController }) {
  const id = useId();
  const chosen = useAtomValue(engineChoiceAtom);
  const t = useT();
  return (
    <div className="setting engine-choice">
      <label htmlFor={id}>{t('Effect engine')}</label>
      <select
        id={id}
        data-testid="engine-choice"
        value={chosen ?? 'auto'}
        onChange={(event) => {
          const value = event.target.value;
          controller.chooseEngine(value === 'auto' ? null : (value as EngineKind));
        }}
      >
        {CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {t(choice.label)}
          </option>
        ))}
      </select>
    </div>
  );
}
