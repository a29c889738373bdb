import { useEffect, useRef } from 'react';
import { CONTACT_EMAIL, SOCIAL_LINKS } from '../site.ts';
import './ContactDialog.css';
import { useT } from '../../i18n/use-t.ts';

const CAMERA_ART = String.raw`
   ____________________
  |  [__]    .-.   (o) |
  |  ______ (   )      |
  | |      | '-'  ___  |
  | | RETRO|     /   \ |
  | |  CAM |    | (@) ||
  | |______|     \___/ |
  |____________________|
`;

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The 'Contact Information' dialog: a modal <dialog> (the rest of the page is inert while it is open),
 * with Tab kept inside it, Escape and a click on the backdrop closing it; the opener gets focus back.
 */
export function ContactDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    return () => element.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="contact-dialog"
      aria-labelledby="contact-title"
      data-testid="contact-dialog"
      onCancel={(event) => {
        // Escape: close through React so the opener gets focus back.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Tab') return;
        const items = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      <div className="contact-content">
        <div className="contact-header">
          <h2 id="contact-title">{t('Contact Information')}</h2>
          <button type="button" className="icon-button" aria-label={t('Close')} onClick={onClose}>
            ×
          </button>
        </div>
        <p>{t('Questions, ideas or a look you would like to see? Write to us.')}</p>
        <p className="contact-email">
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </p>
        <ul className="contact-social">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.label}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label} <span className="hint">{link.handle}</span>
              </a>
            </li>
          ))}
        </ul>
        <pre className="ascii-art" aria-hidden="true">
          {CAMERA_ART}
        </pre>
      </div>
    </dialog>
  );
}
