import { describe, expect, it } from 'vitest';
import {
  articleFromEntry,
  articlesOfFeed,
  decideArticleVisibility,
  decideNewsSource,
  decideNewsTicker,
  decideReviewVideo,
  embedUrlOf,
  excerptOf,
  initialNewsSourceState,
  initialReviewVideoState,
  isPublicAddress,
  loadRuntimeConfig,
  mapNewsCategory,
  NewsQuerySchema,
  NewsSourceInputSchema,
  normalisedArticleUrl,
  plainText,
  ReviewVideoInputSchema,
  VideosQuerySchema,
  xmlWithNumericEntities,
  evolveNewsSource,
  evolveReviewVideo,
  type FeedEntry,
} from '@autobest/domain';

const now = new Date('2025-03-10T12:00:00Z');
const context = { feedUrl: 'https://feeds.example/motoring/rss.xml', sourceName: 'Example Motoring', defaultCategory: 'Industry News' as const, now };
const entry = (fields: Partial<FeedEntry>): FeedEntry => ({ categories: [], images: [], ...fields });

describe('feed text as plain text', () => {
  it('drops tags, scripts, styles and comments, decodes entities once and collapses white space', () => {
    expect(plainText('<p>Hello&nbsp;<b>world</b></p><script>alert(1)</script><style>p{}</style><!-- x -->&amp;amp; &#8217;&#x2019; &hellip;')).toBe('Hello world &amp; ’’ …');
    expect(plainText('line<br>break<li>item</li>')).toBe('line break item');
    expect(plainText('Price < 10k and 5 > 3')).toBe('Price < 10k and 5 > 3');
    expect(plainText('cut off mid-tag <img src="x')).toBe('cut off mid-tag');
    expect(plainText('nul\u0000 and bell\u0007 &#0; &#xD800; gone')).toBe('nul and bell gone');
  });

  it("cuts an excerpt at 200 characters and adds '...', counting characters, not UTF-16 units", () => {
    expect(excerptOf('short')).toBe('short');
    const long = `${'é'.repeat(150)} ${'🚗'.repeat(100)}`;
    const cut = excerptOf(long);
    expect(Array.from(cut)).toHaveLength(203);
    expect(cut.endsWith('🚗...')).toBe(true);
    expect(excerptOf('a'.repeat(200))).toBe('a'.repeat(200));
  });

  it('writes HTML entities a strict XML parser refuses as numeric references, leaving CDATA alone', () => {
    expect(xmlWithNumericEntities('<t>A&nbsp;B &rsquo; &amp; &lt; &#38; R&D &unknown;</t>')).toBe('<t>A&#160;B &#8217; &amp; &lt; &#38; R&amp;D &amp;unknown;</t>');
    expect(xmlWithNumericEntities('<link><![CDATA[https://x.example/?a=1&b=2&nbsp;]]></link>')).toBe('<link><![CDATA[https://x.example/?a=1&b=2&nbsp;]]></link>');
  });
});

describe('links that are the same article', () => {
  it.each([
    ['https://www.Example.com/news/story/?utm_source=rss&utm_medium=feed#comments', 'example.com/news/story'],
    ['http://example.com:80/news/story', 'example.com/news/story'],
    ['https://example.com/news/story?b=2&a=1&fbclid=x', 'example.com/news/story?a=1&b=2'],
    ['https://example.com:8443/a', 'example.com:8443/a'],
    ['https://example.com', 'example.com/'],
  ])('%s is %s', (link, key) => expect(normalisedArticleUrl(link)).toBe(key));

  it('is no article link unless absolute http(s)', () => {
    for (const link of ['javascript:alert(1)', 'ftp://example.com/a', '/relative', 'not a url', 'data:text/html,x']) expect(normalisedArticleUrl(link)).toBeUndefined();
  });
});

