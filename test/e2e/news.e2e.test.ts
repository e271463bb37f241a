import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { NewsPageSchema, ReviewVideosSchema, TrendingNewsSchema, type NewsArticle, type ReviewVideoRecord } from '@autobest/domain/news/contracts';
import { allProjections, Projector } from '@autobest/projections';
import { catchUpCompletely } from '@autobest/projections/testing';
import { SEED_REVIEW_VIDEOS, seedReviewVideos } from '../../infra/src/seed/news';
import { addAxe } from '../support/axe';
import { startStack, type TestStack } from '../support/stack';
import { NEWS_FIRST_READS } from '../../web-storefront/src/news/firstReads';
import { AFRICAN, GLOBAL, TRENDING, VIDEOS, newsAnswer, videosAnswer } from '../../web-storefront/test/news/fixtures';

/** What the news routes answer in a test: the contract's fixtures, a failure (status), or a dropped connection. */
interface Answers {
  articles: readonly NewsArticle[];
  trending: readonly NewsArticle[];
  videos: readonly ReviewVideoRecord[];
  failWith?: number | 'network';
}

const FULL: Answers = { articles: [...AFRICAN, ...GLOBAL], trending: TRENDING.items, videos: VIDEOS };
const EMPTY: Answers = { articles: [], trending: [], videos: [] };

/** Addresses of the video site and its image and media hosts: nothing may ask them before a visitor presses play. */
const VIDEO_SITE = /youtube|ytimg|googlevideo|ggpht/;

/**
 * /news and the home news block. Most tests answer `/api/news*` and `/api/videos` in the browser with fixtures built
 * and answered through the contract's schemas (web-storefront/test/news/fixtures.ts), so every state (failures, empty lists, pages,
 * filters) is at hand; the last opens the page on the real routes with the seeded review videos.
 */
