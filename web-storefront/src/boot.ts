import { initialCurrency } from './currency/remembered';
import { inventorySearchQuery } from './inventory/searchQuery';
import { NEWS_FIRST_READS } from './news/firstReads';
import { matchesRoute, preloadRoute } from './pages';
import { prefetch } from './prefetch';
import { GALLERY_SIZES, preloadPhoto } from './inventory/photoSources';

/**
 * Run first of the main chunk's modules (main.tsx imports it first, so before React evaluates): the page being opened
 * (its own chunk) and its first data are requested here at once, side by side, instead of the data only once the
 * page's code has arrived and rendered. No React here.
 */
const path = location.pathname;
preloadRoute(path);

const vehicle = /^\/vehicles?\/([^/]+)\/?$/i.exec(path)?.[1];
if (vehicle) {
  prefetch(`/api/vehicles/${encodeURIComponent(decodeURIComponent(vehicle))}?currency=${initialCurrency()}`, (body) => {
    // Its first photo is the page's largest paint: start it as soon as the data names it.
    const first = (body as { images?: Array<{ url?: unknown }> }).images?.[0]?.url;
    if (typeof first === 'string') preloadPhoto(first, GALLERY_SIZES);
  });
}

// 'Search Inventory' (also at /buy-cars): the search its address asks for, as the page will ask it.
if (matchesRoute('/inventory', path) || matchesRoute('/buy-cars', path)) prefetch(`/api/vehicles?${inventorySearchQuery(initialCurrency(), new URLSearchParams(location.search))}`);

if (matchesRoute('/news', path)) for (const url of Object.values(NEWS_FIRST_READS)) prefetch(url);
