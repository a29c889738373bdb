import type { SettingValue, EffectDefinition } from '../../effects/types.ts';
import type { SettingsRecord } from '../../session/editor-state.ts';
import { RecipeSave } from '../../recipes/ui/RecipeSave.tsx';
import { useT } from '../../i18n/use-t.ts';
import type { EditorController } from '../controller.ts';
import { CubeLoader } from './CubeLoader.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';

interface LookPanelProps {
  controller: EditorController;
  effect: EffectDefinition;
  settings: SettingsRecord;
  onChange: (name: string, value: SettingValue) => void;
  busy: boolean;
  /** The worker holds the photo. */
  ready: boolean;
  /** The look being adjusted is a step of the edit already (a second copy is asked for explicitly). */
  openStepKept: boolean;
  drawing: boolean;
  brushSize: number;
}

/**
 * The chosen look's panel: its controls (strength first), then what comes after adjusting it: another
 * copy of it, Save as recipe, and the Filters look's .cube file.
 */
export function LookPanel({
  controller,
  effect,
  settings,
  onChange,
  busy,
  ready,
  openStepKept,
  drawing,
  brushSize,
}: LookPanelProps) {
  const t = useT();
  return (
    <SettingsPanel
      effectId={effect.id}
      settings={settings}
      onChange={onChange}
      brush={
        drawing && effect.drawing
          ? {
              control: effect.drawing.brush,
              size: brushSize,
              onChange: (size) => controller.setBrushSize(size),
              onClear: () => controller.clearMask(),
            }
          : null
      }
    >
      {openStepKept && effect.runsOn === 'worker' && (
        <button
          type="button"
          className="link-button"
          data-testid="edit-step-add-copy"
          disabled={busy}
          onClick={() => controller.addCopy()}
        >
          {t('Add another {effect}', { effect: t(effect.name) })}
        </button>
      )}
      {effect.runsOn === 'worker' && (
        <div className="recipe-save-under-look">
          <RecipeSave book={controller.recipes} disabled={busy || !ready} />
        </div>
      )}
      {effect.needs?.some((need) => need.resource === 'cube') && (
        <CubeLoader title={controller.customLutTitle} onFile={(file) => void controller.loadCube(file)} />
      )}
    </SettingsPanel>
  );
}
