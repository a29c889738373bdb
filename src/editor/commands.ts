/**
 * The editor's user commands as small registered objects (label, shortcut, when enabled, what they do),
 * so buttons and keyboard shortcuts share one path.
 */
import { EFFECTS } from '../effects/index.ts';
import type { FocusKind } from '../ui/focus.ts';
import type { EditorController } from './controller.ts';
import {
  canRequestImage,
  canUpload,
  isApplyEnabled,
  isBusy,
  type EditorState,
} from '../session/editor-state.ts';
import { msg } from '../i18n/msg.ts';
import { canUndoNow, redoDepth } from '../session/edit-state.ts';

export interface KeyBinding {
  key: string;
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  mod?: boolean;
  shift?: boolean;
  /**
   * Where the shortcut works: 'all' even while typing (Ctrl+S, which the browser would take), 'controls'
   * everywhere but in text fields, and by default also not on a button (Enter, which activates it).
   */
  allowIn?: 'all' | 'controls';
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
  openCamera: () => void;
  openShortcuts: () => void;
}

/** The number keys of the effects, in the list's order: 1 to 9, then 0. */
export const EFFECT_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

export const COMMANDS: readonly EditorCommand[] = [
  {
    id: 'apply',
    label: msg('Apply'),
    keys: [{ key: 'Enter' }],
    enabled: isApplyEnabled,
    perform: (c) => c.commit(),
  },
  {
    id: 'save',
    label: msg('Save Image'),
    keys: [{ key: 's', mod: true, allowIn: 'all' }],
    enabled: canRequestImage,
    perform: (c) => void c.save(),
  },
  {
    id: 'undo',
    label: msg('Undo'),
    keys: [{ key: 'z', mod: true, allowIn: 'controls' }],
    enabled: canUndoNow,
    perform: (c) => c.undo(),
  },
  {
    id: 'redo',
    label: msg('Redo'),
    keys: [
      { key: 'z', mod: true, shift: true, allowIn: 'controls' },
      { key: 'y', mod: true, allowIn: 'controls' },
    ],
    enabled: (s) => !isBusy(s) && redoDepth(s) > 0,
    perform: (c) => c.redo(),
  },
  {
    id: 'share',
    label: msg('Share'),
    keys: [],
    enabled: canRequestImage,
    perform: (c) => void c.share(),
  },
  {
    id: 'upload',
    label: msg('Upload New Image'),
    keys: [{ key: 'o', mod: true, allowIn: 'all' }],
    enabled: canUpload,
    perform: (_c, ui) => ui.openFilePicker(),
  },
  {
    id: 'camera',
    label: msg('Camera'),
    keys: [{ key: 'c', allowIn: 'controls' }],
    enabled: canUpload,
    perform: (_c, ui) => ui.openCamera(),
  },
  {
    id: 'crop',
    label: msg('Crop'),
    keys: [{ key: 'r', allowIn: 'controls' }],
    enabled: canRequestImage,
    perform: (c) => c.crop.open(),
  },
  {
    id: 'shortcuts',
    label: msg('Keyboard shortcuts'),
    keys: [{ key: '?', allowIn: 'controls' }],
    enabled: () => true,
    perform: (_c, ui) => ui.openShortcuts(),
  },
  ...EFFECTS.slice(0, EFFECT_KEYS.length).map((effect, index): EditorCommand => ({
    id: `effect-${effect.id}`,
    label: effect.name,
    keys: [{ key: EFFECT_KEYS[index]!, allowIn: 'controls' }],
    enabled: (s) => s.isImageReadyInWorker && !isBusy(s),
    perform: (c) => c.selectEffect(effect.id),
  })),
];

export function findCommand(id: string): EditorCommand | undefined {
  return COMMANDS.find((command) => command.id === id);
}

/** The shortcut text shown in tooltips, e.g. 'Ctrl+Shift+Z' or '⌘⇧Z'. */
/** The keys named in words, as the keyboard prints them: translated where shown ('Strg' in German). */
const KEY_NAMES: Readonly<Record<string, string>> = {
  Ctrl: msg('Ctrl'),
  Shift: msg('Shift'),
  Enter: msg('Enter'),
};

/**
 * A binding as the user reads it ('Ctrl+Shift+Z', '⌘⇧Z' on a Mac), its key names through `translate`
 * (the active language's `t` where shown).
 */
export function shortcutLabel(
  binding: KeyBinding,
  mac: boolean,
  translate: (text: string) => string = (text) => text,
): string {
  const name = (key: string) => translate(KEY_NAMES[key] ?? key);
  const key = binding.key.length === 1 ? binding.key.toUpperCase() : name(binding.key);
  if (mac) return `${binding.mod ? '⌘' : ''}${binding.shift ? '⇧' : ''}${key}`;
  return [binding.mod ? name('Ctrl') : '', binding.shift ? name('Shift') : '', key].filter(Boolean).join('+');
}

/**
 * A binding as `aria-keyshortcuts` takes it: the key values of the ARIA specification ('Control+Shift+Z',
 * 'Meta+S'), never translated; assistive technology speaks them in the user's language.
 */
export function ariaShortcut(binding: KeyBinding, mac: boolean): string {
  const key = binding.key.length === 1 ? binding.key.toUpperCase() : binding.key;
  return [binding.mod ? (mac ? 'Meta' : 'Control') : '', binding.shift ? 'Shift' : '', key]
    .filter(Boolean)
    .join('+');
}

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  focus: FocusKind;
}

function allowed(binding: KeyBinding, focus: FocusKind): boolean {
  if (binding.allowIn === 'all') return true;
  if (binding.allowIn === 'controls') return focus !== 'text';
  return focus === 'other' || focus === 'control';
}

/** A symbol ('?') is typed with Shift on some layouts and without on others: Shift is not part of it. */
const shiftMatters = (key: string) => /^[a-z0-9]$/i.test(key) || key.length > 1;

/** The command a key press triggers, if any. */
export function commandForKey(input: KeyInput, mac: boolean): EditorCommand | undefined {
  const mod = mac ? input.metaKey : input.ctrlKey;
  if (input.altKey) return undefined;
  return COMMANDS.find((command) =>
    command.keys.some(
      (binding) =>
        binding.key.toLowerCase() === input.key.toLowerCase() &&
        Boolean(binding.mod) === mod &&
        (!shiftMatters(binding.key) || Boolean(binding.shift) === input.shiftKey) &&
        allowed(binding, input.focus),
    ),
  );
}
