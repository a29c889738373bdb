import { useId } from 'react';
import type { EngineKind } from '../../engine/protocol.ts';
import type { EditorController } from '../controller.ts';
import { useAtomValue } from '../editor-jotai.ts';
import { engineChoiceAtom } from '../state/ui.ts';
import './SettingControl.css';

const CHOICES: { value: EngineKind | 'auto'; label: string }[] = [
  { value: 'auto', label: 'Automatic' },
  { value: 'webgpu', label: 'WebGPU' },
  { value: 'webgl2', label: 'WebGL2' },
  { value: 'cpu', label: 'CPU' },
];

/**
 * Issue 38: the effect engine, for when a picture looks wrong (a GPU whose driver draws it wrong): chosen
 * here for the rest of the visit; the photo and its history move to the new engine.
 */
export function EngineChoice({ controller }: { controller: EditorController }) {
  const id = useId();
  const chosen = useAtomValue(engineChoiceAtom);
  return (
    <div className="setting engine-choice">
      <label htmlFor={id}>Effect engine</label>
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
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
