import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import LandingPage from './pages/LandingPage.tsx';
import NotFoundPage from './pages/NotFoundPage.tsx';
import PrivacyPage from './pages/PrivacyPage.tsx';
import { useT } from '../i18n/use-t.ts';

// The editor (and the engine client with it) loads only when someone opens it.
const EditorPage = lazy(() => import('../editor/EditorPage.tsx'));

export function App() {
  const t = useT();
  return (
    <Suspense
      fallback={
        <div className="page-loading" role="status">
          {t('Loading…')}
        </div>
      }
    >
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/editor" component={EditorPage} />
        <Route path="/privacy" component={PrivacyPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
