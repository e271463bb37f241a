import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import {
  FALLBACK_AFRICAN_ARTICLES,
  FALLBACK_GLOBAL_ARTICLES,
  TOP_REVIEW_CHANNELS,
  type AdminArticle,
  type AdminReviewVideo,
  type NewsArticle,
  type NewsPage,
  type NewsSourceRecord,
  type ReviewVideos,
} from '@autobest/domain';
import { allProjections, Projector } from '@autobest/projections';
import { catchUpCompletely } from '@autobest/projections/testing';
import { FeedParsers, newsSettings, readSource } from '@autobest/workers';
import { startFeedFixtures, type FeedFixtures } from '@autobest/workers/testing';
import { SEED_REVIEW_VIDEOS, seedReviewVideos } from '../../../infra/src/seed/news';
import { createTestApp, signIn, STAFF_NAME, type TestApp } from './support';

let t: TestApp;
let cookie: string;
let fixtures: FeedFixtures;
let projector: Projector;
let feedParsers: FeedParsers;

beforeAll(async () => {
  fixtures = await startFeedFixtures();
  t = await createTestApp('api_news', { NEWS_ALLOW_PRIVATE_HOSTS: 'true', NEWS_CACHE_TTL_MS: '0' }, { withWorkers: true });
  cookie = await signIn(t.app);
  projector = new Projector(t.testDb.db, allProjections);
  feedParsers = new FeedParsers(t.config.news.feedParseBudgetMs);
});
afterAll(async () => {
  await feedParsers?.close();
  await t?.close();
  await fixtures?.close();
});

const get = <T>(url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers }).then((response) => ({ response, body: response.json<T>() }));
const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
/** What the workers do on their schedule, done now for one source. */
const read = (sourceId: string) => readSource(t.testDb.db, newsSettings(t.config, feedParsers), sourceId, { requested: true });

