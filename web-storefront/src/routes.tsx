import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PAGE_MODULES, type PageLoader } from './pages';

type Page = LazyExoticComponent<ComponentType>;

const pages = new Map<PageLoader, Map<string, Page>>();

/** A page loaded on first visit to its route; one component per module and name (two paths may share a page). */
function page(load: PageLoader, name: string): Page {
  const ofModule = pages.get(load) ?? new Map<string, Page>();
  pages.set(load, ofModule);
  const found = ofModule.get(name) ?? lazy(async () => ({ default: (await load())[name] as ComponentType }));
  ofModule.set(name, found);
  return found;
}

/** Every storefront route but the 404 page, each its own chunk (src/pages.ts). */
export const PAGES: ReadonlyArray<readonly [path: string, Page: Page]> = PAGE_MODULES.map(([path, load, name]) => [path, page(load, name)] as const);

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
