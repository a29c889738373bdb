import { Link } from 'wouter';
import { useT } from '../../i18n/use-t.ts';

export default function NotFoundPage() {
  const t = useT();
  return (
    <div className="page not-found">
      <h1>{t('Page not found')}</h1>
      <p>{t('There is nothing at this address.')}</p>
      <Link className="button" href="/">
        {t('Go to the start page')}
      </Link>
    </div>
  );
}
