// Each component test starts on an empty page in English, with the app's shared styles, on real timers.
import '../../src/app/styles.css';
import { afterEach, vi } from 'vitest';
import { activateLocale } from '../../src/i18n/i18n.ts';
import { cleanup } from './support/render.tsx';
import { restoreWorkers } from './support/workers.ts';

// A test may stand in for the page's workers (support/workers.ts): the next test has the browser's own.
// The editor writes its look into the address (the link writer): each test starts on the page's own.
const address = `${location.pathname}${location.search}`;

afterEach(async () => {
  cleanup();
  restoreWorkers();
  history.replaceState(null, '', address);
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
  await activateLocale('en');
});
