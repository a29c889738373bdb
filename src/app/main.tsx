import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { isDeviceLimits, setDeviceLimits } from '../engine/device-limits.ts';
import { registerServiceWorker } from './register-sw.ts';
import { startLocale } from '../i18n/start.ts';

// `?deviceLimits=ios` (on any page): the app keeps to iOS Safari's limits while it runs (testing contract).
const limits = new URLSearchParams(location.search).get('deviceLimits');
if (isDeviceLimits(limits)) setDeviceLimits(limits);

// The visit's language is active before the first render: no English flashes before it.
await startLocale();

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