async function addSource(body: object): Promise<NewsSourceRecord> {
  const response = await staff('POST', '/api/admin/news-sources', { name: 'Fixture Motoring', region: 'african', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<NewsSourceRecord>();
}

describe('before any feed was read', () => {
  it("answers the spec's six African and three global fallback articles, cached for 5 minutes", async () => {
    const { response, body } = await get<NewsPage>('/api/news');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(body.total).toBe(9);
    expect(body.items).toHaveLength(9);
    expect(body.items[0]).toEqual({ ...FALLBACK_AFRICAN_ARTICLES[0], featured: false });
    expect(Object.keys(body.items[0]!).sort()).toEqual(['category', 'excerpt', 'featured', 'id', 'image', 'publishDate', 'region', 'source', 'title', 'url']);

    const african = (await get<NewsPage>('/api/news?region=african')).body;
    expect(african.items.map((article) => article.id)).toEqual(FALLBACK_AFRICAN_ARTICLES.map((article) => article.id));
    expect((await get<NewsPage>('/api/news?region=global')).body).toEqual({ items: FALLBACK_GLOBAL_ARTICLES.map((article) => ({ ...article, featured: false })), total: 3 });
  });

  it('filters by category (one, several, All), pages, and names a bad parameter', async () => {
    expect((await get<NewsPage>('/api/news?category=Partnership')).body.items.map((article) => article.title)).toEqual(['Chery expands local assembly partnership in Lagos']);
    expect((await get<NewsPage>('/api/news?category=Events,Financing&region=african')).body.total).toBe(2);
    expect((await get<NewsPage>('/api/news?category=All')).body.total).toBe(9);
    const second = (await get<NewsPage>('/api/news?limit=4&page=2')).body;
    expect(second.total).toBe(9);
    expect(second.items).toHaveLength(4);
    expect(second.items.map((article) => article.id)).toEqual((await get<NewsPage>('/api/news?limit=9')).body.items.slice(4, 8).map((article) => article.id));
    for (const bad of ['category=Gossip', 'region=europe', 'limit=0', 'limit=51', 'page=0']) {
      const { response } = await get<{ fields?: Record<string, unknown> }>(`/api/news?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(Object.keys(response.json<{ fields: Record<string, unknown> }>().fields), bad).toEqual([bad.split('=')[0]]);
    }
  });

  it('answers the trending list (top 8, newest first) and the 11 channels', async () => {
    const { response, body } = await get<{ items: NewsArticle[] }>('/api/news/trending');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(body.items).toHaveLength(8);
    const dates = body.items.map((article) => article.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const channels = await get<{ items: string[] }>('/api/videos/channels');
    expect(channels.body.items).toEqual([...TOP_REVIEW_CHANNELS]);
    expect(channels.body.items).toHaveLength(11);
    expect(channels.response.headers['cache-control']).toBe('public, max-age=600');
  });
});

describe('news from feeds', () => {
  let african: NewsSourceRecord;
  let global: NewsSourceRecord;

  beforeAll(async () => {
    african = await addSource({ name: 'Fixture Motoring', url: fixtures.url('/rss2.xml'), region: 'african' });
    global = await addSource({ name: 'Atom Cars', url: fixtures.url('/atom.xml'), region: 'global', category: 'Global Trends' });
  });

  it('adds a source as staff enter it, with its history and a fetch state of never', async () => {
    expect(african).toMatchObject({ name: 'Fixture Motoring', region: 'african', category: 'Industry News', enabled: true, status: 'never', lastFetchedAt: null, items: 0, consecutiveFailures: 0, version: 1 });
    expect(african.history).toEqual([{ at: african.createdAt, by: STAFF_NAME, changes: { name: 'Fixture Motoring', url: fixtures.url('/rss2.xml'), region: 'african', category: 'Industry News', enabled: true } }]);
    const list = await staff('GET', '/api/admin/news-sources?sort=["name","ASC"]&range=[0,9]&filter={"region":"african"}');
    expect(list.headers['content-range']).toBe('news-sources 0-0/1');
    expect(list.json<NewsSourceRecord[]>().map((source) => source.id)).toEqual([african.id]);
    const bad = await staff('POST', '/api/admin/news-sources', { name: '', url: 'ftp://feeds.example/rss', region: 'asia', category: 'Gossip' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: Record<string, unknown> }>().fields).sort()).toEqual(['category', 'name', 'region', 'url']);
  });

  it("shows a region's stored articles once its feed was read, and the other region's fallbacks until then", async () => {
    expect(await read(african.id)).toMatchObject({ outcome: 'read', articles: 3 });
    const page = (await get<NewsPage>('/api/news')).body;
    expect(page.total).toBe(3 + 3);
    expect(page.items.filter((article) => article.region === 'african').map((article) => article.title)).toEqual([
      'Toyota & Suzuki extend their partnership in Africa',
      'BYD sales rise 40% in Kenya',
      'New Haval H6 reviewed',
    ]);
    expect(page.items.filter((article) => article.region === 'global').map((article) => article.id)).toEqual(FALLBACK_GLOBAL_ARTICLES.map((article) => article.id));
    expect(page.items[0]).toMatchObject({ source: 'Fixture Motoring', url: 'https://motoring.example/news/toyota-suzuki?utm_source=rss&utm_medium=feed', image: 'https://cdn.motoring.example/toyota-suzuki.jpg', category: 'Partnership', region: 'african', publishDate: '2025-03-03T08:30:00.000Z', featured: false });
    await read(global.id);
    expect((await get<NewsPage>('/api/news?region=global')).body.items.map((article) => article.title)).toEqual(['Kia EV3 arrives in Morocco', 'Chery Tiggo 4 wins an award']);
  });

  it('keeps showing the last good articles while a feed fails, and staff see why in the console', async () => {
    const before = (await get<NewsPage>('/api/news?region=african')).body;
    const edited = await staff('PUT', `/api/admin/news-sources/${african.id}`, { ...african, url: fixtures.url('/missing.xml') });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read(african.id)).toMatchObject({ outcome: 'failed' });
    expect((await get<NewsPage>('/api/news?region=african')).body).toEqual(before);
    const record = (await staff('GET', `/api/admin/news-sources/${african.id}`)).json<NewsSourceRecord>();
    expect(record).toMatchObject({ status: 'failing', consecutiveFailures: 1, lastError: 'The feed answered 404 Not Found', items: 3, version: 2 });
    expect(record.nextAttemptAt).not.toBeNull();
    expect(record.history.at(-1)).toMatchObject({ by: STAFF_NAME, changes: { url: fixtures.url('/missing.xml') } });
    // Health and the QA dashboard say so; only staff learn which feed and why.
    const health = (await get<{ checks: { news: Record<string, unknown> } }>('/api/health')).body.checks.news;
    expect(health).toEqual({ ok: false, sources: 2, stale: 0, failing: 1 });
    const staffHealth = (await get<{ checks: { news: Record<string, unknown> } }>('/api/health', { cookie })).body.checks.news;
    expect(staffHealth['problems']).toEqual(['Fixture Motoring: failing 1 time in a row (The feed answered 404 Not Found)']);
    const check = (await staff('POST', '/api/admin/qa-checks/news-feeds/run')).json<{ status: string; detail: string }>();
    expect(check).toMatchObject({ status: 'warning', detail: expect.stringContaining('1 feed failing') });

    // A stale put back: not refreshed within two intervals of NEWS_CRON (every 15 minutes) is a failure.
    await t.testDb.db.updateTable('news_fetch_states').set({ last_success_at: new Date(Date.now() - 40 * 60_000) }).where('source_id', '=', african.id).execute();
    expect((await staff('POST', '/api/admin/qa-checks/news-feeds/run')).json<{ status: string; detail: string }>()).toMatchObject({ status: 'fail', detail: expect.stringContaining('not refreshed within two intervals') });
    expect((await get<{ checks: { news: Record<string, unknown> } }>('/api/health')).body.checks.news).toMatchObject({ ok: false, stale: 1 });

    const restored = await staff('PUT', `/api/admin/news-sources/${african.id}`, { ...record, url: fixtures.url('/rss2.xml') });
    expect(restored.statusCode).toBe(200);
    expect(await read(african.id)).toMatchObject({ outcome: 'read' });
    expect((await get<{ checks: { news: Record<string, unknown> } }>('/api/health')).body.checks.news).toEqual({ ok: true, sources: 2, stale: 0, failing: 0 });
    // The version the console saw guards an edit: a stale page gets 409.
    expect((await staff('PUT', `/api/admin/news-sources/${african.id}`, { ...record, name: 'Stale edit' })).statusCode).toBe(409);
  });

  it('hides and shows an article again, recording who and when; a feed read again never brings it back', async () => {
    const [first] = (await get<NewsPage>('/api/news?region=african')).body.items;
    const hidden = await staff('POST', `/api/admin/articles/${first!.id}/hide`);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json<AdminArticle>()).toMatchObject({ id: first!.id, hidden: true, history: [{ action: 'hidden', by: STAFF_NAME, at: expect.any(String) }] });
    expect((await get<NewsPage>('/api/news?region=african')).body.items.map((article) => article.id)).not.toContain(first!.id);
    await read(african.id);
    expect((await get<NewsPage>('/api/news?region=african')).body.items.map((article) => article.id)).not.toContain(first!.id);
    const list = await staff('GET', '/api/admin/articles?filter={"hidden":true}');
    expect(list.json<AdminArticle[]>().map((article) => article.id)).toEqual([first!.id]);
    expect(list.headers['content-range']).toBe('articles 0-0/1');

    const shown = (await staff('POST', `/api/admin/articles/${first!.id}/unhide`)).json<AdminArticle>();
    expect(shown).toMatchObject({ hidden: false, history: [{ action: 'hidden' }, { action: 'unhidden', by: STAFF_NAME }] });
    expect((await get<NewsPage>('/api/news?region=african')).body.items[0]!.id).toBe(first!.id);
    expect((await staff('POST', '/api/admin/articles/no-such-article/hide')).statusCode).toBe(404);
  });

  it('features one article at the top of the ticker; featuring another replaces it; a hidden one cannot be featured', async () => {
    const items = (await get<NewsPage>('/api/news')).body.items;
    const oldest = items.at(-1)!;
    const featured = (await staff('POST', `/api/admin/articles/${oldest.id}/feature`)).json<AdminArticle>();
    expect(featured).toMatchObject({ featured: true, history: expect.arrayContaining([{ action: 'featured', by: STAFF_NAME, at: expect.any(String) }]) });
    const trending = (await get<{ items: NewsArticle[] }>('/api/news/trending')).body.items;
    expect(trending[0]).toMatchObject({ id: oldest.id, featured: true });
    expect(new Set(trending.map((article) => `${article.title}|${article.url}`)).size).toBe(trending.length);

    const other = items[0]!;
    await staff('POST', `/api/admin/articles/${other.id}/feature`);
    expect((await get<{ items: NewsArticle[] }>('/api/news/trending')).body.items[0]!.id).toBe(other.id);
    const previous = (await staff('GET', `/api/admin/articles/${oldest.id}`)).json<AdminArticle>();
    expect(previous).toMatchObject({ featured: false });
    expect(previous.history.map((entry) => entry.action)).toEqual(['featured', 'unfeatured']);
    expect((await staff('GET', '/api/admin/articles?filter={"featured":true}')).json<AdminArticle[]>().map((article) => article.id)).toEqual([other.id]);

    await staff('POST', `/api/admin/articles/${oldest.id}/hide`);
    const refused = await staff('POST', `/api/admin/articles/${oldest.id}/feature`);
    expect(refused.statusCode).toBe(409);
    await staff('POST', `/api/admin/articles/${other.id}/unfeature`);
    expect((await get<{ items: NewsArticle[] }>('/api/news/trending')).body.items.some((article) => article.featured)).toBe(false);
  });

  it('lists articles for staff by source, region, category and search', async () => {
    const bySource = await staff('GET', `/api/admin/articles?filter=${encodeURIComponent(JSON.stringify({ sourceId: global.id }))}`);
    expect(bySource.json<AdminArticle[]>().map((article) => article.title)).toEqual(['Kia EV3 arrives in Morocco', 'Chery Tiggo 4 wins an award']);
    expect((await staff('GET', '/api/admin/articles?filter={"region":"african","category":"Sales Data"}')).json<AdminArticle[]>().map((article) => article.title)).toEqual(['BYD sales rise 40% in Kenya']);
    expect((await staff('GET', '/api/admin/articles?filter={"q":"haval"}')).json<AdminArticle[]>().map((article) => article.source)).toEqual(['Fixture Motoring']);
    expect((await staff('GET', '/api/admin/articles?filter={"region":"mars"}')).statusCode).toBe(400);
  });

  it('Fetch now queues a read the workers do at once, even for a disabled source', async () => {
    const source = await addSource({ name: 'RDF Autos', url: fixtures.url('/rss1.rdf'), region: 'global', enabled: false });
    const answer = await staff('POST', `/api/admin/news-sources/${source.id}/fetch`);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json<{ source: NewsSourceRecord }>().source.fetchRequestedAt).not.toBeNull();
    await vi.waitFor(
      async () => {
        const record = (await staff('GET', `/api/admin/news-sources/${source.id}`)).json<NewsSourceRecord>();
        expect(record).toMatchObject({ status: 'ok', items: 2 });
      },
      { timeout: 15_000, interval: 100 },
    );
    // Disabled: its articles are kept but not shown.
    expect((await get<NewsPage>('/api/news?region=global')).body.items.map((article) => article.source)).not.toContain('RDF Autos');
    expect((await staff('POST', '/api/admin/news-sources/00000000-0000-4000-8000-000000000000/fetch')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/news-sources/${source.id}/fetch` })).statusCode).toBe(401);
  });
});

