// No React here: src/boot.ts, run before React, starts the page being opened with these before the app has loaded.

type PageModule = Record<string, unknown>;
export type PageLoader = () => Promise<PageModule>;

/** The AI Car Buyer Companion's page, where Tara's chat opens on arrival (spec 000 and 001). */
export const COMPANION_PATH = '/car-buyer-companion';

/** A route's page: the module that holds it (its own chunk, fetched on first visit) and the component's name there. */
const at = <M extends PageModule>(path: string, load: () => Promise<M>, name: keyof M & string) => [path, load as PageLoader, name] as const;

const home = () => import('./home/HomePage');
const inventory = () => import('./inventory/InventoryPage');
const vehicle = () => import('./inventory/VehiclePage');
const onSale = () => import('./deals/OnSalePage');
const submission = () => import('./submissions/SubmissionPage');
const status = () => import('./submissions/StatusPage');

/** Every storefront route but the 404 page, home included: no page's code is in the chunk every route loads. */
export const PAGE_MODULES = [
  at('/', home, 'HomePage'),
  at('/about', () => import('./about/AboutPage'), 'AboutPage'),
  at('/services', () => import('./our-services/ServicesPage'), 'ServicesPage'),
  at('/contact', () => import('./contact/ContactPage'), 'ContactPage'),
  at('/support', () => import('./support/SupportPage'), 'SupportPage'),
  at('/profile', () => import('./profile/ProfilePage'), 'ProfilePage'),
  at('/privacy', () => import('./legal/PrivacyPage'), 'PrivacyPage'),
  at('/terms', () => import('./legal/TermsPage'), 'TermsPage'),
  at('/on-sale', onSale, 'OnSalePage'),
  at('/onsale', onSale, 'OnSalePage'),
  at('/rent-lease', () => import('./rent-lease/RentLeasePage'), 'RentLeasePage'),
  at('/service', () => import('./car-service/ServicePage'), 'ServicePage'),
  at('/brands', () => import('./brands/BrandsPage'), 'BrandsPage'),
  at('/insurance', () => import('./insurance/InsurancePage'), 'InsurancePage'),
  at('/news', () => import('./news/NewsPage'), 'NewsPage'),
  at(COMPANION_PATH, () => import('./assistant/companion/CompanionPage'), 'CompanionPage'),
  at('/tara-ai-demo', () => import('./assistant/companion/TaraPage'), 'TaraPage'),
  at('/sell-car', submission, 'SellCarPage'),
  at('/trade-in', submission, 'TradeInPage'),
  at('/sell-car-status/:id', status, 'SellCarStatusPage'),
  at('/trade-in-status/:id', status, 'TradeInStatusPage'),
  at('/inventory', inventory, 'InventoryPage'),
  at('/buy-cars', inventory, 'InventoryPage'),
  at('/electric-cars', () => import('./inventory/ElectricCarsPage'), 'ElectricCarsPage'),
  at('/all-inventory', () => import('./inventory/AllInventoryPage'), 'AllInventoryPage'),
  at('/vehicle/:id', vehicle, 'VehiclePage'),
  at('/vehicles/:id', vehicle, 'VehiclePage'),
] as const;

/** Whether `pathname` is `path` (a route pattern with `:name` parts), as the router matches: any case, a trailing slash. */
export const matchesRoute = (path: string, pathname: string): boolean => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`, 'i').test(pathname);

/** Starts downloading the page for `pathname` (the one being opened) before React asks for it. */
export function preloadRoute(pathname: string): void {
  PAGE_MODULES.find(([path]) => matchesRoute(path, pathname))?.[1]().catch(() => undefined);
}
