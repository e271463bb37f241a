import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../support/stack';
import { signInToConsole, STAFF_EMAIL, STAFF_PASSWORD } from '../support/console';
import { seedNewsSources, seedReviewVideos } from '../../infra/src/seed/news';

/** Every list of the console (its resource in the address and on /api/admin). */
const LISTS = [
  'sell-car-submissions',
  'trade-in-submissions',
  'vehicles',
  'tariff-versions',
  'freight-rates',
  'destination-charges',
  'reservation-requests',
  'enquiries',
  'conversations',
  'tara-answers',
  'contact-messages',
  'emails',
  'whatsapp-messages',
  'news-sources',
  'articles',
  'videos',
  'staff',
  'activity',
] as const;

describe('the console lists', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // The shipped catalogue, news sources and review videos, as `npm start` lists them.
    stack = await startStack('e2e_console_lists', {
      env: { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD },
      seed: true,
      beforeStart: async (db) => {
        await seedNewsSources(db);
        await seedReviewVideos(db);
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('sort by every column whose header offers it: the API takes each sort, and the list stays', async () => {
    const page = await signInToConsole(stack.browser, stack.api.url, STAFF_EMAIL, STAFF_PASSWORD);
    const refused: string[] = [];
    const shown: string[] = [];
    for (const list of LISTS) {
      await page.goto(`${stack.api.url}/admin/${list}`);
      await page.waitForLoadState('networkidle');
      // A list with no rows yet shows no table (a fresh stack has no requests, say).
      const headers = page.locator('thead .MuiTableSortLabel-root');
      const labels = await headers.allInnerTexts();
      if (labels.length > 0) shown.push(list);
      for (const [index, label] of labels.entries()) {
        const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/admin/${list}` && response.request().method() === 'GET');
        await headers.nth(index).click();
        const status = (await answer).status();
        if (status === 200) continue;
        refused.push(`${list}: ${label.trim()} (${status})`);
        // The list remembers its sort: back to where it was before the next header.
        await page.evaluate(() => {
          for (const key of Object.keys(localStorage)) if (key.startsWith('RaStore')) localStorage.removeItem(key);
        });
        await page.goto(`${stack.api.url}/admin/${list}`);
        await headers.first().waitFor();
      }
    }
    expect(refused).toEqual([]);
    // The lists with rows in a new installation: each of their headers was tried.
    expect(shown).toEqual(expect.arrayContaining(['vehicles', 'tariff-versions', 'freight-rates', 'destination-charges', 'tara-answers', 'news-sources', 'videos', 'staff', 'activity']));
  }, 180_000);
});
