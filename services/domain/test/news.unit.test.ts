import { describe, expect, it } from 'vitest';
import { cutExcerpt, NewsArticleSchema, NewsQuerySchema, ReviewVideoSchema, TrendingNewsSchema, VideoQuerySchema } from '../src/index';

const ARTICLE = {
  id: 'a1',
  title: 'BYD opens in Accra',
  excerpt: '',
  url: 'https://news.example/a1',
  source: 'Accra Auto',
  category: 'Market Entry',
  region: 'african',
  publishDate: '2026-03-20T09:00:00.000Z',
  image: '/placeholder.svg',
};

const VIDEO = {
  id: 'v1',
  title: 'Seal U review',
  description: '',
  brand: 'BYD',
  model: 'Seal U',
  category: 'SUV',
  thumbnail: '/media/videos/v1.jpg',
  videoUrl: '#',
  duration: '0:00',
  rating: 0,
  channel: 'Drive Africa',
  views: 0,
  publishDate: '2026-03-20T09:00:00+01:00',
};

describe('news contract', () => {
  it("takes an article with the spec's fields and refuses links that are not web pages", () => {
    expect(NewsArticleSchema.parse(ARTICLE)).toEqual(ARTICLE);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://news.example/a', '/relative']) expect(NewsArticleSchema.safeParse({ ...ARTICLE, url }).success, url).toBe(false);
    expect(NewsArticleSchema.safeParse({ ...ARTICLE, category: 'Gossip' }).success).toBe(false);
    expect(NewsArticleSchema.safeParse({ ...ARTICLE, region: 'europe' }).success).toBe(false);
    expect(NewsArticleSchema.safeParse({ ...ARTICLE, source: '' }).success).toBe(false);
  });

  it('reads the query with its defaults and refuses what it does not know', () => {
    expect(NewsQuerySchema.parse({})).toEqual({ limit: 20, page: 1 });
    expect(NewsQuerySchema.parse({ region: 'global', category: 'Sales Data', limit: '6', page: '2' })).toEqual({ region: 'global', category: 'Sales Data', limit: 6, page: 2 });
    for (const bad of [{ category: 'All' }, { region: 'asia' }, { limit: '0' }, { limit: '101' }, { page: '0' }]) expect(NewsQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('trending holds at most 8', () => {
    const items = Array.from({ length: 9 }, (_, index) => ({ ...ARTICLE, id: `a${index}` }));
    expect(TrendingNewsSchema.safeParse({ items: items.slice(0, 8) }).success).toBe(true);
    expect(TrendingNewsSchema.safeParse({ items }).success).toBe(false);
  });

  it("takes a video with the spec's defaults ('#', 0:00, 0 views, rating 0) and refuses one without channel, brand or model", () => {
    expect(ReviewVideoSchema.parse(VIDEO)).toEqual(VIDEO);
    expect(ReviewVideoSchema.parse({ ...VIDEO, videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', duration: '1:02:03', rating: 4.5 }).rating).toBe(4.5);
    for (const field of ['channel', 'brand', 'model', 'title'] as const) expect(ReviewVideoSchema.safeParse({ ...VIDEO, [field]: '' }).success, field).toBe(false);
    for (const changes of [{ category: 'All' }, { duration: '90 seconds' }, { rating: 6 }, { videoUrl: 'javascript:alert(1)' }, { views: -1 }]) expect(ReviewVideoSchema.safeParse({ ...VIDEO, ...changes }).success, JSON.stringify(changes)).toBe(false);
    expect(VideoQuerySchema.parse({ brand: ' BYD ', category: 'Electric' })).toEqual({ brand: 'BYD', category: 'Electric' });
  });

  it("cuts an excerpt to 200 characters plus '...', once", () => {
    expect(cutExcerpt('Short.')).toBe('Short.');
    expect(cutExcerpt('a'.repeat(200))).toBe('a'.repeat(200));
    expect(cutExcerpt('a'.repeat(201))).toBe(`${'a'.repeat(200)}...`);
    expect(cutExcerpt(cutExcerpt('b'.repeat(500)))).toBe(`${'b'.repeat(200)}...`);
  });
});
