import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addAxe } from '../support/axe';
import { startStack, type TestStack } from '../support/stack';

/** Every storefront route of the spec and the heading a visitor sees there (English, the default). */
const ROUTES: ReadonlyArray<readonly [path: string, heading: string | RegExp]> = [
  ['/', 'AutoBest Africa'],
  ['/about', 'About AutoBest Africa'],
  ['/services', 'Our Services'],
  ['/contact', 'Contact Us'],
  ['/support', 'Support'],
  ['/profile', 'Company Profile'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/on-sale', 'Vehicles On Sale'],
  ['/onsale', 'Vehicles On Sale'],
  ['/rent-lease', 'Rent & Lease'],
  ['/service', 'Service & Maintenance'],
  ['/brands', 'Vehicle Brands'],
  ['/insurance', 'Insurance & Warranty'],
  ['/news', 'Automotive News & Videos'],
  ['/car-buyer-companion', 'AI Car Buyer Companion'],
  ['/tara-ai-demo', 'Tara, your AI car-buying assistant'],
  ['/sell-car', 'Sell Your Car'],
  ['/trade-in', 'Trade In Your Vehicle'],
  ['/inventory', 'Search Inventory'],
  ['/buy-cars', 'Search Inventory'],
  ['/electric-cars', 'Electric Vehicles'],
  ['/all-inventory', 'Complete Inventory'],
  ['/vehicle/featured-toyota-venza-2024', /Toyota Venza/],
  ['/vehicles/featured-toyota-venza-2024', /Toyota Venza/],
];

/** Links the spec lists without a screen, and the real page each lands on. */
const REDIRECTED: ReadonlyArray<readonly [from: string, to: string, heading: string]> = [
  ['/import', '/profile#import', 'Company Profile'],
  ['/enterprise', '/profile#enterprise', 'Company Profile'],
  ['/export', '/profile#export', 'Company Profile'],
  ['/careers', '/about#careers', 'About AutoBest Africa'],
  ['/investors', '/about#investors', 'About AutoBest Africa'],
  ['/booking', '/service#book', 'Service & Maintenance'],
  ['/maintenance', '/service', 'Service & Maintenance'],
  ['/warranty', '/insurance', 'Insurance & Warranty'],
  ['/roadside', '/support#emergency', 'Support'],
  ['/tara-ai', '/tara-ai-demo', 'Tara, your AI car-buying assistant'],
];

describe('every route of the spec', () => {
  let stack: TestStack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack('e2e_routes', { env: { ADMIN_PASSWORD: 'a long and secret password' }, seed: true });
    context = await stack.browser.newContext({ locale: 'en-NG' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** Serious and critical problems axe finds on the whole page, as "rule: element" lines. */
  async function seriousAccessibilityProblems(): Promise<string[]> {
    await addAxe(page);
    return page.evaluate(async () => {
      type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> };
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
      const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
    });
  }

  const settled = async (path: string) => {
    // Loading states are announced with role=status; a route has settled when none is left (a failure names them).
    await vi.waitFor(async () => expect(await page.getByRole('status').filter({ hasText: /Loading/ }).allTextContents(), path).toEqual([]), { timeout: 10_000, interval: 100 });
  };

  it('renders its one heading, with no serious or critical accessibility problem', async () => {
    const problems: string[] = [];
    for (const [path, heading] of ROUTES) {
      await page.goto(`${stack.api.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 10_000 });
      expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
      // Parts below the fold load once scrolled to: scroll, so that they are checked too.
      await page.mouse.wheel(0, 20_000);
      await settled(path);
      problems.push(...(await seriousAccessibilityProblems()).map((problem) => `${path} ${problem}`));
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it('sends links the spec lists without a screen to the closest real page, never the 404', async () => {
    for (const [from, to, heading] of REDIRECTED) {
      await page.goto(`${stack.api.url}${from}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 10_000 });
      const url = new URL(page.url());
      expect(`${url.pathname}${url.hash}`, from).toBe(to);
      expect(await page.getByText('Oops! Page not found').count(), from).toBe(0);
    }
  }, 60_000);

  it('answers any other path with the 404 page and logs the path', async () => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto(`${stack.api.url}/no-such-page/at-all?x=1`);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    expect(logged.some((line) => line.includes('/no-such-page/at-all'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${stack.api.url}/`);
    await page.getByRole('heading', { level: 1, name: 'AutoBest Africa' }).waitFor();
  });

  it('lays Arabic pages out right to left, with nothing spilling sideways on a phone', async () => {
    const arabic = await stack.browser.newContext({ viewport: { width: 375, height: 740 } });
    await arabic.addInitScript(() => localStorage.setItem('user_language', 'ar'));
    const phone = await arabic.newPage();
    for (const path of ['/', '/inventory', '/vehicle/featured-toyota-venza-2024', '/sell-car', '/rent-lease', '/insurance', '/support']) {
      await phone.goto(`${stack.api.url}${path}`);
      await phone.getByRole('heading', { level: 1 }).waitFor();
      const layout = await phone.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const clipped = (element: Element) => {
          for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
            if (getComputedStyle(parent).overflowX !== 'visible') return true;
          }
          return false;
        };
        // Elements reaching past either edge of the screen (not inside a scroller), named so a failure says what to fix.
        const spilling = [...document.querySelectorAll('body *')]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && (box.left < -1 || box.right > width + 1) && !element.closest('[aria-hidden="true"], .visually-hidden, .skip-link') && !clipped(element);
          })
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
        return { dir: document.documentElement.dir, lang: document.documentElement.lang, direction: getComputedStyle(document.body).direction, pageWiderThanScreen: document.documentElement.scrollWidth > width, spilling };
      });
      expect(layout, path).toEqual({ dir: 'rtl', lang: 'ar', direction: 'rtl', pageWiderThanScreen: false, spilling: [] });
    }
    await arabic.close();
  }, 60_000);
});