describe('review videos', () => {
  beforeAll(async () => {
    await seedReviewVideos(t.testDb.db);
    await catchUpCompletely(projector);
  });

  it("answers the latest 6 and the 5 most viewed, by brand and body type, cached for 10 minutes", async () => {
    const { response, body } = await get<ReviewVideos>('/api/videos');
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    expect(body.items).toHaveLength(6);
    expect(body.total).toBe(SEED_REVIEW_VIDEOS.length);
    const dates = body.items.map((video) => video.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.brands).toEqual(['BYD', 'Chery', 'Haval', 'Kia', 'MG', 'Suzuki', 'Toyota']);
    expect(body.items[0]).toMatchObject({ thumbnail: expect.stringMatching(/^\//), embedUrl: null });

    const trending = (await get<ReviewVideos>('/api/videos?sort=trending')).body.items;
    expect(trending.map((video) => video.views)).toEqual([3_400_000, 2_100_000, 1_700_000, 1_250_000, 980_000]);
    expect((await get<ReviewVideos>('/api/videos?brand=toyota&limit=50')).body.items.map((video) => video.model).sort()).toEqual(['Corolla', 'Hilux', 'Land Cruiser']);
    expect((await get<ReviewVideos>('/api/videos?brand=All&category=Electric')).body.total).toBe(3);
    expect((await get<ReviewVideos>('/api/videos?category=Boat')).response.statusCode).toBe(400);
  });

  it("lets staff add a video (title, channel, brand and model required, the spec's defaults for the rest), edit and delete it", async () => {
    const missing = await staff('POST', '/api/admin/videos', { description: 'no title' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ codes: Record<string, { code: string }> }>().codes).toMatchObject({
      title: { code: 'videoTitleRequired' },
      channel: { code: 'videoChannelRequired' },
      brand: { code: 'brandRequired' },
      model: { code: 'modelRequired' },
    });
    const thirdParty = await staff('POST', '/api/admin/videos', { title: 'T', channel: 'C', brand: 'B', model: 'M', thumbnail: 'https://i.ytimg.com/vi/x/hq.jpg' });
    expect(thirdParty.json<{ codes: Record<string, { code: string }> }>().codes).toEqual({ thumbnail: { code: 'videoThumbnailInvalid' } });

    const created = await staff('POST', '/api/admin/videos', { title: 'GWM P-Series tested', channel: 'Cars.co.za', brand: 'GWM', model: 'P-Series', description: '', rating: null });
    expect(created.statusCode, created.body).toBe(201);
    const video = created.json<AdminReviewVideo>();
    expect(video).toMatchObject({ duration: '0:00', views: 0, category: 'SUV', rating: 0, videoUrl: '#', embedUrl: null, thumbnail: '/placeholder.svg', publishDate: new Date().toISOString().slice(0, 10), version: 1 });
    expect(video.history).toEqual([{ at: video.createdAt, by: STAFF_NAME, action: 'added', fields: [] }]);

    const edited = await staff('PUT', `/api/admin/videos/${video.id}`, { ...video, category: 'Truck', videoUrl: 'https://youtu.be/AbCdEfGhIjK', views: 1200 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminReviewVideo>()).toMatchObject({ category: 'Truck', embedUrl: 'https://www.youtube-nocookie.com/embed/AbCdEfGhIjK', views: 1200, version: 2 });
    expect(edited.json<AdminReviewVideo>().history.at(-1)).toMatchObject({ action: 'changed', by: STAFF_NAME, fields: ['category', 'videoUrl', 'views'] });
    expect((await staff('PUT', `/api/admin/videos/${video.id}`, { ...video, title: 'stale' })).statusCode).toBe(409);
    expect((await get<ReviewVideos>('/api/videos?category=Truck&limit=50')).body.items.map((item) => item.model)).toContain('P-Series');

    const list = await staff('GET', '/api/admin/videos?sort=["views","DESC"]&range=[0,2]&filter={"q":"gwm"}');
    expect(list.headers['content-range']).toBe('videos 0-0/1');
    const deleted = await staff('DELETE', `/api/admin/videos/${video.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await staff('GET', `/api/admin/videos/${video.id}`)).statusCode).toBe(404);
    expect((await get<ReviewVideos>('/api/videos?limit=50')).body.items.map((item) => item.id)).not.toContain(video.id);
    // Its history stays in the event store.
    const events = await sql<{ type: string }>`select type from events where stream_id = ${`review-video-${video.id}`} order by stream_position`.execute(t.testDb.db);
    expect(events.rows.map((row) => row.type)).toEqual(['ReviewVideoAdded', 'ReviewVideoChanged', 'ReviewVideoRemoved']);
  });
});

describe('the read models', () => {
  it('are rebuilt from the events exactly as they were, and the articles the worker read are left alone', async () => {
    const snapshot = async () =>
      Promise.all([
        sql`select id, name, url, region, category, enabled, history, version from news_sources order by id`.execute(t.testDb.db),
        sql`select article_id, hidden, featured, history from news_article_moderation order by article_id`.execute(t.testDb.db),
        sql`select * from review_videos order by id`.execute(t.testDb.db),
        sql`select id, title from news_articles order by id`.execute(t.testDb.db),
      ]).then((results) => results.map((result) => result.rows));
    await catchUpCompletely(projector);
    const before = await snapshot();
    expect(before[1]!.length).toBeGreaterThan(0);
    await projector.rebuild(['news-sources', 'article-moderation', 'review-videos']);
    expect(await snapshot()).toEqual(before);
  });
});

describe('feeds on the internal network (NEWS_ALLOW_PRIVATE_HOSTS unset)', () => {
  it('refuses a source whose URL names a loopback, private or link-local address, when added or edited', async () => {
    const closed = await createTestApp('api_news_closed');
    try {
      const closedCookie = await signIn(closed.app);
      for (const url of ['http://127.0.0.1:8080/feed', 'http://10.0.0.5/rss', 'http://[::1]/feed', 'http://169.254.169.254/latest', 'http://localhost/feed']) {
        const response = await closed.app.inject({ method: 'POST', url: '/api/admin/news-sources', headers: { cookie: closedCookie }, payload: { name: 'Internal', url, region: 'global' } });
        expect(response.statusCode, url).toBe(400);
        expect(response.json<{ codes: Record<string, { code: string }> }>().codes['url']?.code, url).toBe('newsSourceUrlPrivate');
      }
      const fine = await closed.app.inject({ method: 'POST', url: '/api/admin/news-sources', headers: { cookie: closedCookie }, payload: { name: 'Public', url: 'https://feeds.example.com/rss', region: 'global' } });
      expect(fine.statusCode).toBe(201);
      const edited = await closed.app.inject({ method: 'PUT', url: `/api/admin/news-sources/${fine.json<NewsSourceRecord>().id}`, headers: { cookie: closedCookie }, payload: { name: 'Public', url: 'http://192.168.1.1/rss', region: 'global' } });
      expect(edited.statusCode).toBe(400);
    } finally {
      await closed.close();
    }
  });
});
