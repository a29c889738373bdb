/**
 * Focus kept for the keyboard: when a step ends by taking away or disabling the focused control (Apply
 * disabled once applied, crop's and frame's Done gone with their tool, Save as recipe's form closed, the
 * Upload button disabled while the photo loads), the focus would fall to the page's body and the next Tab
 * start from the top. The editor gives it to the control that opened the step, or to the step's result
 * (the edit's new step), as soon as one can take it.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** Where the focus goes when the control that had it cannot keep it, by that control's test id. */
const NEXT: Readonly<Record<string, string>> = {
  'apply-button': '.edit-steps .edit-step:last-child .edit-step-open',
  'recipe-save-confirm': '[data-testid="recipe-save"]',
  'recipe-name': '[data-testid="recipe-save"]',
  'frame-done': '[data-testid="frame-button"]',
  'crop-done': '[data-testid="crop-button"]',
  'crop-cancel': '[data-testid="crop-button"]',
};

/** Where the focus goes when nothing more telling is known: the first effect, then the photo. */
const FALLBACKS = ['.effect-list:not([hidden]) .effect-item:not(:disabled)', '[data-testid="editor-sheet"]'];

/** Whether an element can take the focus now: in the page, shown, not disabled. */
export function canTakeFocus(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  if ((element as HTMLButtonElement).disabled || element.closest('[hidden], [inert]')) return false;
  return element.getClientRects().length > 0;
}

interface Focused {
  element: Element;
  testId: string | null;
}

/** The control the focus goes to now, or null when the one it should go to cannot take it yet. */
export function focusTarget(root: ParentNode, last: Focused): HTMLElement | null {
  if (canTakeFocus(last.element)) return last.element;
  const telling =
    (last.testId ? NEXT[last.testId] : undefined) ??
    (last.element.closest('.crop-tool') ? NEXT['crop-done'] : undefined) ??
    (last.element.closest('.more-actions-menu') ? '.more-actions-toggle' : undefined);
  if (telling) {
    const found = root.querySelector(telling);
    // It waits until it can take the focus (a button disabled while the worker is busy).
    return canTakeFocus(found) ? found : null;
  }
  // Disabled for now (Upload while the photo loads): it gets the focus back once enabled.
  if (last.element.isConnected && last.element.getClientRects().length > 0) return null;
  for (const selector of FALLBACKS) {
    const found = root.querySelector(selector);
    if (canTakeFocus(found)) return found;
  }
  return null;
}

/**
 * Keeps the focus in the editor: remembers the control last focused, and when the focus has fallen to
 * the body (or is on a control just disabled), gives it back (focusTarget) as soon as the page changes:
 * on the editor's next render, or on any change of its elements (a panel of its own that closed a form).
 * A press on something that takes no focus is the user's own choice: nothing is given back then.
 */
export function useFocusKeeper(root: RefObject<HTMLElement | null>): void {
  const last = useRef<Focused | null>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const restore = () => restoreFocus(element, last.current);
    const focusIn = (event: FocusEvent) => {
      if (!(event.target instanceof Element) || event.target === element) return;
      last.current = { element: event.target, testId: event.target.getAttribute('data-testid') };
    };
    const press = () => {
      last.current = null;
    };
    // A control taken away or disabled by a part that renders on its own (a form that closed).
    const changes = new MutationObserver(restore);
    changes.observe(element, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden'],
    });
    element.addEventListener('focusin', focusIn);
    element.addEventListener('pointerdown', press, true);
    return () => {
      changes.disconnect();
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('pointerdown', press, true);
    };
  }, [root]);
  // After every render of the editor: its state may have taken the focused control away.
  useEffect(() => {
    if (root.current) restoreFocus(root.current, last.current);
  });
}

/** Gives the focus back (focusTarget) when it has fallen to the body or sits on a control it cannot use. */
function restoreFocus(root: HTMLElement, focused: Focused | null): void {
  if (!focused) return;
  const active = document.activeElement;
  if (active && active !== document.body && canTakeFocus(active)) return;
  focusTarget(root, focused)?.focus();
}
