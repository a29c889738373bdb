import { findCommand, shortcutLabel, type CommandUi } from '../commands.ts';
import type { EditorController } from '../controller.ts';
import type { EditorState } from '../state/editor-state.ts';

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
      className={`button${primary ? ' button-primary' : ''}`}
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
    </div>
  );
}
