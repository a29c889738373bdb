/**
 * The app's one modal dialog, on the native <dialog> opened with showModal(): the rest of the page is
 * inert while it is open, the browser's close request (Escape) asks the owner to close it, and Tab goes
 * round the dialog's own controls instead of leaving for the browser's. The owner closes it by
 * unmounting it; the element the focus came from gets it back.
 */
import { useLayoutEffect, useRef, type HTMLAttributes, type ReactNode, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

export interface ModalDialogProps extends Omit<HTMLAttributes<HTMLDialogElement>, 'onCancel' | 'onClose'> {
  /** Escape (the dialog's cancel) and, with `closeOnBackdrop`, a click on the backdrop: the owner closes it. */
  onCancel: () => void;
  closeOnBackdrop?: boolean;
  /** Focus goes to the dialog itself on opening (it needs a tabIndex), not its first control. */
  focusSelf?: boolean;
  /** The dialog element, for an owner that needs it. */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  children: ReactNode;
}

export function ModalDialog({
  onCancel,
  closeOnBackdrop = false,
  focusSelf = false,
  dialogRef,
  children,
  onKeyDown,
  onClick,
  ...attributes
}: ModalDialogProps) {
  const own = useRef<HTMLDialogElement | null>(null);
  const dialog = dialogRef ?? own;
  const cancel = useRef(onCancel);
  useLayoutEffect(() => {
    cancel.current = onCancel;
  }, [onCancel]);
  // Whether the dialog is being closed by its owner (unmounted), not by the browser.
  const closing = useRef(false);

  // Opened before the first paint, so that it never shows as a dialog that is not modal.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    closing.current = false;
    if (!element.open) element.showModal();
    if (focusSelf) element.focus();
    return () => {
      closing.current = true;
      element.close();
    };
  }, [dialog, focusSelf]);

  return (
    <dialog
      {...attributes}
      ref={dialog}
      onCancel={(event) => {
        // The owner closes it (by unmounting it), so that its state says so.
        event.preventDefault();
        cancel.current();
      }}
      onClose={() => {
        // A close the browser would not let be cancelled (a second Escape at once) closes it too; the
        // close of an unmount (or of React's remount in development, open again by now) is no request.
        if (!closing.current && !dialog.current?.open) cancel.current();
      }}
      onClick={(event) => {
        onClick?.(event);
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (closeOnBackdrop && event.target === event.currentTarget) cancel.current();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key !== 'Tab' || event.defaultPrevented || !dialog.current) return;
        const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const [first, last] = [items[0], items[items.length - 1]];
        if (!first || !last) return;
        const active = document.activeElement;
        if (event.shiftKey && (active === first || active === dialog.current)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      {children}
    </dialog>
  );
}
