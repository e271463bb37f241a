/** The spec's page names for page_view. */
export const PAGE_NAMES: Readonly<Record<string, string>> = {
  '/': 'homepage',
  '/services': 'services',
  '/contact': 'contact',
  '/support': 'support',
  '/privacy': 'privacy-policy',
  '/terms': 'terms-of-service',
  '/trade-in': 'trade_in',
  '/sell-car': 'sell_car',
  '/car-buyer-companion': 'car-buyer-companion',
  '/tara-ai-demo': 'tara-ai-demo',
  '/inventory': 'inventory',
  '/buy-cars': 'inventory',
  '/electric-cars': 'electric-cars',
  '/all-inventory': 'all-inventory',
};
