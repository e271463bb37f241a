/**
 * Checks that open the storefront the way a visitor does, in a hidden frame of this console (same origin):
 * the home page's load time and menu, every route of the spec, the links without a page of their own, and
 * the 404 page. The storefront records no analytics inside the frame (it knows the frame by its name).
 */
import type { CheckOutcome } from './types';

export const QA_FRAME_NAME = 'autobest-qa';
const RENDER_TIMEOUT_MS = 15_000;
export const HOME_LOAD_BUDGET_MS = 3000;

/** Opens storefront addresses in the frame and waits for what they render. */
export interface FrameDriver {
  /** Loads `path` and resolves once the document has loaded, with the milliseconds it took. */
  open(path: string): Promise<{ document: Document; loadMs: number }>;
}

/** Polls `find` in the frame's current document until it returns something, or undefined at the timeout. */
export async function waitFor<T>(frameDocument: () => Document | null, find: (document: Document) => T | null | undefined, timeoutMs = RENDER_TIMEOUT_MS): Promise<T | undefined> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const document = frameDocument();
    const found = document ? find(document) : undefined;
    if (found) return found;
    if (performance.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface BrowserCheck {
  id: string;
  group: string;
  name: string;
  run(frame: FrameDriver & { document(): Document | null }): Promise<CheckOutcome>;
}

const headingOf = (document: Document) => {
  if (document.querySelector('.not-found')) return { notFound: true, text: document.querySelector('h1')?.textContent?.trim() ?? '' };
  const text = document.querySelector('main h1, h1')?.textContent?.trim();
  return text ? { notFound: false, text } : undefined;
};

/** A route renders its page: a heading, not the 404 page, and (when given) what the page is for. */
function routeCheck(path: string, name: string, ready?: { what: string; find: (document: Document) => boolean }): BrowserCheck {
  return {
    id: `route:${path}`,
    group: 'Storefront pages',
    name,
    async run(frame) {
      const { loadMs } = await frame.open(path);
      const heading = await waitFor(frame.document, headingOf);
      if (!heading) return { status: 'fail', detail: `${path} showed no heading within ${RENDER_TIMEOUT_MS / 1000} s` };
      if (heading.notFound) return { status: 'fail', detail: `${path} shows the page-not-found screen ('${heading.text}')` };
      if (ready && !(await waitFor(frame.document, (document) => ready.find(document) || undefined))) {
        return { status: 'fail', detail: `${path} shows '${heading.text}' but no ${ready.what}` };
      }
      return { status: 'pass', detail: `'${heading.text}'${ready ? ` with ${ready.what}` : ''}, loaded in ${Math.round(loadMs)} ms` };
    },
  };
}

const vehicleCards = { what: 'vehicle cards', find: (document: Document) => document.querySelector('a[href^="/vehicle/"], a[href^="/vehicles/"]') !== null };

/** Pages of the spec whose heading is enough to tell they work. */
const SPEC_PAGES: ReadonlyArray<readonly [path: string, name: string, ready?: typeof vehicleCards]> = [
  ['/about', 'About'],
  ['/services', 'Services'],
  ['/contact', 'Contact'],
  ['/support', 'Support'],
  ['/profile', 'Company profile'],
  ['/privacy', 'Privacy policy'],
  ['/terms', 'Terms of service'],
  ['/on-sale', 'Vehicles on sale', vehicleCards],
  ['/rent-lease', 'Rent & lease'],
  ['/service', 'Service & maintenance'],
  ['/brands', 'Brands'],
  ['/insurance', 'Insurance & warranty'],
  ['/news', 'News & videos'],
  ['/car-buyer-companion', 'Tara, the car buyer companion'],
  ['/sell-car', 'Sell your car'],
  ['/trade-in', 'Trade in'],
  ['/inventory', 'Search inventory', vehicleCards],
  ['/buy-cars', 'Buy cars (search inventory)', vehicleCards],
  ['/electric-cars', 'Electric vehicles', vehicleCards],
  ['/all-inventory', 'Complete inventory', vehicleCards],
];

/** Links the spec lists without a screen of their own; each must reach a real page. */
const LINKS_WITHOUT_PAGES = ['/import', '/enterprise', '/export', '/careers', '/investors', '/booking', '/maintenance', '/warranty', '/roadside', '/tara-ai', '/tara-ai-demo'];

/** A vehicle of the catalogue to open, or undefined when the catalogue is empty. */
export type FirstVehicle = () => Promise<{ id: string; name: string } | undefined>;

export function browserChecks(firstVehicle: FirstVehicle): BrowserCheck[] {
  const vehiclePage = (prefix: '/vehicle/' | '/vehicles/'): BrowserCheck => ({
    id: `route:${prefix}{id}`,
    group: 'Storefront pages',
    name: `Vehicle page (${prefix}{id}) shows its own vehicle`,
    async run(frame) {
      const vehicle = await firstVehicle();
      if (!vehicle) return { status: 'warning', detail: 'The catalogue is empty: no vehicle page to open' };
      const path = `${prefix}${encodeURIComponent(vehicle.id)}`;
      await frame.open(path);
      const heading = await waitFor(frame.document, (document) => {
        const found = headingOf(document);
        return found && (found.notFound || found.text.includes(vehicle.name)) ? found : undefined;
      });
      if (!heading) return { status: 'fail', detail: `${path} did not show '${vehicle.name}' within ${RENDER_TIMEOUT_MS / 1000} s` };
      if (heading.notFound) return { status: 'fail', detail: `${path} shows the page-not-found screen` };
      return { status: 'pass', detail: `${path} shows '${heading.text}'` };
    },
  });

  return [
    {
      id: 'home-load',
      group: 'Storefront home page',
      name: `Home page loads in under ${HOME_LOAD_BUDGET_MS} ms`,
      async run(frame) {
        const started = performance.now();
        await frame.open('/');
        const heading = await waitFor(frame.document, headingOf);
        const renderedMs = Math.round(performance.now() - started);
        if (!heading || heading.notFound) return { status: 'fail', detail: `The home page showed no heading within ${RENDER_TIMEOUT_MS / 1000} s` };
        if (renderedMs > HOME_LOAD_BUDGET_MS) return { status: 'warning', detail: `Rendered in ${renderedMs} ms, over the ${HOME_LOAD_BUDGET_MS} ms budget` };
        return { status: 'pass', detail: `Rendered '${heading.text}' in ${renderedMs} ms` };
      },
    },
    {
      id: 'home-navigation',
      group: 'Storefront home page',
      name: 'Home page has its navigation links',
      async run(frame) {
        await frame.open('/');
        const links = await waitFor(frame.document, (document) => {
          const found = document.querySelectorAll('header nav a[href]');
          return found.length > 0 ? found : undefined;
        });
        const count = links?.length ?? 0;
        if (count < 5) return { status: 'fail', detail: `${count} links in the header menu; at least 5 expected` };
        return { status: 'pass', detail: `${count} links: ${[...links!].map((link) => link.textContent?.trim()).join(', ')}` };
      },
    },
    ...SPEC_PAGES.map(([path, name, ready]) => routeCheck(path, name, ready)),
    vehiclePage('/vehicle/'),
    vehiclePage('/vehicles/'),
    {
      id: 'links-without-pages',
      group: 'Storefront pages',
      name: 'Links without a page of their own reach a real page',
      async run(frame) {
        const broken: string[] = [];
        for (const path of LINKS_WITHOUT_PAGES) {
          await frame.open(path);
          const heading = await waitFor(frame.document, headingOf);
          if (!heading || heading.notFound) broken.push(path);
        }
        if (broken.length > 0) return { status: 'fail', detail: `These land on no page: ${broken.join(', ')}` };
        return { status: 'pass', detail: `All ${LINKS_WITHOUT_PAGES.length} lead to real pages` };
      },
    },
    {
      id: 'not-found',
      group: 'Storefront pages',
      name: "An unknown address shows 'Page not found' with a way home",
      async run(frame) {
        await frame.open('/qa-check-no-such-page');
        const found = await waitFor(frame.document, (document) => (document.querySelector('.not-found') ? document : undefined));
        if (!found) return { status: 'fail', detail: 'An unknown address did not show the page-not-found screen' };
        const home = found.querySelector('.not-found a[href="/"]');
        if (!home) return { status: 'fail', detail: 'The page-not-found screen has no link home' };
        return { status: 'pass', detail: `'${found.querySelector('h1')?.textContent?.trim() ?? ''}' with '${home.textContent?.trim() ?? ''}'` };
      },
    },
  ];
}
