import { useId } from 'react';
import { findCommand, shortcutLabel, type CommandUi } from '../commands.ts';
import type { EditorController } from '../controller.ts';
import { useAtomValue } from '../editor-jotai.ts';
import { isCollage, type EditorState } from '../state/editor-state.ts';
import { exportProgressAtom, fullResolutionAtom } from '../state/ui.ts';

interface ActionBarProps {
  state: EditorState;
  controller: EditorController;
  ui: CommandUi;
  mobile: boolean;
  mac: boolean;
}

interface ActionButtonProps extends ActionBarProps {
  commandId: string;
  label?: string;
  testId?: string;
  primary?: boolean;
}

function ActionButton({ state, controller, ui, mac, commandId, label, testId, primary }: ActionButtonProps) {
  const command = findCommand(commandId);
  if (!command) return null;
  const binding = command.keys[0];
  const shortcut = binding ? shortcutLabel(binding, mac) : '';
  return (
    <button
      type="button"
      className={`button action-${commandId}${primary ? ' button-primary' : ''}`}
      data-testid={testId}
      disabled={!command.enabled(state)}
      title={shortcut ? `${command.label} (${shortcut})` : command.label}
      aria-keyshortcuts={binding ? shortcut.replace('⌘', 'Meta+').replace('⇧', 'Shift+') : undefined}
      onClick={() => command.perform(controller, ui)}
    >
      {label ?? command.label}
    </button>
  );
}

export function ActionBar(props: ActionBarProps) {
  return (
    <div className="actions">
      <ActionButton {...props} commandId="apply" testId="apply-button" primary />
      <div className="actions-row">
        <ActionButton {...props} commandId="undo" testId="undo-button" />
        <ActionButton {...props} commandId="redo" testId="redo-button" />
      </div>
      <ActionButton
        {...props}
        commandId="upload"
        testId="upload-button"
        label={props.mobile ? 'Upload' : 'Upload New Image'}
      />
      <ActionButton {...props} commandId="save" testId="save-button" />
      {/* The collage saves its own canvas; the option is for the photo. */}
      {!isCollage(props.state.selectedEffectId) && (
        <FullResolutionOption state={props.state} controller={props.controller} />
      )}
    </div>
  );
}

/** Issue 7: Save writes the image at its original size instead of 1080 px. */
function FullResolutionOption({ state, controller }: { state: EditorState; controller: EditorController }) {
  const id = useId();
  const on = useAtomValue(fullResolutionAtom);
  const exporting = useAtomValue(exportProgressAtom) !== null;
  const { originalWidth: width, originalHeight: height } = state;
  const size = width && height ? `${width} × ${height}` : null;
  return (
    <div
      className="setting setting-toggle save-option"
      title={size ? `Save at the original size, ${size} px, instead of 1080 px` : undefined}
    >
      <input
        id={id}
        type="checkbox"
        data-testid="save-full-resolution"
        checked={on}
        disabled={exporting}
        onChange={(event) => controller.setFullResolution(event.target.checked)}
      />
      <label htmlFor={id}>Full resolution{size && <span className="save-option-size"> ({size})</span>}</label>
    </div>
  );
}
