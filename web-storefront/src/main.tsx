// First: the page being opened and its data start downloading before React evaluates.
import './boot';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './i18n/store';
import './styles.css';
// The home page's styles (hero, sections, the dialogs) are in the main stylesheet: home opens most visits, and
// stylesheets of their own were three more requests on its first visit (about 300 bytes each on the wire).
import './home/home.css';
import './home/sections/sections.css';
import './ui/dialog.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The outer Suspense covers the first paint in a language whose messages are still on their way.
createRoot(root).render(
  <StrictMode>
    <Suspense fallback={null}>
      <App />
    </Suspense>
  </StrictMode>,
);

// The service worker (what was seen stays usable offline: src/offline/) is registered once the page has loaded and
// painted its first content: its code is no part of what the first paint waits for. On a slow phone the load event can
// come first, while the page's own code still renders; a browser that does not report paints registers it at load.
if ('serviceWorker' in navigator) {
  const register = () => void import('./offline/registerServiceWorker').catch(() => undefined);
  const afterFirstContentfulPaint = () => {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) return register();
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      register();
    }).observe({ type: 'paint', buffered: true });
  };
  window.addEventListener('load', afterFirstContentfulPaint, { once: true });
}
