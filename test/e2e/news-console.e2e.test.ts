import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFeedFixtures, type FeedFixtures } from '@autobest/workers/testing';
import { startStack, type TestStack } from '../support/stack';
import { signInToConsole } from '../support/console';

const STAFF_EMAIL = 'news-desk@autobest.test';
/** What history and notes call the first admin. */
const FIRST_ADMIN_NAME = 'Administrator';
const STAFF_PASSWORD = 'a long and secret password';

interface NewsPage {
  items: Array<{ id: string; title: string; featured: boolean }>;
  total: number;
}

describe('news in the staff console', () => {
  let stack: TestStack;
  let fixtures: FeedFixtures;

  beforeAll(async () => {
    fixtures = await startFeedFixtures();
    stack = await startStack('e2e_news_console', { env: { ADMIN_EMAIL: STAFF_EMAIL, ADMIN_PASSWORD: STAFF_PASSWORD, NEWS_ALLOW_PRIVATE_HOSTS: 'true', NEWS_CACHE_TTL_MS: '0' } });
  });
  afterAll(async () => {
    await stack?.close();
    await fixtures?.close();
  });

  const news = async (query = '') => (await (await fetch(`${stack.api.url}/api/news${query}`)).json()) as NewsPage;

  it('staff add a feed, press Fetch now, and its articles replace the fallbacks; they hide one and feature another', async () => {
    expect((await news('?region=african')).items.map((article) => article.id)).toEqual(expect.arrayContaining(['fallback-african-chery-lagos-assembly']));
    const staff = await signInToConsole(stack.browser, stack.api.url, STAFF_EMAIL, STAFF_PASSWORD);

    await staff.getByRole('menuitem', { name: 'News sources' }).click();
    await staff.getByRole('link', { name: 'Create' }).click();
    await staff.getByRole('textbox', { name: 'Name' }).fill('Fixture Motoring');
    await staff.getByRole('textbox', { name: 'Feed URL' }).fill(fixtures.url('/rss2.xml'));
    await staff.getByRole('combobox', { name: 'Region' }).click();
    await staff.getByRole('option', { name: 'African' }).click();
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByText('Not read yet').waitFor();

    await staff.getByRole('button', { name: 'Fetch now' }).click();
    await staff.getByText('Fetch requested: the feed is read in a moment').waitFor();
    // The page asks again until the workers have read the feed.
    await staff.getByText('Items (last read): 3').waitFor({ timeout: 20_000 });
    await staff.getByText('OK', { exact: true }).waitFor();
    await vi.waitFor(async () => expect((await news('?region=african')).items.map((article) => article.title)).toContain('BYD sales rise 40% in Kenya'), { timeout: 10_000 });

    await staff.getByRole('menuitem', { name: 'Articles' }).click();
    const row = (title: string) => staff.getByRole('row').filter({ hasText: title });
    await row('BYD sales rise 40% in Kenya').getByRole('button', { name: 'Hide' }).click();
    await staff.getByText('Hidden from visitors').waitFor();
    await row('BYD sales rise 40% in Kenya').getByText('Hidden', { exact: true }).waitFor();
    expect((await news('?region=african')).items.map((article) => article.title)).not.toContain('BYD sales rise 40% in Kenya');

    await row('New Haval H6 reviewed').getByRole('button', { name: 'Feature' }).click();
    await staff.getByText('Featured at the top of the ticker').waitFor();
    const trending = (await (await fetch(`${stack.api.url}/api/news/trending`)).json()) as NewsPage;
    expect(trending.items[0]).toMatchObject({ title: 'New Haval H6 reviewed', featured: true });

    await row('BYD sales rise 40% in Kenya').getByText('BYD sales rise 40% in Kenya').click();
    await staff.getByText('Hidden', { exact: true }).first().waitFor();
    await staff.getByText(FIRST_ADMIN_NAME, { exact: false }).first().waitFor();
  });

  it('staff add a review video with only the required fields and find it with its defaults', async () => {
    const staff = await signInToConsole(stack.browser, stack.api.url, STAFF_EMAIL, STAFF_PASSWORD);
    await staff.getByRole('menuitem', { name: 'Review videos' }).click();
    await staff.getByRole('link', { name: 'Create' }).click();
    await staff.getByRole('textbox', { name: 'Title' }).fill('GWM P-Series tested');
    await staff.getByRole('textbox', { name: 'Channel' }).fill('Cars.co.za');
    await staff.getByRole('textbox', { name: 'Brand' }).fill('GWM');
    await staff.getByRole('textbox', { name: 'Model' }).fill('P-Series');
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.getByRole('row').filter({ hasText: 'GWM P-Series tested' }).waitFor();
    const videos = (await (await fetch(`${stack.api.url}/api/videos?brand=GWM`)).json()) as { items: Array<Record<string, unknown>> };
    expect(videos.items).toEqual([expect.objectContaining({ title: 'GWM P-Series tested', duration: '0:00', views: 0, category: 'SUV', rating: 0, videoUrl: '#', thumbnail: '/placeholder.svg' })]);
  });
});
