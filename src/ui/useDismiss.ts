import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * What an open menu or popover does to be left: Escape closes it wherever the focus is, and gives the
 * focus back to the `button` that opened it; a press outside the `parts` (the button and what it opened)
 * closes it.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  button: RefObject<HTMLElement | null>,
  parts: readonly RefObject<HTMLElement | null>[],
): void {
  // The latest close and parts, read when an event comes: the listeners stay while the menu is open.
  const latest = useRef({ close, parts });
  useLayoutEffect(() => {
    latest.current = { close, parts };
  });
  useEffect(() => {
    if (!open) return;
    const key = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      latest.current.close();
      button.current?.focus();
    };
    const press = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (!latest.current.parts.some((part) => part.current?.contains(target))) latest.current.close();
    };
    document.addEventListener('keydown', key);
    document.addEventListener('pointerdown', press, true);
    return () => {
      document.removeEventListener('keydown', key);
      document.removeEventListener('pointerdown', press, true);
    };
  }, [open, button]);
}
