import { isTextField } from '../intake/paste.ts';

/**
 * Where the focus is when a key is pressed: typing into a field, on a button (which Enter and Space
 * activate), on another control (a slider, a checkbox), or elsewhere.
 */
export type FocusKind = 'text' | 'button' | 'control' | 'other';

/** What kind of element has the focus, for the shortcut rules. */
export function focusKind(target: EventTarget | null): FocusKind {
  if (!(target instanceof HTMLElement)) return 'other';
  if (isTextField(target)) return 'text';
  if (target instanceof HTMLInputElement) return 'control';
  // The canvas is a button for zooming (Space), but Enter there applies, as it does around it.
  if (target.dataset.shortcuts === 'editor') return 'other';
  if (['SELECT', 'BUTTON', 'A'].includes(target.tagName) || target.getAttribute('role') === 'button') {
    return 'button';
  }
  return 'other';
}
