import { useCallback, useId } from 'react';
import { FrameButton } from '../../frames/ui/FrameChoice.tsx';
import { ariaShortcut, findCommand, shortcutLabel, type CommandUi } from '../commands.ts';
import type { EditorController } from '../controller.ts';
import { useAtomValue } from '../../ui/jotai.ts';
import { useEditorState } from '../state/atoms.ts';
import { canRequestImage, isCollage, type EditorState } from '../../features/editor-state.ts';
import { exportProgressAtom, fullResolutionAtom, keepDateAtom } from '../../ui/atoms.ts';
import '../../ui/components/SettingControl.css';
import './ActionBar.css';
import { msg } from '../../i18n/msg.ts';
import { useT } from '../../i18n/use-t.ts';
import { changeLabel } from './change-label.ts';
import { redoChange, type EditChange } from '../../edit/history.ts';
import { undoTarget } from '../../features/edit-state.ts';

interface ActionBarProps {
  controller: EditorController;
  ui: CommandUi;
  /** A phone's or a tablet's panel: short labels. */
  compact: boolean;
  mac: boolean;
}

interface ActionButtonProps extends ActionBarProps {
  commandId: string;
  label?: string;
  testId?: string;
  primary?: boolean;
  /** The change the command acts on (Undo's, Redo's), named beside its label. */
  step?: (state: EditorState) => EditChange | null;
}

const undoStep = (state: EditorState) => undoTarget(state);
const redoStep = (state: EditorState) => redoChange(state.history);

function ActionButton({ controller, ui, mac, commandId, label, testId, primary, step }: ActionButtonProps) {
  const command = findCommand(commandId);
  const t = useT();
  const change = useEditorState(useCallback((state: EditorState) => step?.(state) ?? null, [step]));
  const stepLabel = change === null ? null : changeLabel(change, t);
  // Its own slice: whether this command can run now (a button re-renders only when that changes).
  const enabled = useEditorState(
    useCallback((state: EditorState) => command?.enabled(state) ?? false, [command]),
  );
  if (!command) return null;
  const binding = command.keys[0];
  const shortcut = binding ? shortcutLabel(binding, mac, t) : '';
  const name = stepLabel ? `${t(command.label)} ${stepLabel}` : t(command.label);
  return (
    <button
      type="button"
      className={`button action-${commandId}${primary ? ' button-primary' : ''}`}
      data-testid={testId}
      disabled={!enabled}
      title={shortcut ? `${name} (${shortcut})` : name}
      aria-label={stepLabel ? name : undefined}
      aria-keyshortcuts={binding ? ariaShortcut(binding, mac) : undefined}
      onClick={() => command.perform(controller, ui)}
    >
      {t(label ?? command.label)}
      {stepLabel && <span className="action-step">{stepLabel}</span>}
    </button>
  );
}

export function ActionBar(props: ActionBarProps) {
  return (
    <div className="actions">
      <ActionButton {...props} commandId="apply" testId="apply-button" primary />
      <ActionButton {...props} commandId="undo" testId="undo-button" step={undoStep} />
      <ActionButton {...props} commandId="redo" testId="redo-button" step={redoStep} />
      <ActionButton
        {...props}
        commandId="upload"
        testId="upload-button"
        label={props.compact ? msg('Upload') : msg('Upload New Image')}
      />
      <ActionButton {...props} commandId="crop" testId="crop-button" />
      <FrameOption controller={props.controller} />
      <ActionButton {...props} commandId="camera" testId="camera-button" />
      <ActionButton {...props} commandId="save" testId="save-button" />
      <ActionButton {...props} commandId="share" testId="share-button" />
      <FullResolutionOption controller={props.controller} />
      <KeepDateOption controller={props.controller} />
    </div>
  );
}

/** Whether the worker holds a photo (busy or not). */
const holdsPhoto = (state: EditorState) => state.isImageReadyInWorker;

/** The Frame choice beside Crop: open while the photo can be read; a click while it is busy waits. */
function FrameOption({ controller }: { controller: EditorController }) {
  const enabled = useEditorState(canRequestImage);
  const photo = useEditorState(holdsPhoto);
  return <FrameButton frames={controller.frames} enabled={enabled} photo={photo} />;
}

/** What the saved size depends on: a re-render when any of it changes. */
const saveSizeInputs = (state: EditorState) => ({
  original: `${state.originalWidth}x${state.originalHeight}`,
  processing: `${state.processingWidth}x${state.processingHeight}`,
  history: state.history,
  // The collage saves its own canvas; the option is for the photo.
  shown: !isCollage(state.selectedEffectId),
});

/** Save writes the image at its original size instead of the preview's 1080 px. */
function FullResolutionOption({ controller }: { controller: EditorController }) {
  const id = useId();
  const t = useT();
  const on = useAtomValue(fullResolutionAtom);
  const exporting = useAtomValue(exportProgressAtom) !== null;
  const { shown } = useEditorState(saveSizeInputs);
  if (!shown) return null;
  const saved = controller.saves.fullResolutionSize();
  const size = saved ? `${saved.width} × ${saved.height}` : null;
  return (
    <div
      className="setting setting-toggle save-option"
      title={size ? t('Save at the original size, {size} px, instead of 1080 px', { size }) : undefined}
    >
      <input
        id={id}
        type="checkbox"
        data-testid="save-full-resolution"
        checked={on}
        disabled={exporting}
        onChange={(event) => controller.saves.setFullResolution(event.target.checked)}
      />
      <label htmlFor={id}>
        {t('Full resolution')}
        {size && <span className="save-option-size"> ({size})</span>}
      </label>
    </div>
  );
}

/** Saves carry the photo's date taken (and nothing else of its metadata). */
function KeepDateOption({ controller }: { controller: EditorController }) {
  const id = useId();
  const t = useT();
  const on = useAtomValue(keepDateAtom);
  // The collage saves its own canvas, with no photo's date: the option is for the photo's saves.
  const { shown } = useEditorState(saveSizeInputs);
  if (!shown) return null;
  return (
    <div
      className="setting setting-toggle save-option"
      title={t(
        'Write the date the photo was taken into the saved JPEG, so that it sorts beside the original',
      )}
    >
      <input
        id={id}
        type="checkbox"
        data-testid="save-keep-date"
        checked={on}
        onChange={(event) => controller.saves.setKeepDate(event.target.checked)}
      />
      <label htmlFor={id}>{t('Keep the date taken')}</label>
    </div>
  );
}
