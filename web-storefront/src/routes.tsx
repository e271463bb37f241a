import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { COMPANION_PATH } from './assistant/CompanionLink';

type PageModule = Record<string, unknown>;
type Page = LazyExoticComponent<ComponentType> & { preload(): void };

/** A page loaded on first visit to its route: each route is its own chunk. `preload` starts the download early. */
function page<M extends PageModule>(load: () => Promise<M>, name: keyof M & string): Page {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType })),
    { preload: () => void load().catch(() => undefined) },
  );
}

const InventoryPage = page(() => import('./inventory/InventoryPage'), 'InventoryPage');
const VehiclePage = page(() => import('./inventory/VehiclePage'), 'VehiclePage');
const OnSalePage = page(() => import('./deals/OnSalePage'), 'OnSalePage');

/** Every storefront route but home (which ships in the first chunk) and the 404 page. */
export const PAGES: ReadonlyArray<readonly [path: string, Page: Page]> = [
  ['/about', page(() => import('./about/AboutPage'), 'AboutPage')],
  ['/services', page(() => import('./our-services/ServicesPage'), 'ServicesPage')],
  ['/contact', page(() => import('./contact/ContactPage'), 'ContactPage')],
  ['/support', page(() => import('./support/SupportPage'), 'SupportPage')],
  ['/profile', page(() => import('./profile/ProfilePage'), 'ProfilePage')],
  ['/privacy', page(() => import('./legal/PrivacyPage'), 'PrivacyPage')],
  ['/terms', page(() => import('./legal/TermsPage'), 'TermsPage')],
  ['/on-sale', OnSalePage],
  ['/onsale', OnSalePage],
  ['/rent-lease', page(() => import('./rent-lease/RentLeasePage'), 'RentLeasePage')],
  ['/service', page(() => import('./car-service/ServicePage'), 'ServicePage')],
  ['/brands', page(() => import('./brands/BrandsPage'), 'BrandsPage')],
  ['/insurance', page(() => import('./insurance/InsurancePage'), 'InsurancePage')],
  ['/news', page(() => import('./news/NewsPage'), 'NewsPage')],
  [COMPANION_PATH, page(() => import('./assistant/companion/CompanionPage'), 'CompanionPage')],
  ['/tara-ai-demo', page(() => import('./assistant/companion/TaraPage'), 'TaraPage')],
  ['/sell-car', page(() => import('./submissions/SubmissionPage'), 'SellCarPage')],
  ['/trade-in', page(() => import('./submissions/SubmissionPage'), 'TradeInPage')],
  ['/sell-car-status/:id', page(() => import('./submissions/StatusPage'), 'SellCarStatusPage')],
  ['/trade-in-status/:id', page(() => import('./submissions/StatusPage'), 'TradeInStatusPage')],
  ['/inventory', InventoryPage],
  ['/buy-cars', InventoryPage],
  ['/electric-cars', page(() => import('./inventory/ElectricCarsPage'), 'ElectricCarsPage')],
  ['/all-inventory', page(() => import('./inventory/AllInventoryPage'), 'AllInventoryPage')],
  ['/vehicle/:id', VehiclePage],
  ['/vehicles/:id', VehiclePage],
];

/**
 * Links the spec lists without defining a screen, each sent to the closest real page (never the 404).
 * The fragments name sections of those pages.
 */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/import': '/profile#import',
  '/enterprise': '/profile#enterprise',
  '/export': '/profile#export',
  '/careers': '/about#careers',
  '/investors': '/about#investors',
  '/booking': '/service#book',
  '/maintenance': '/service',
  '/warranty': '/insurance',
  '/roadside': '/support#emergency',
  '/tara-ai': '/tara-ai-demo',
};

/** Starts downloading the page for `pathname` (the one being opened) before React asks for it. */
export function preloadRoute(pathname: string): void {
  const matches = (pattern: string) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}/?$`).test(pathname);
  PAGES.find(([path]) => matches(path))?.[1].preload();
}
