import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ContactDialog } from './landing/ContactDialog.tsx';
import './SiteFooter.css';
import { useT } from '../i18n/use-t.ts';

/** The footer of the landing and privacy pages: the policy, and the Contact Information dialog. */
export function SiteFooter() {
  const t = useT();
  const [contactOpen, setContactOpen] = useState(false);
  const contactButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Focus goes back to the Contact button once the dialog has closed (while it is open the rest of the
  // page is inert and cannot take focus).
  useEffect(() => {
    if (wasOpen.current && !contactOpen) contactButton.current?.focus();
    wasOpen.current = contactOpen;
  }, [contactOpen]);
  return (
    <footer className="site-footer">
      <nav aria-label={t('Footer')}>
        <Link href="/privacy">{t('Privacy Policy')}</Link>
        <button
          ref={contactButton}
          type="button"
          className="link-button"
          data-testid="contact-button"
          onClick={() => setContactOpen(true)}
        >
          {t('Contact')}
        </button>
      </nav>
      <p className="site-footer-note">{t('© 2025 RetroCam. Your photos never leave your device.')}</p>
      {contactOpen && <ContactDialog onClose={() => setContactOpen(false)} />}
    </footer>
  );
}
