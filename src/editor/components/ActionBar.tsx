import { useCallback, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { FrameButton } from '../../frames/ui/FrameChoice.tsx';
import { ariaShortcut, findCommand, shortcutLabel, type CommandUi } from '../commands.ts';
import type { EditorController } from '../controller.ts';
import { useAtomValue } from '../../ui/jotai.ts';
import { useEditorState } from '../state/atoms.ts';
import { canRequestImage, isCollage, type EditorState } from '../../session/editor-state.ts';
import { exportProgressAtom, fullResolutionAtom, keepDateAtom } from '../../ui/atoms.ts';
import '../../ui/components/SettingControl.css';
import './ActionBar.css';
import { msg } from '../../i18n/msg.ts';
import { useT } from '../../i18n/use-t.ts';
import { changeLabel } from './change-label.ts';
import { redoChange, type EditChange } from '../../edit/history.ts';
import { undoTarget } from '../../session/edit-state.ts';
import { MoreIcon } from '../../ui/components/MoreIcon.tsx';
import { useDismiss } from '../../ui/useDismiss.ts';

interface ActionBarProps {
  controller: EditorController;
  ui: CommandUi;
  /** A phone's or a tablet's panel: short labels. */
  compact: boolean;
  /** A phone: one row, the actions that do not fit it in the More menu. */
  phone: boolean;
  mac: boolean;
}

interface ActionButtonProps extends ActionBarProps {
  commandId: string;
  label?: string;
  testId?: string;
  primary?: boolean;
  /** The change the command acts on (Undo's, Redo's), named beside its label. */
  step?: (state: EditorState) => EditChange | null;
  /** Shown in place of the label (which stays the button's name): the phone's one-row bar. */
  icon?: ReactNode;
}

const undoStep = (state: EditorState) => undoTarget(state);
const redoStep = (state: EditorState) => redoChange(state.history);

function ActionButton({
  controller,
  ui,
  mac,
  commandId,
  label,
  testId,
  primary,
  step,
  icon,
}: ActionButtonProps) {
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
      {icon ? (
        <>
          {icon}
          <span className="visually-hidden">{t(label ?? command.label)}</span>
        </>
      ) : (
        t(label ?? command.label)
      )}
      {stepLabel && <span className="action-step">{stepLabel}</span>}
    </button>
  );
}

export function ActionBar(props: ActionBarProps) {
  const save = props.compact ? msg('Save') : undefined;
  const upload = props.compact ? msg('Upload') : msg('Upload New Image');
  if (props.phone) {
    // One row: what an edit is made with; the rest one tap away in More.
    return (
      <div className="actions actions-phone">
        <ActionButton {...props} commandId="apply" testId="apply-button" primary />
        <ActionButton {...props} commandId="undo" testId="undo-button" step={undoStep} icon={<UndoIcon />} />
        <ActionButton {...props} commandId="crop" testId="crop-button" />
        <FrameOption controller={props.controller} />
        <ActionButton {...props} commandId="save" testId="save-button" label={save} icon={<SaveIcon />} />
        <MoreActions>
          <ActionButton {...props} commandId="redo" testId="redo-button" step={redoStep} />
          <ActionButton {...props} commandId="upload" testId="upload-button" label={upload} />
          <ActionButton {...props} commandId="camera" testId="camera-button" />
          <ActionButton {...props} commandId="share" testId="share-button" />
          <FullResolutionOption controller={props.controller} />
          <KeepDateOption controller={props.controller} />
        </MoreActions>
      </div>
    );
  }
  return (
    <div className="actions">
      <ActionButton {...props} commandId="apply" testId="apply-button" primary />
      <ActionButton {...props} commandId="undo" testId="undo-button" step={undoStep} />
      <ActionButton {...props} commandId="redo" testId="redo-button" step={redoStep} />
      <ActionButton {...props} commandId="upload" testId="upload-button" label={upload} />
      <ActionButton {...props} commandId="crop" testId="crop-button" />
      <FrameOption controller={props.controller} />
      <ActionButton {...props} commandId="camera" testId="camera-button" />
      <ActionButton {...props} commandId="share" testId="share-button" />
      <ActionButton {...props} commandId="save" testId="save-button" label={save} />
      <FullResolutionOption controller={props.controller} />
      <KeepDateOption controller={props.controller} />
    </div>
  );
}

/** Undo's arrow: the phone's bar has no room for its word in every language. */
function UndoIcon() {
  return (
    <svg className="action-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Save's arrow into a tray: the phone's bar keeps its words for Apply, Crop and Frame. */
function SaveIcon() {
  return (
    <svg className="action-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M12 4v11m-5-5 5 5 5-5M5 19h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Space kept between the More menu and its button or the window's edge, px. */
const MENU_MARGIN = 8;

/**
 * The phone's More (`more-actions`): the actions the one-row bar has no room for, in a menu that opens
 * above its button, inside the window. A choice in it, Escape, or a press outside closes it; Escape gives
 * the focus back to its button.
 */
function MoreActions({ children }: { children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useDismiss(open, () => setOpen(false), toggle, [wrap]);
  // Above its button and inside the window (the bar's column clips what overflows it, so it is fixed).
  useLayoutEffect(() => {
    if (!open || !toggle.current || !menu.current) return;
    const at = toggle.current.getBoundingClientRect();
    const style = menu.current.style;
    style.bottom = `${Math.round(window.innerHeight - at.top + MENU_MARGIN)}px`;
    style.maxHeight = `${Math.max(0, Math.round(at.top - 2 * MENU_MARGIN))}px`;
    const rtl = getComputedStyle(toggle.current).direction === 'rtl';
    if (rtl) style.left = `${Math.max(MENU_MARGIN, Math.round(at.left))}px`;
    else style.right = `${Math.max(MENU_MARGIN, Math.round(window.innerWidth - at.right))}px`;
  }, [open]);
  return (
    <div className="more-actions" data-testid="more-actions" ref={wrap}>
      <button
        ref={toggle}
        type="button"
        className="button more-actions-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        title={t('More actions')}
        onClick={() => setOpen(!open)}
      >
        <MoreIcon />
        <span className="visually-hidden">{t('More actions')}</span>
      </button>
      <div
        ref={menu}
        id={menuId}
        className="more-actions-menu"
        role="group"
        aria-label={t('More actions')}
        hidden={!open}
        onClick={(event) => {
          // An action chosen closes the menu; the save options (checkboxes) leave it open.
          if (event.target instanceof Element && event.target.closest('button')) setOpen(false);
        }}
      >
        {children}
      </div>
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