describe('addresses a feed may be read from', () => {
  it.each([
    '127.0.0.1', '127.255.0.1', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1',
    '::', '::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '64:ff9b::10.0.0.1', '2002:0a00:0001::1', '2001:db8::1', '2001:0:4136:e378::1', '::127.0.0.1',
    'not-an-address', '1.2.3', '256.1.1.1', '1::2::3',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:81a::200e', '::ffff:93.184.216.34', '64:ff9b::8.8.8.8', '2002:5db8:d822::1'])('allows %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('categories', () => {
  it("files a feed's labels (or its title) under the spec's categories, else the source's default", () => {
    expect(mapNewsCategory(['Market Entry'], 'x', 'Industry News')).toBe('Market Entry');
    expect(mapNewsCategory(['EVs', 'Charging'], 'x', 'Industry News')).toBe('Technology');
    expect(mapNewsCategory(['Sales figures'], 'x', 'Industry News')).toBe('Sales Data');
    expect(mapNewsCategory(['Motor shows'], 'x', 'Industry News')).toBe('Events');
    expect(mapNewsCategory([], 'Toyota and Suzuki sign a partnership', 'Industry News')).toBe('Partnership');
    expect(mapNewsCategory(['Uncategorized'], 'A quiet week', 'Global Trends')).toBe('Global Trends');
  });
});

describe('a feed entry as an article', () => {
  it('is valid only with a title, a link and a source', () => {
    expect(articleFromEntry(entry({ link: 'https://x.example/a' }), context)).toEqual({ ok: false, reason: 'no title' });
    expect(articleFromEntry(entry({ title: '<b></b>', link: 'https://x.example/a' }), context)).toEqual({ ok: false, reason: 'no title' });
    expect(articleFromEntry(entry({ title: 'T' }), context)).toEqual({ ok: false, reason: 'no link' });
    expect(articleFromEntry(entry({ title: 'T', link: 'https://x.example/a' }), { ...context, sourceName: ' ' })).toEqual({ ok: false, reason: 'no source' });
  });

  it("takes the spec's defaults: the date it was read, the default category, the placeholder image, empty text", () => {
    const outcome = articleFromEntry(entry({ title: 'T', link: 'story.html' }), context);
    expect(outcome).toEqual({
      ok: true,
      article: { title: 'T', excerpt: '', url: 'https://feeds.example/motoring/story.html', urlKey: 'feeds.example/motoring/story.html', image: '/placeholder.svg', category: 'Industry News', source: 'Example Motoring', publishDate: now, dated: false },
    });
  });

  it('reads the date the feed gives, but not one in the future', () => {
    const dated = articleFromEntry(entry({ title: 'T', link: 'https://x.example/a', published: 'Mon, 03 Mar 2025 08:30:00 +0100' }), context);
    expect(dated.ok && dated.article).toMatchObject({ publishDate: new Date('2025-03-03T07:30:00Z'), dated: true });
    const future = articleFromEntry(entry({ title: 'T', link: 'https://x.example/a', published: '2031-01-01T00:00:00Z' }), context);
    expect(future.ok && future.article).toMatchObject({ publishDate: now, dated: false });
  });

  it('takes its image from the enclosure or media first, then the first <img>, resolved against the article', () => {
    const withMedia = articleFromEntry(entry({ title: 'T', link: 'https://x.example/news/a', images: ['javascript:x', '/img/a.jpg'], html: '<img src="b.jpg">' }), context);
    expect(withMedia.ok && withMedia.article.image).toBe('https://x.example/img/a.jpg');
    const inline = articleFromEntry(entry({ title: 'T', link: 'https://x.example/news/a', html: "<p><img alt='' src='b.jpg'></p>" }), context);
    expect(inline.ok && inline.article.image).toBe('https://x.example/news/b.jpg');
    // Shown from https only: an http image is asked for over https.
    const plain = articleFromEntry(entry({ title: 'T', link: 'http://x.example/news/a', images: ['http://cdn.x.example/a.jpg'] }), context);
    expect(plain.ok && plain.article).toMatchObject({ url: 'http://x.example/news/a', image: 'https://cdn.x.example/a.jpg' });
  });

  it('resolves against the xml:base in scope, each read against the one around it; one that is no address changes nothing', () => {
    const article = (fields: Partial<FeedEntry>) => {
      const outcome = articleFromEntry(entry({ title: 'T', ...fields }), context);
      return outcome.ok ? { url: outcome.article.url, image: outcome.article.image } : outcome.reason;
    };
    expect(article({ link: 'a', xmlBases: ['/blog/', '2025/'], images: ['i.jpg'] })).toEqual({ url: 'https://feeds.example/blog/2025/a', image: 'https://feeds.example/blog/2025/i.jpg' });
    // The link element's own base is the link's alone; an absolute link or base replaces what is around it.
    expect(article({ link: 'a', xmlBases: ['/blog/'], linkXmlBase: 'https://other.example/x/', images: ['i.jpg'] })).toEqual({ url: 'https://other.example/x/a', image: 'https://feeds.example/blog/i.jpg' });
    expect(article({ link: 'https://x.example/a', xmlBases: ['/blog/'] })).toMatchObject({ url: 'https://x.example/a' });
    expect(article({ link: 'a', xmlBases: ['http://[bad', 'news/'] })).toMatchObject({ url: 'https://feeds.example/motoring/news/a' });
    // A base cannot turn a link into another scheme's.
    expect(article({ link: 'a', xmlBases: ['javascript:alert(1)//'] })).toBe('no link');
  });

  it('keeps the first 10 valid entries of a feed, each link once', () => {
    const entries = [entry({ title: 'no link' }), ...Array.from({ length: 12 }, (_, index) => entry({ title: `T${index}`, link: `https://x.example/${index % 11}?utm_source=rss` }))];
    const { articles, skipped } = articlesOfFeed(entries, context);
    expect(articles.map((article) => article.title)).toEqual(['T0', 'T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9']);
    expect(skipped).toEqual(['no link']);
  });
});

describe('news sources (decider)', () => {
  const source = NewsSourceInputSchema.parse({ name: 'Feed', url: 'https://feeds.example/rss', region: 'african' });

  it('adds a source once with the default category and enabled, then records only what an edit changed', () => {
    const added = decideNewsSource({ type: 'AddNewsSource', sourceId: 's1', source, now }, initialNewsSourceState);
    expect(added).toEqual([{ type: 'NewsSourceAdded', data: { sourceId: 's1', name: 'Feed', url: 'https://feeds.example/rss', region: 'african', category: 'Industry News', enabled: true, addedAt: now.toISOString() } }]);
    const state = added.reduce(evolveNewsSource, initialNewsSourceState);
    expect(() => decideNewsSource({ type: 'AddNewsSource', sourceId: 's1', source, now }, state)).toThrow('already exists');
    expect(decideNewsSource({ type: 'ChangeNewsSource', source, now }, state)).toEqual([]);
    expect(decideNewsSource({ type: 'ChangeNewsSource', source: { ...source, enabled: false }, now }, state)).toEqual([
      { type: 'NewsSourceChanged', data: { sourceId: 's1', changes: { enabled: false }, changedAt: now.toISOString() } },
    ]);
    expect(() => decideNewsSource({ type: 'ChangeNewsSource', source, now }, initialNewsSourceState)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'news-source' }));
  });

  it('accepts only http(s) feed URLs, a known region and category', () => {
    const parsed = NewsSourceInputSchema.safeParse({ name: ' ', url: 'file:///etc/passwd', region: 'europe', category: 'Gossip' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'newsSourceNameRequired'],
      ['url', 'newsSourceUrlInvalid'],
      ['region', 'newsRegionInvalid'],
      ['category', 'newsCategoryInvalid'],
    ]);
  });
});

describe('article decisions (deciders)', () => {
  it('hides and shows again, recording nothing when nothing changes', () => {
    expect(decideArticleVisibility({ type: 'HideArticle', articleId: 'a', now }, { hidden: false })).toEqual([{ type: 'ArticleHidden', data: { articleId: 'a', hiddenAt: now.toISOString() } }]);
    expect(decideArticleVisibility({ type: 'HideArticle', articleId: 'a', now }, { hidden: true })).toEqual([]);
    expect(decideArticleVisibility({ type: 'UnhideArticle', articleId: 'a', now }, { hidden: false })).toEqual([]);
  });

  it('features one article at a time, naming the one it replaces', () => {
    expect(decideNewsTicker({ type: 'FeatureArticle', articleId: 'b', now }, { featuredArticleId: 'a' })).toEqual([
      { type: 'TickerArticleFeatured', data: { articleId: 'b', previousArticleId: 'a', featuredAt: now.toISOString() } },
    ]);
    expect(decideNewsTicker({ type: 'FeatureArticle', articleId: 'a', now }, { featuredArticleId: 'a' })).toEqual([]);
    expect(decideNewsTicker({ type: 'UnfeatureArticle', articleId: 'b', now }, { featuredArticleId: 'a' })).toEqual([]);
    expect(decideNewsTicker({ type: 'UnfeatureArticle', articleId: 'a', now }, { featuredArticleId: 'a' })).toEqual([{ type: 'TickerFeatureCleared', data: { articleId: 'a', clearedAt: now.toISOString() } }]);
  });
});

describe('review videos (decider)', () => {
  it("is valid only with title, channel, brand and model; the spec's defaults for the rest", () => {
    const parsed = ReviewVideoInputSchema.safeParse({ title: '', description: null });
    expect(parsed.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['title', 'brand', 'model', 'channel']);
    expect(ReviewVideoInputSchema.parse({ title: 'T', channel: 'C', brand: 'B', model: 'M', rating: '', views: null })).toEqual({
      title: 'T', description: '', brand: 'B', model: 'M', category: 'SUV', thumbnail: '/placeholder.svg', videoUrl: '#', duration: '0:00', rating: 0, views: 0, channel: 'C',
    });
    for (const bad of [{ videoUrl: 'javascript:alert(1)' }, { thumbnail: '//evil.example/x.jpg' }, { thumbnail: 'https://i.ytimg.com/x.jpg' }, { duration: '99' }, { rating: 6 }, { views: -1 }, { publishDate: '2025-02-30' }]) {
      expect(ReviewVideoInputSchema.safeParse({ title: 'T', channel: 'C', brand: 'B', model: 'M', ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('is added with the day as its publish date, edited field by field, removed once', () => {
    const video = ReviewVideoInputSchema.parse({ title: 'T', channel: 'C', brand: 'B', model: 'M' });
    const added = decideReviewVideo({ type: 'AddReviewVideo', videoId: 'v', video, now }, initialReviewVideoState);
    expect(added[0]).toMatchObject({ type: 'ReviewVideoAdded', data: { video: { publishDate: '2025-03-10' } } });
    const state = added.reduce(evolveReviewVideo, initialReviewVideoState);
    expect(decideReviewVideo({ type: 'ChangeReviewVideo', video, now }, state)).toEqual([]);
    expect(decideReviewVideo({ type: 'ChangeReviewVideo', video: { ...video, views: 10 }, now }, state)).toEqual([{ type: 'ReviewVideoChanged', data: { videoId: 'v', changes: { views: 10 }, changedAt: now.toISOString() } }]);
    const removed = [...added, ...decideReviewVideo({ type: 'RemoveReviewVideo', now }, state)].reduce(evolveReviewVideo, initialReviewVideoState);
    expect(() => decideReviewVideo({ type: 'RemoveReviewVideo', now }, removed)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'review-video' }));
  });

  it('plays YouTube videos on the privacy-enhanced domain, and nothing else embedded', () => {
    expect(embedUrlOf('https://www.youtube.com/watch?v=AbCdEfGhIjK&t=10')).toBe('https://www.youtube-nocookie.com/embed/AbCdEfGhIjK');
    expect(embedUrlOf('https://youtu.be/AbCdEfGhIjK')).toBe('https://www.youtube-nocookie.com/embed/AbCdEfGhIjK');
    expect(embedUrlOf('https://m.youtube.com/shorts/AbCdEfGhIjK')).toBe('https://www.youtube-nocookie.com/embed/AbCdEfGhIjK');
    for (const url of ['#', 'https://www.youtube.com/results?search_query=x', 'https://vimeo.com/1', 'https://evil.example/watch?v=AbCdEfGhIjK', 'https://youtu.be/"><script>']) expect(embedUrlOf(url)).toBeNull();
  });
});

describe('news settings', () => {
  it('reads NEWS_CRON (every 15 minutes by default) and refuses a pattern that would never run', () => {
    expect(loadRuntimeConfig({}).news).toEqual({ cron: '*/15 * * * *', allowPrivateHosts: false, cacheTtlMs: 10_000, feedParseBudgetMs: 5_000 });
    expect(loadRuntimeConfig({ NEWS_CRON: ' 0  *  * * * ', NEWS_ALLOW_PRIVATE_HOSTS: 'true' }).news).toMatchObject({ cron: '0 * * * *', allowPrivateHosts: true });
    expect(() => loadRuntimeConfig({ NEWS_CRON: 'every 15 minutes' })).toThrow(/NEWS_CRON/);
    expect(() => loadRuntimeConfig({ NEWS_CRON: '0 0 30 2 *' })).toThrow(/never run/);
    expect(() => loadRuntimeConfig({ NEWS_ALLOW_PRIVATE_HOSTS: 'maybe' })).toThrow(/NEWS_ALLOW_PRIVATE_HOSTS/);
  });
});

describe('the storefront\'s queries', () => {
  it("reads a category, several separated by commas (the African section's seven), or 'All' as no filter", () => {
    expect(NewsQuerySchema.parse({})).toEqual({ limit: 20, page: 1 });
    expect(NewsQuerySchema.parse({ region: 'african', category: 'Partnership, Sales Data', limit: '6' })).toEqual({ region: 'african', category: ['Partnership', 'Sales Data'], limit: 6, page: 1 });
    expect(NewsQuerySchema.parse({ category: 'All' }).category).toBeUndefined();
    for (const bad of [{ category: 'Gossip' }, { category: 'Events,Gossip' }, { region: 'asia' }, { limit: '0' }, { limit: '51' }, { page: '0' }]) expect(NewsQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('asks for the latest videos unless told otherwise, by brand and body type', () => {
    expect(VideosQuerySchema.parse({})).toEqual({ sort: 'latest', page: 1 });
    expect(VideosQuerySchema.parse({ brand: ' BYD ', category: 'Electric', limit: '50' })).toEqual({ brand: 'BYD', category: 'Electric', sort: 'latest', limit: 50, page: 1 });
    for (const bad of [{ category: 'Van' }, { sort: 'oldest' }, { limit: '51' }]) expect(VideosQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
