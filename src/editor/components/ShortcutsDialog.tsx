import { useEffect, useRef } from 'react';
import { COMMANDS, shortcutLabel } from '../commands.ts';
import './ShortcutsDialog.css';

/** What the pointer and keys do on the photo itself, beside the commands' own shortcuts. */
const ON_THE_PHOTO: readonly [string, string][] = [
  ['\\ (held)', 'Show the image before the effect'],
  ['Space on the photo', 'Zoom 1x, 1.5x, 2x'],
  ['Click the photo', 'Zoom about the point clicked'],
  ['Ctrl+wheel, pinch', 'Zoom towards the pointer'],
  ['Escape', 'Cancel a full-resolution save; close this list'],
];

interface ShortcutsDialogProps {
  open: boolean;
  mac: boolean;
  onClose: () => void;
}

/** The list of keyboard shortcuts (`?`), read from the commands themselves. */
export function ShortcutsDialog({ open, mac, onClose }: ShortcutsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="shortcuts-dialog"
      data-testid="shortcuts-dialog"
      aria-labelledby="shortcuts-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="shortcuts-content">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <table>
          <tbody>
            {COMMANDS.map((command) => (
              <tr key={command.id}>
                <th scope="row">
                  {command.keys.map((binding) => (
                    <kbd key={shortcutLabel(binding, mac)}>{shortcutLabel(binding, mac)}</kbd>
                  ))}
                </th>
                <td>{command.label}</td>
              </tr>
            ))}
            {[[mac ? '⌘V' : 'Ctrl+V', 'Paste an image as a new photo'] as const, ...ON_THE_PHOTO].map(
              ([keys, what]) => (
                <tr key={keys}>
                  <th scope="row">
                    <kbd>{keys}</kbd>
                  </th>
                  <td>{what}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
        <button type="button" className="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
