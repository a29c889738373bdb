import { Link } from 'wouter';
import { CONTACT_EMAIL, POLICY_EFFECTIVE_DATE } from '../site.ts';
import { SiteFooter } from '../SiteFooter.tsx';
import './PrivacyPage.css';
import { useT } from '../../i18n/use-t.ts';

export default function PrivacyPage() {
  const t = useT();
  return (
    <div className="privacy-page">
      <header className="site-header">
        <Link href="/" className="brand" aria-label={t('RetroCam home')}>
          <img src="/icons/icon.svg" alt="" width="28" height="28" />
          RetroCam
        </Link>
        <Link href="/">{t('Back to the start page')}</Link>
      </header>
      <main className="page privacy">
        <h1>{t('Privacy Policy')}</h1>
        <p className="hint">{t('Effective date: {date}', { date: POLICY_EFFECTIVE_DATE })}</p>

        <section aria-labelledby="privacy-overview">
          <h2 id="privacy-overview">{t('1. Overview')}</h2>
          <p>
            {t(
              'RetroCam is a photo editor that works entirely on your own device. This policy explains what that means for your data on this website and in the RetroCam iOS app. In short: we do not collect your photos or your personal data.',
            )}
          </p>
        </section>

        <section aria-labelledby="privacy-collect">
          <h2 id="privacy-collect">{t('2. Information We Collect')}</h2>
          <ul>
            <li>
              <strong>{t('No personal data, no photos, no analytics.')}</strong>{' '}
              {t(
                'Your photos are opened, edited and saved inside your browser (or the app) on your device. No personal data, photos or analytics are sent to our servers or to anyone else.',
              )}
            </li>
            <li>
              <strong>{t('What your saved photos carry.')}</strong>{' '}
              {t(
                "A photo saved from RetroCam carries none of the original's metadata: no location, no camera or serial number, no thumbnail. It carries only an sRGB colour profile, so that it shows the same colours everywhere. With ‘Keep the date taken’ on, it also carries the date and time the original was taken, and nothing else.",
              )}
            </li>
            <li>
              <strong>{t('No advertising or tracking.')}</strong>{' '}
              {t('We show no ads and use no tracking, cookies for tracking, or fingerprinting.')}
            </li>
            <li>
              <strong>{t('Hosting logs.')}</strong>{' '}
              {t(
                'The company that hosts this website may keep standard server logs (such as IP address, time and page requested) to deliver and protect the site. These logs never contain your photos.',
              )}
            </li>
          </ul>
        </section>

        <section aria-labelledby="privacy-third-party">
          <h2 id="privacy-third-party">{t('3. Third-Party Services')}</h2>
          <p>
            {t(
              'The website uses no third-party services: every file it loads comes from its own address. In the iOS app, purchases and subscriptions are handled by a third-party in-app purchase and subscription service, which receives your purchase receipts and an anonymous app user identifier so that your purchases work across reinstalls. It receives no photos.',
            )}
          </p>
        </section>

        <section aria-labelledby="privacy-rights">
          <h2 id="privacy-rights">{t('4. Your Rights')}</h2>
          <p>
            {t(
              "Because we hold no personal data about you, there is nothing for us to show, correct or delete. You can clear everything the website keeps on your device (its offline copy of the app) by clearing this site's data in your browser. For questions about purchase data in the iOS app, contact us and we will help you reach the subscription service.",
            )}
          </p>
        </section>

        <section aria-labelledby="privacy-changes">
          <h2 id="privacy-changes">{t('5. Changes to This Policy')}</h2>
          <p>
            {t(
              'If this policy changes, we will publish the new version on this page and update its effective date above.',
            )}
          </p>
        </section>

        <section aria-labelledby="privacy-contact">
          <h2 id="privacy-contact">{t('6. Contact')}</h2>
          <p>
            {t('Questions about this policy:')} <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
          </p>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
