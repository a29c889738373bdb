import { useState } from 'react';
import { Link } from 'wouter';
import { NotificationBanner } from '../../editor/components/NotificationBanner.tsx';
import { PromoBanner } from '../landing/PromoBanner.tsx';
import { UploadBox } from '../landing/UploadBox.tsx';
import { SiteFooter } from '../SiteFooter.tsx';
import { LANDING_BACKGROUNDS } from '../site.ts';
import './LandingPage.css';

const LOOKS = [
  { name: 'CCD digicam', text: 'The bloom, noise and blocky JPEG of a 2005 pocket camera.' },
  { name: 'Nokia phone', text: 'A tiny, crunchy, upscaled phone photo, straight from the 2000s.' },
  { name: 'Film and filters', text: 'Eighteen film and filter looks, grain and vignette included.' },
];

export default function LandingPage() {
  // A random background per visit, from three of our own.
  const [background] = useState(() => Math.floor(Math.random() * LANDING_BACKGROUNDS.length));
  return (
    <div className={`landing landing-bg-${background + 1}`} data-background={LANDING_BACKGROUNDS[background]}>
      <NotificationBanner />
      <PromoBanner />
      <header className="site-header">
        <Link href="/" className="brand" aria-label="RetroCam home">
          <img src="/icons/icon.svg" alt="" width="28" height="28" />
          RetroCam
        </Link>
        <Link href="/privacy">Privacy</Link>
      </header>
      <main className="landing-main">
        <div className="landing-hero">
          <h1>Make new photos look old.</h1>
          <p className="lede">
            Turn any photo into a 2005 digicam shot, a Nokia phone picture, a cheap webcam frame or a film
            print. It all happens in your browser: your photo never leaves your device.
          </p>
        </div>
        <UploadBox />
        <ul className="landing-looks" aria-label="Looks">
          {LOOKS.map((look) => (
            <li key={look.name}>
              <h2>{look.name}</h2>
              <p>{look.text}</p>
            </li>
          ))}
        </ul>
      </main>
      <SiteFooter />
    </div>
  );
}