describe('news and review videos', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack('e2e_news', { workers: false });
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** A visitor whose news answers are `answers` (changeable mid-test), with every request to the video site recorded. */
  async function visitor(answers: Answers, options: { language?: string; viewport?: { width: number; height: number } } = {}) {
    const context = await stack.browser.newContext({ locale: 'en-GB', ...(options.viewport ? { viewport: options.viewport } : {}) });
    if (options.language) await context.addInitScript((code) => localStorage.setItem('user_language', code), options.language);
    const state = { answers };
    const videoSiteRequests: string[] = [];
    context.on('request', (request) => {
      if (VIDEO_SITE.test(new URL(request.url()).hostname)) videoSiteRequests.push(request.url());
    });
    const isNewsApi = (url: URL) => url.origin === stack.api.url && (url.pathname.startsWith('/api/news') || url.pathname === '/api/videos');
    await context.route(isNewsApi, async (route: Route) => {
      const url = new URL(route.request().url());
      const { failWith, articles, trending, videos } = state.answers;
      if (failWith === 'network') return route.abort('connectionrefused');
      if (failWith) return route.fulfill({ status: failWith, json: { error: 'internal_error', message: 'Something went wrong on our side.' } });
      const body =
        url.pathname === '/api/news/trending'
          ? TrendingNewsSchema.parse({ items: trending.slice(0, 8) })
          : url.pathname === '/api/videos'
            ? videosAnswer(videos, url.searchParams)
            : newsAnswer(articles, url.searchParams);
      return route.fulfill({ json: body, headers: { 'Cache-Control': 'no-store' } });
    });
    // The player and the articles' sites, answered here: the test machine has no internet.
    await context.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>the player</p>' }));
    await context.route('https://news.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>article</title><p>the article</p>' }));
    const page = await context.newPage();
    return { context, page, state, videoSiteRequests };
  }

  const section = (page: Page, name: string) => page.getByRole('region', { name });
  const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Car Review Videos' });
  /** The text of each element, as a screen reader hears it (visually hidden words included), spaces collapsed. */
  const texts = (locator: Locator) => locator.evaluateAll((elements) => elements.map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim()));
  const titlesIn = (page: Page, name: string) => texts(section(page, name).getByRole('heading', { level: 3 }));
  const settled = async (page: Page) => vi.waitFor(async () => expect(await page.getByRole('status').filter({ hasText: /Loading/ }).count()).toBe(0), { timeout: 10_000, interval: 100 });

  it("shows the page the spec draws: ticker of 3, 11 categories, at most 6 African articles of the spec's seven categories, global headlines, 6 latest videos", async () => {
    const { context, page } = await visitor(FULL);
    await page.goto(`${stack.api.url}/news`);
    await page.getByRole('heading', { level: 1, name: 'Automotive News & Videos' }).waitFor();
    expect(await page.getByRole('link', { name: '← Back to Home' }).getAttribute('href')).toBe('/');
    await settled(page);

    const ticker = section(page, 'Trending');
    expect(await texts(ticker.getByRole('listitem'))).toEqual(TRENDING.items.slice(0, 3).map((item) => `${item.title} (opens in a new tab)`));

    const categories = page.getByRole('group', { name: 'Filter news by category' }).getByRole('button');
    expect(await categories.allInnerTexts()).toEqual(['All', 'Partnership', 'Global Trends', 'Industry News', 'Market Analysis', 'Events', 'Financing', 'Market Entry', 'Sales Data', 'Investment', 'Technology']);
    expect(await page.getByRole('button', { name: 'All', pressed: true }).count()).toBe(1);

    // Eight African articles of the seven categories and one Technology story: the newest six of the seven.
    const african = await titlesIn(page, 'African Automotive News');
    expect(african).toEqual(['african-1', 'african-3', 'african-4', 'african-5', 'african-6', 'african-7'].map((id) => `${AFRICAN.find((item) => item.id === id)!.title} (opens in a new tab)`));

    // Global: a page of 12, then the rest.
    const global = section(page, 'Global Automotive Headlines');
    expect((await titlesIn(page, 'Global Automotive Headlines')).length).toBe(12);
    await global.getByRole('button', { name: 'More headlines' }).click();
    await vi.waitFor(async () => expect((await titlesIn(page, 'Global Automotive Headlines')).length).toBe(15), { timeout: 10_000 });
    expect(await global.getByRole('button', { name: 'More headlines' }).count()).toBe(0);
    // The API's excerpt is shown as it came (cut by the server).
    expect(await global.locator('article', { hasText: 'solid-state batteries' }).locator('p').first().innerText()).toBe(`${'x'.repeat(200)}...`);

    // Each article links to its source in a new tab that cannot reach back to this page.
    const first = section(page, 'African Automotive News').getByRole('link').first();
    expect(await first.evaluate((link: HTMLAnchorElement) => ({ href: link.href, target: link.target, rel: link.rel }))).toEqual({ href: AFRICAN[0]!.url, target: '_blank', rel: 'noopener noreferrer' });
    const opened = context.waitForEvent('page');
    await first.click();
    const source = await opened;
    await source.waitForLoadState();
    expect(source.url()).toBe(AFRICAN[0]!.url);
    expect(await source.evaluate(() => ({ opener: window.opener as unknown, referrer: document.referrer }))).toEqual({ opener: null, referrer: '' });
    await source.close();

    // Badges: each category its own colour.
    const badgeColour = (text: string) => page.locator('.news-badge', { hasText: new RegExp(`^${text}$`) }).first().evaluate((badge) => getComputedStyle(badge).backgroundColor);
    const colours = await Promise.all(['Partnership', 'Industry News', 'Market Analysis', 'Events', 'Financing', 'Market Entry'].map(badgeColour));
    expect(new Set(colours).size).toBe(6);

    // Videos: the latest 6 of 8; the body-type badge hidden for SUV; a star badge only for a rating.
    const videos = sidebar(page);
    // Beside them, the curated list's 11 top review channels.
    const channels = await page.getByRole('complementary', { name: 'Top review channels' }).getByRole('listitem').allInnerTexts();
    expect(channels).toHaveLength(11);
    expect(channels.slice(0, 2)).toEqual(['Carwow', 'Doug DeMuro']);
    expect(await videos.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(VIDEOS.slice(0, 6).map((item) => item.title));
    const card = (title: string) => videos.locator('.video-card', { has: page.getByRole('heading', { name: title, exact: true }) });
    const badges = async (title: string) => ({ bodyType: await texts(card(title).locator('.news-badge')), rating: await texts(card(title).locator('.news-badge-rating')) });
    expect(await badges('BYD review 1')).toEqual({ bodyType: ['Electric'], rating: ['★ 4.5 Rated 4.5 out of 5'] });
    expect(await badges('Toyota review 2')).toEqual({ bodyType: [], rating: [] });
    expect(await badges('Chery review 3')).toEqual({ bodyType: [], rating: ['★ 4 Rated 4 out of 5'] });
    expect(await badges('BYD review 4')).toEqual({ bodyType: ['Sedan'], rating: [] });
    expect(await card('Toyota review 5').getByText('This video cannot be played here.').count()).toBe(1);
    expect(await card('Toyota review 5').getByRole('button').count()).toBe(0);
    expect(await card('BYD review 4').getByText('4K views').count()).toBe(1);

    await addAxe(page);
    const problems = await page.evaluate(async () => {
      type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> };
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
      const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
      return result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the category bar filters both lists; a category the African list never shows leaves it empty', async () => {
    const { context, page } = await visitor(FULL);
    await page.goto(`${stack.api.url}/news`);
    await settled(page);
    const bar = page.getByRole('group', { name: 'Filter news by category' });

    await bar.getByRole('button', { name: 'Events' }).click();
    await vi.waitFor(async () => expect(await titlesIn(page, 'African Automotive News')).toEqual([`${AFRICAN[4]!.title} (opens in a new tab)`, `${AFRICAN[8]!.title} (opens in a new tab)`]), { timeout: 10_000 });
    await section(page, 'Global Automotive Headlines').getByText('No global headlines in this category yet.').waitFor();
    expect(await bar.getByRole('button', { name: 'Events', pressed: true }).count()).toBe(1);

    await bar.getByRole('button', { name: 'Technology' }).click();
    await section(page, 'African Automotive News').getByText('No African news in this category yet.').waitFor();
    await vi.waitFor(async () => expect(await titlesIn(page, 'Global Automotive Headlines')).toEqual(GLOBAL.filter((item) => item.category === 'Technology').map((item) => `${item.title} (opens in a new tab)`)), { timeout: 10_000 });

    await bar.getByRole('button', { name: 'All' }).click();
    await vi.waitFor(async () => expect((await titlesIn(page, 'African Automotive News')).length).toBe(6), { timeout: 10_000 });
    await context.close();
  });

  it('videos: the brand filter, View All Reviews with every video, and nothing from the video site until play is pressed', async () => {
    const { context, page, videoSiteRequests } = await visitor(FULL);
    await page.goto(`${stack.api.url}/news`);
    await settled(page);
    const videos = sidebar(page);
    const brand = videos.getByLabel('Brand');
    expect(await brand.locator('option').allInnerTexts()).toEqual(['All', 'BYD', 'Chery', 'Toyota']);
    expect(await brand.inputValue()).toBe('All');
    await brand.selectOption('BYD');
    await vi.waitFor(async () => expect(await videos.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['BYD review 1', 'BYD review 4', 'BYD review 7']), { timeout: 10_000 });
    await brand.selectOption('All');
    await vi.waitFor(async () => expect(await videos.getByRole('heading', { level: 3 }).count()).toBe(6), { timeout: 10_000 });

    // Every thumbnail is ours.
    const thumbnails = await videos.locator('.video-card img').evaluateAll((images) => images.map((image) => new URL((image as HTMLImageElement).src).origin));
    expect(new Set(thumbnails)).toEqual(new Set([stack.api.url]));

    await videos.getByRole('button', { name: 'View All Reviews' }).click();
    const all = page.getByRole('dialog', { name: 'All Car Reviews' });
    await all.waitFor();
    await vi.waitFor(async () => expect(await all.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(VIDEOS.map((item) => item.title)), { timeout: 10_000 });
    await all.getByRole('group', { name: 'Body type' }).getByRole('button', { name: 'Electric' }).click();
    await vi.waitFor(async () => expect(await all.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['BYD review 1', 'Toyota review 8']), { timeout: 10_000 });
    await page.keyboard.press('Escape');
    await all.waitFor({ state: 'hidden' });
    expect(await videos.getByRole('button', { name: 'View All Reviews' }).evaluate((button) => button === document.activeElement)).toBe(true);

    // Nothing was asked of the video site so far: no player, no thumbnail, no script.
    expect(await page.locator('iframe').count()).toBe(0);
    expect(videoSiteRequests).toEqual([]);

    // Play, from the keyboard: the player loads, on the privacy-enhanced domain, and takes the focus.
    // Focused and pressed in one step: on a loaded machine a separate focus() could be overtaken by a late render.
    await videos.getByRole('button', { name: 'Play video: Chery review 3' }).press('Enter');
    const player = videos.locator('iframe');
    await player.waitFor();
    expect(await player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abcdefghi03?autoplay=1&rel=0');
    expect(await player.getAttribute('title')).toBe('Video player: Chery review 3');
    await vi.waitFor(() => expect(videoSiteRequests).toEqual(['https://www.youtube-nocookie.com/embed/abcdefghi03?autoplay=1&rel=0']), { timeout: 10_000 });
    expect(await player.evaluate((frame) => frame === document.activeElement)).toBe(true);
    await page.frameLocator('iframe').getByText('the player').waitFor();
    await context.close();
  });

  it('loading failures say so and offer to try again; empty answers say there is nothing yet', async () => {
    const { context, page, state } = await visitor({ ...FULL, failWith: 500 });
    await page.goto(`${stack.api.url}/news`);
    await section(page, 'Trending').getByRole('alert').getByText(/^Trending stories could not be loaded: /).waitFor();
    await section(page, 'African Automotive News').getByRole('alert').getByText(/^African news could not be loaded: /).waitFor();
    await section(page, 'Global Automotive Headlines').getByRole('alert').getByText(/^Global headlines could not be loaded: /).waitFor();
    await sidebar(page).getByRole('alert').getByText(/^Review videos could not be loaded: /).waitFor();
    expect(await sidebar(page).getByRole('button', { name: 'View All Reviews' }).count()).toBe(0);

    state.answers = FULL;
    await section(page, 'African Automotive News').getByRole('button', { name: 'Try again' }).click();
    await vi.waitFor(async () => expect((await titlesIn(page, 'African Automotive News')).length).toBe(6), { timeout: 10_000 });
    // The other sections still say they failed until asked again.
    expect(await section(page, 'Global Automotive Headlines').getByRole('alert').count()).toBe(1);
    await sidebar(page).getByRole('button', { name: 'Try again' }).click();
    await vi.waitFor(async () => expect(await sidebar(page).getByRole('heading', { level: 3 }).count()).toBe(6), { timeout: 10_000 });

    // No connection at all: the client's own words.
    state.answers = { ...FULL, failWith: 'network' };
    await page.reload();
    await section(page, 'Trending').getByText('Trending stories could not be loaded: Could not reach AutoBest. Check your connection and try again.').waitFor();

    state.answers = EMPTY;
    await page.reload();
    await settled(page);
    await section(page, 'Trending').getByText('No trending stories yet.').waitFor();
    await section(page, 'African Automotive News').getByText('No African news in this category yet.').waitFor();
    await section(page, 'Global Automotive Headlines').getByText('No global headlines in this category yet.').waitFor();
    await sidebar(page).getByText('No review videos match this choice yet.').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('speaks French, and Arabic right to left with the articles left in their own language, nothing spilling on a phone', async () => {
    const french = await visitor(FULL, { language: 'fr' });
    await french.page.goto(`${stack.api.url}/news`);
    await french.page.getByRole('heading', { level: 1, name: 'Actualités et vidéos automobiles' }).waitFor();
    for (const name of ['Tendances', "Actualités automobiles d'Afrique", 'Gros titres automobiles du monde', 'Essais de voitures en vidéo']) await french.page.getByRole('heading', { level: 2, name }).waitFor();
    await french.page.getByRole('group', { name: 'Filtrer les actualités par catégorie' }).getByRole('button', { name: 'Événements' }).click();
    await vi.waitFor(async () => expect((await titlesIn(french.page, "Actualités automobiles d'Afrique")).length).toBe(2), { timeout: 10_000 });
    expect(await french.page.getByRole('button', { name: 'Voir tous les essais' }).count()).toBe(1);
    await french.context.close();

    const arabic = await visitor(FULL, { language: 'ar', viewport: { width: 375, height: 740 } });
    const page = arabic.page;
    await page.goto(`${stack.api.url}/news`);
    await page.getByRole('heading', { level: 1, name: 'أخبار وفيديوهات السيارات' }).waitFor();
    for (const name of ['الأكثر تداولًا', 'أخبار السيارات في أفريقيا', 'عناوين السيارات حول العالم', 'فيديوهات مراجعة السيارات']) await page.getByRole('heading', { level: 2, name }).waitFor();
    await settled(page);
    expect(await page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }))).toEqual({ dir: 'rtl', lang: 'ar' });
    // The English article reads left to right inside the Arabic page.
    const title = section(page, 'أخبار السيارات في أفريقيا').getByRole('heading', { level: 3 }).first();
    expect(await title.evaluate((heading) => getComputedStyle(heading).direction)).toBe('ltr');
    expect(await title.innerText()).toContain(AFRICAN[0]!.title);
    const layout = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const spilling = [...document.querySelectorAll('body *')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < -1 || box.right > width + 1) && !element.closest('.visually-hidden, .skip-link');
        })
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
      return { pageWiderThanScreen: document.documentElement.scrollWidth > width, spilling };
    });
    expect(layout).toEqual({ pageWiderThanScreen: false, spilling: [] });
    await arabic.context.close();
  });

  it('the home news block shows the newest articles, linked to their sources, and leads to /news', async () => {
    const { context, page } = await visitor(FULL);
    await page.goto(`${stack.api.url}/`);
    const block = section(page, 'Latest News & Reviews');
    // Far below the fold, the articles load once the visitor scrolls there.
    await block.scrollIntoViewIfNeeded();
    await block.getByRole('heading', { level: 3 }).first().waitFor();
    const newest = newsAnswer(FULL.articles, new URLSearchParams({ limit: '4' })).items;
    expect(await texts(block.getByRole('heading', { level: 3 }))).toEqual(newest.map((item) => `${item.title} (opens in a new tab)`));
    for (const [index, link] of (await block.getByRole('heading', { level: 3 }).getByRole('link').all()).entries()) {
      expect(await link.evaluate((anchor: HTMLAnchorElement) => [anchor.href, anchor.target, anchor.rel])).toEqual([newest[index]!.url, '_blank', 'noopener noreferrer']);
    }
    await block.getByRole('link', { name: 'View All News & Reviews' }).click();
    await page.getByRole('heading', { level: 1, name: 'Automotive News & Videos' }).waitFor();
    await context.close();
  });

  it("records the news page's analytics: the page view, filters, an article opened, a video played, View All Reviews and the way back home", async () => {
    const { context, page } = await visitor(FULL);
    await page.goto(`${stack.api.url}/news`);
    await settled(page);
    await page.getByRole('group', { name: 'Filter news by category' }).getByRole('button', { name: 'Financing' }).click();
    await sidebar(page).getByLabel('Brand').selectOption('Chery');
    await sidebar(page).getByRole('button', { name: 'Play video: Chery review 3' }).click();
    await sidebar(page).getByRole('button', { name: 'View All Reviews' }).click();
    await page.keyboard.press('Escape');
    const opened = context.waitForEvent('page');
    await section(page, 'Trending').getByRole('link').first().click();
    await (await opened).close();
    await page.getByRole('link', { name: '← Back to Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'AutoBest Africa' }).waitFor();
    // Leaving the site sends what is queued (with the browser still open, so the beacon is surely sent).
    await page.goto('about:blank');

    const rows = async () => stack.testDb.db.selectFrom('analytics_events').select(['event', 'properties']).execute();
    await vi.waitFor(async () => expect((await rows()).some((row) => row.event === 'navigation_back_to_home')).toBe(true), { timeout: 15_000, interval: 100 });
    const events = await rows();
    const props = (name: string) => events.filter((row) => row.event === name).map((row) => row.properties as Record<string, unknown>);
    expect(props('page_view')).toContainEqual({ page: '/news' });
    expect(props('navigation_back_to_home')).toEqual([{ from: '/news' }]);
    const interactions = props('user_interaction');
    expect(interactions).toContainEqual({ action: 'news_category_filter', category: 'Financing' });
    expect(interactions).toContainEqual({ action: 'video_brand_filter', brand: 'Chery' });
    expect(interactions).toContainEqual({ action: 'video_play', videoId: 'video-3', brand: 'Chery' });
    expect(interactions).toContainEqual({ action: 'view_all_reviews', brand: 'Chery' });
    expect(interactions).toContainEqual({ action: 'news_article_open', articleId: TRENDING.items[0]!.id, source: TRENDING.items[0]!.source, region: TRENDING.items[0]!.region, where: 'trending' });
    await context.close();
  }, 60_000);

  it("on the real routes: the spec's fallback articles (no feed was ever read) and the seeded review videos, with no error", async () => {
    await seedReviewVideos(stack.testDb.db);
    await catchUpCompletely(new Projector(stack.testDb.db, allProjections));
    for (const [path, schema] of [
      [NEWS_FIRST_READS.african, NewsPageSchema],
      [NEWS_FIRST_READS.global, NewsPageSchema],
      [NEWS_FIRST_READS.trending, TrendingNewsSchema],
      [NEWS_FIRST_READS.videos, ReviewVideosSchema],
    ] as const) {
      const response = await fetch(`${stack.api.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(schema.safeParse(await response.json()).success, path).toBe(true);
    }
    const context: BrowserContext = await stack.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${stack.api.url}/news`);
    await page.getByRole('heading', { level: 1, name: 'Automotive News & Videos' }).waitFor();
    await settled(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    // The spec's six mock African articles, every one of the section's seven categories.
    expect((await titlesIn(page, 'African Automotive News')).length).toBe(6);
    expect((await titlesIn(page, 'Global Automotive Headlines')).length).toBeGreaterThan(0);
    expect(await section(page, 'Trending').getByRole('listitem').count()).toBe(3);

    const videos = sidebar(page);
    const newest = [...SEED_REVIEW_VIDEOS].sort((a, b) => String(b.publishDate).localeCompare(String(a.publishDate)));
    expect(await videos.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(newest.slice(0, 6).map((item) => item.title));
    const brands = [...new Set(SEED_REVIEW_VIDEOS.map((item) => item.brand))].sort();
    expect(await videos.getByLabel('Brand').locator('option').allInnerTexts()).toEqual(['All', ...brands]);
    await videos.getByLabel('Brand').selectOption('Toyota');
    await vi.waitFor(async () => expect(await videos.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(newest.filter((item) => item.brand === 'Toyota').slice(0, 6).map((item) => item.title)), { timeout: 10_000 });
    await videos.getByRole('button', { name: 'View All Reviews' }).click();
    const all = page.getByRole('dialog', { name: 'All Car Reviews' });
    await vi.waitFor(async () => expect(await all.getByRole('heading', { level: 3 }).count()).toBe(SEED_REVIEW_VIDEOS.filter((item) => item.brand === 'Toyota').length), { timeout: 10_000 });
    await context.close();
  });
});
