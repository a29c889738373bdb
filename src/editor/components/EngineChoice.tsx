import { useId } from 'react';
import type { EngineKind } from '../../engine/protocol.ts';
import type { EditorController } from '../controller.ts';
import { useAtomValue } from '../../ui/jotai.ts';
import { engineChoiceAtom } from '../../ui/atoms.ts';
import '../../ui/components/SettingControl.css';
import { useT } from '../../i18n/use-t.ts';
import { msg } from '../../i18n/msg.ts';

/** 'Automatic' is a word, translated; the engines' names are names, shown as they are. */
const CHOICES: { value: EngineKind | 'auto'; label: string; translated: boolean }[] = [
  { value: 'auto', label: msg('Automatic'), translated: true },
  { value: 'webgpu', label: 'WebGPU', translated: false },
  { value: 'webgl2', label: 'WebGL2', translated: false },
  { value: 'cpu', label: 'CPU', translated: false },
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
            {choice.translated ? t(choice.label) : choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
