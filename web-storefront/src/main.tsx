import '@autobest/domain/browser';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initialCurrency } from './currency/CurrencyContext';
import { NEWS_FIRST_READS } from './news/firstReads';
import { prefetch } from './prefetch';
import { preloadRoute } from './routes';
import './i18n/store';
import './styles.css';

// The page being opened and, for a vehicle, its data: both on their way while React starts.
preloadRoute(location.pathname);
const vehicle = /^\/vehicles?\/([^/]+)\/?$/.exec(location.pathname)?.[1];
if (vehicle) {
  prefetch(`/api/vehicles/${encodeURIComponent(decodeURIComponent(vehicle))}?currency=${initialCurrency()}`, (body) => {
    // Its first photo is the page's largest paint: start it as soon as the data names it.
    const first = (body as { images?: Array<{ url?: unknown }> }).images?.[0]?.url;
    if (typeof first === 'string') new Image().src = first;
  });
}

if (/^\/news\/?$/i.test(location.pathname)) for (const url of Object.values(NEWS_FIRST_READS)) prefetch(url);

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
