import { APP_STORE_URL } from '../site.ts';
import './PromoBanner.css';

/** The iOS app's banner: an outbound link to its store page. */
export function PromoBanner() {
  return (
    <aside className="promo-banner" aria-label="RetroCam for iPhone">
      <span className="promo-text">
        <strong>RetroCam for iPhone</strong>: shoot with the looks live, and add video effects.
      </span>
      <a
        className="promo-link"
        href={APP_STORE_URL}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="app-store-link"
      >
        Download on the App Store
      </a>
      <span className="promo-note">The app is not available in the EU.</span>
    </aside>
  );
}
