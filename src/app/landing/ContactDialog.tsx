import { CONTACT_EMAIL, SOCIAL_LINKS } from '../site.ts';
import './ContactDialog.css';
import { useT } from '../../i18n/use-t.ts';
import { ModalDialog } from '../../ui/components/ModalDialog.tsx';

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

/**
 * The 'Contact Information' dialog: modal (the rest of the page is inert while it is open), with Tab kept
 * inside it, Escape and a click on the backdrop closing it; the opener gets focus back.
 */
export function ContactDialog({ onClose }: { onClose: () => void }) {
  const t = useT();

  return (
    <ModalDialog
      className="contact-dialog"
      aria-labelledby="contact-title"
      data-testid="contact-dialog"
      onCancel={onClose}
      closeOnBackdrop
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
    </ModalDialog>
  );
}
