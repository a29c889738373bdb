/**
 * The editor's user commands as small registered objects (label, shortcut, when enabled, what they do),
 * so buttons and keyboard shortcuts share one path.
 */
import { EFFECTS } from '../effects/index.ts';
import type { EditorController } from './controller.ts';
import {
  canRequestImage,
  canUpload,
  isApplyEnabled,
  isBusy,
  type EditorState,
} from './state/editor-state.ts';

export interface KeyBinding {
  key: string;
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  mod?: boolean;
  shift?: boolean;
  /** Also while typing in a text field (for Mod shortcuts that browsers would otherwise take). */
  inFields?: boolean;
}

export interface EditorCommand {
  id: string;
  label: string;
  keys: KeyBinding[];
  enabled: (state: EditorState) => boolean;
  perform: (controller: EditorController, ui: CommandUi) => void;
}

/** What commands need from the page beyond the controller. */
export interface CommandUi {
  openFilePicker: () => void;
}

export const COMMANDS: readonly EditorCommand[] = [
  {
    id: 'apply',
    label: 'Apply',
    keys: [{ key: 'Enter' }],
    enabled: isApplyEnabled,
    perform: (c) => c.commit(),
  },
  {
    id: 'save',
    label: 'Save Image',
    keys: [{ key: 's', mod: true, inFields: true }],
    enabled: canRequestImage,
    perform: (c) => void c.save(),
  },
  {
    id: 'undo',
    label: 'Undo',
    keys: [{ key: 'z', mod: true }],
    enabled: (s) => !isBusy(s) && s.undoDepth > 0,
    perform: (c) => c.undo(),
  },
  {
    id: 'redo',
    label: 'Redo',
    keys: [
      { key: 'z', mod: true, shift: true },
      { key: 'y', mod: true },
    ],
    enabled: (s) => !isBusy(s) && s.redoDepth > 0,
    perform: (c) => c.redo(),
  },
  {
    id: 'upload',
    label: 'Upload New Image',
    keys: [{ key: 'o', mod: true, inFields: true }],
    enabled: canUpload,
    perform: (_c, ui) => ui.openFilePicker(),
  },
  ...EFFECTS.slice(0, 9).map((effect, index): EditorCommand => ({
    id: `effect-${effect.id}`,
    label: effect.name,
    keys: [{ key: String(index + 1) }],
    enabled: (s) => s.isImageReadyInWorker && !isBusy(s),
    perform: (c) => c.selectEffect(effect.id),
  })),
];

export function findCommand(id: string): EditorCommand | undefined {
  return COMMANDS.find((command) => command.id === id);
}

/** The shortcut text shown in tooltips, e.g. 'Ctrl+Shift+Z' or '⌘⇧Z'. */
export function shortcutLabel(binding: KeyBinding, mac: boolean): string {
  const key = binding.key.length === 1 ? binding.key.toUpperCase() : binding.key;
  if (mac) return `${binding.mod ? '⌘' : ''}${binding.shift ? '⇧' : ''}${key}`;
  return [binding.mod ? 'Ctrl' : '', binding.shift ? 'Shift' : '', key].filter(Boolean).join('+');
}

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  inField: boolean;
}

/** The command a key press triggers, if any. */
export function commandForKey(input: KeyInput, mac: boolean): EditorCommand | undefined {
  const mod = mac ? input.metaKey : input.ctrlKey;
  if (input.altKey) return undefined;
  return COMMANDS.find((command) =>
    command.keys.some(
      (binding) =>
        binding.key.toLowerCase() === input.key.toLowerCase() &&
        Boolean(binding.mod) === mod &&
        Boolean(binding.shift) === input.shiftKey &&
        (!input.inField || binding.inFields === true),
    ),
  );
}
