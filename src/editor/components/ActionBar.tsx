import { useCallback, useId } from 'react';
import { findCommand, shortcutLabel, type CommandUi } from '../commands.ts';
import type { EditorController } from '../controller.ts';
import { useAtomValue } from '../editor-jotai.ts';
import { useEditorState } from '../state/atoms.ts';
import { isCollage, type EditorState } from '../state/editor-state.ts';
import { exportProgressAtom, fullResolutionAtom } from '../state/ui.ts';

interface ActionBarProps {
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

function ActionButton({ controller, ui, mac, commandId, label, testId, primary }: ActionButtonProps) {
  const command = findCommand(commandId);
  // Its own slice: whether this command can run now (a button re-renders only when that changes).
  const enabled = useEditorState(
    useCallback((state: EditorState) => command?.enabled(state) ?? false, [command]),
  );
  if (!command) return null;
  const binding = command.keys[0];
  const shortcut = binding ? shortcutLabel(binding, mac) : '';
  return (
    <button
      type="button"
      className={`button action-${commandId}${primary ? ' button-primary' : ''}`}
      data-testid={testId}
      disabled={!enabled}
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
      <FullResolutionOption controller={props.controller} />
    </div>
  );
}

const originalSize = (state: EditorState) => ({
  width: state.originalWidth,
  height: state.originalHeight,
  // The collage saves its own canvas; the option is for the photo.
  shown: !isCollage(state.selectedEffectId),
});

/** Issue 7: Save writes the image at its original size instead of 1080 px. */
function FullResolutionOption({ controller }: { controller: EditorController }) {
  const id = useId();
  const on = useAtomValue(fullResolutionAtom);
  const exporting = useAtomValue(exportProgressAtom) !== null;
  const { width, height, shown } = useEditorState(originalSize);
  if (!shown) return null;
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
