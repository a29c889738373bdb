import { useState } from 'react';
import { Link } from 'wouter';
import { NotificationBanner } from '../../editor/components/NotificationBanner.tsx';
import { PromoBanner } from '../landing/PromoBanner.tsx';
import { UploadBox } from '../landing/UploadBox.tsx';
import { SiteFooter } from '../SiteFooter.tsx';
import { LANDING_BACKGROUNDS } from '../site.ts';
import './LandingPage.css';
import { useT } from '../../i18n/use-t.ts';
import { msg } from '../../i18n/msg.ts';
import { LanguageSelect } from '../../i18n/LanguageSelect.tsx';

const LOOKS = [
  { name: msg('CCD digicam'), text: msg('The bloom, noise and blocky JPEG of a 2005 pocket camera.') },
  { name: msg('Nokia phone'), text: msg('A tiny, crunchy, upscaled phone photo, straight from the 2000s.') },
  {
    name: msg('Film and filters'),
    text: msg('Eighteen film and filter looks, grain and vignette included.'),
  },
];

export default function LandingPage() {
  const t = useT();
  // A random background per visit, from three of our own.
  const [background] = useState(() => Math.floor(Math.random() * LANDING_BACKGROUNDS.length));
  return (
    <div className={`landing landing-bg-${background + 1}`} data-background={LANDING_BACKGROUNDS[background]}>
      <NotificationBanner />
      <PromoBanner />
      <header className="site-header">
        <Link href="/" className="brand" aria-label={t('RetroCam home')}>
          <img src="/icons/icon.svg" alt="" width="28" height="28" />
          RetroCam
        </Link>
        <span className="site-header-end">
          <LanguageSelect />
          <Link href="/privacy">{t('Privacy')}</Link>
        </span>
      </header>
      <main className="landing-main">
        <div className="landing-hero">
          <h1>{t('Make new photos look old.')}</h1>
          <p className="lede">
            {t(
              'Turn any photo into a 2005 digicam shot, a Nokia phone picture, a cheap webcam frame or a film print. It all happens in your browser: your photo never leaves your device.',
            )}
          </p>
        </div>
        <UploadBox />
        <ul className="landing-looks" aria-label={t('Looks')}>
          {LOOKS.map((look) => (
            <li key={look.name}>
              <h2>{t(look.name)}</h2>
              <p>{t(look.text)}</p>
            </li>
          ))}
        </ul>
      </main>
      <SiteFooter />
    </div>
  );
}
