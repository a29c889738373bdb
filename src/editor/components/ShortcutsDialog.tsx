import { useEffect, useRef } from 'react';
import { COMMANDS, shortcutLabel } from '../commands.ts';
import './ShortcutsDialog.css';
import { useT } from '../../i18n/use-t.ts';
import { msg } from '../../i18n/msg.ts';

/** What the pointer and keys do on the photo itself, beside the commands' own shortcuts. */
const ON_THE_PHOTO: readonly [string, string][] = [
  [msg('\\ (held)'), msg('Show the image before the effect')],
  [msg('Space on the photo'), msg('Zoom 1x, 1.5x, 2x')],
  [msg('Click the photo'), msg('Zoom about the point clicked')],
  [msg('Ctrl+wheel, pinch'), msg('Zoom towards the pointer')],
  [msg('Escape'), msg('Cancel a full-resolution save; close this list')],
];

interface ShortcutsDialogProps {
  open: boolean;
  mac: boolean;
  onClose: () => void;
}

/** The list of keyboard shortcuts (`?`), read from the commands themselves. */
export function ShortcutsDialog({ open, mac, onClose }: ShortcutsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();
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
        <h2 id="shortcuts-title">{t('Keyboard shortcuts')}</h2>
        <table>
          <tbody>
            {COMMANDS.map((command) => (
              <tr key={command.id}>
                <th scope="row">
                  {command.keys.map((binding) => (
                    <kbd key={shortcutLabel(binding, mac)}>{shortcutLabel(binding, mac, t)}</kbd>
                  ))}
                </th>
                <td>{t(command.label)}</td>
              </tr>
            ))}
            {[
              [shortcutLabel({ key: 'v', mod: true }, mac, t), t('Paste an image as a new photo')] as const,
              ...ON_THE_PHOTO.map(([keys, what]) => [t(keys), t(what)] as const),
            ].map(([keys, what]) => (
              <tr key={keys}>
                <th scope="row">
                  <kbd>{keys}</kbd>
                </th>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="button" onClick={onClose} autoFocus>
          {t('Close')}
        </button>
      </div>
    </dialog>
  );
}
