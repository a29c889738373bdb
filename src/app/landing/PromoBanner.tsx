import { APP_STORE_URL } from '../site.ts';
import './PromoBanner.css';
import { useT } from '../../i18n/use-t.ts';

/** The iOS app's banner: an outbound link to its store page. */
export function PromoBanner() {
  const t = useT();
  return (
    <aside className="promo-banner" aria-label={t('RetroCam for iPhone')}>
      <span className="promo-text">
        <strong>{t('RetroCam for iPhone')}</strong>: {t('shoot with the looks live, and add video effects.')}
      </span>
      <a
        className="promo-link"
        href={APP_STORE_URL}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="app-store-link"
      >
        {t('Download on the App Store')}
      </a>
      <span className="promo-note">{t('The app is not available in the EU.')}</span>
    </aside>
  );
}
