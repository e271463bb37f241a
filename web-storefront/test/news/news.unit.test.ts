import { describe, expect, it } from 'vitest';
import { AFRICAN_SECTION_CATEGORIES, NEWS_CATEGORIES, NEWS_FILTER_CATEGORIES, VIDEO_CATEGORIES, VIDEO_FILTER_CATEGORIES } from '@autobest/domain/news/categories';
import { NewsQuerySchema, VideosQuerySchema } from '@autobest/domain/news/contracts';
import {
  africanNewsQuery,
  allVideosAddress,
  appendPage,
  categoryBadgeClass,
  displayExcerpt,
  globalNewsQuery,
  latestVideosAddress,
  localThumbnail,
  playerAddress,
  safeHref,
  showsBodyType,
  showsRating,
  tickerOf,
} from '../../src/news/news';
import { NEWS_FIRST_READS } from '../../src/news/firstReads';
import en from '../../src/news/messages/en';
import { AFRICAN, GLOBAL, newsAnswer, TRENDING, VIDEOS, videosAnswer } from './fixtures';

const ORIGIN = 'https://autobest.example';

describe('the spec lists on /news', () => {
  it('has the 11 filter categories in the spec order, All first', () => {
    expect(NEWS_FILTER_CATEGORIES).toEqual(['All', 'Partnership', 'Global Trends', 'Industry News', 'Market Analysis', 'Events', 'Financing', 'Market Entry', 'Sales Data', 'Investment', 'Technology']);
    expect(VIDEO_FILTER_CATEGORIES).toEqual(['All', 'SUV', 'Electric', 'Sedan', 'Hatchback', 'Truck']);
  });

  it('names every category and body type in the messages', () => {
    for (const category of NEWS_FILTER_CATEGORIES) expect(en[`category:${category}`]).toBe(category);
    for (const body of VIDEO_FILTER_CATEGORIES) expect(en[`body:${body}`]).toBe(body);
  });
});

describe('African Automotive News', () => {
  const shownFor = (category: (typeof NEWS_FILTER_CATEGORIES)[number]) => newsAnswer(AFRICAN, new URLSearchParams(africanNewsQuery(category)!)).items.map((item) => item.id);

  it("asks the API for at most 6 of the spec's seven categories, and the API's query reads it so", () => {
    expect(NewsQuerySchema.parse(Object.fromEntries(new URLSearchParams(africanNewsQuery('All')!)))).toEqual({ region: 'african', category: [...AFRICAN_SECTION_CATEGORIES], limit: 6, page: 1 });
    expect(shownFor('All')).toEqual(['african-1', 'african-3', 'african-4', 'african-5', 'african-6', 'african-7']);
  });

  it('asks only for the chosen category, and does not ask for one the section never shows', () => {
    expect(Object.fromEntries(new URLSearchParams(africanNewsQuery('Sales Data')!))).toEqual({ region: 'african', category: 'Sales Data', limit: '6' });
    expect(shownFor('Events')).toEqual(['african-5', 'african-9']);
    for (const category of NEWS_CATEGORIES) expect(africanNewsQuery(category) === null, category).toBe(!(AFRICAN_SECTION_CATEGORIES as readonly string[]).includes(category));
  });
});

describe('Global Automotive Headlines', () => {
  it('asks for a page of 12 of the chosen category', () => {
    expect(Object.fromEntries(new URLSearchParams(globalNewsQuery('All', 1)))).toEqual({ region: 'global', limit: '12', page: '1' });
    expect(Object.fromEntries(new URLSearchParams(globalNewsQuery('Global Trends', 2)))).toEqual({ region: 'global', limit: '12', page: '2', category: 'Global Trends' });
  });

  it('appends a page without repeating an article that moved across the page boundary', () => {
    const first = GLOBAL.slice(0, 12);
    const next = GLOBAL.slice(11);
    expect(appendPage(first, next).map((item) => item.id)).toEqual(GLOBAL.map((item) => item.id));
  });
});

describe('the first reads started before the page renders', () => {
  it('are exactly what the page asks first, so the page takes them instead of asking again', () => {
    expect(NEWS_FIRST_READS.african).toBe(`/api/news?${africanNewsQuery('All')}`);
    expect(NEWS_FIRST_READS.global).toBe(`/api/news?${globalNewsQuery('All', 1)}`);
  });
});

describe('Trending ticker', () => {
  it('shows the first 3 of the trending articles', () => {
    expect(tickerOf(TRENDING.items).map((item) => item.id)).toEqual(['african-4', 'global-1', 'african-1']);
    expect(tickerOf([])).toEqual([]);
  });
});

describe('article cards', () => {
  it("shows the API's excerpt as it is, and none when empty", () => {
    expect(displayExcerpt('A short excerpt.')).toBe('A short excerpt.');
    expect(displayExcerpt(`${'a'.repeat(200)}...`)).toBe(`${'a'.repeat(200)}...`);
    expect(displayExcerpt('')).toBeNull();
    expect(displayExcerpt('   ')).toBeNull();
  });

  it('links only to web pages', () => {
    expect(safeHref('https://news.example/a?b=1')).toBe('https://news.example/a?b=1');
    expect(safeHref('http://news.example/a')).toBe('http://news.example/a');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
    expect(safeHref('#')).toBeNull();
  });

  it('gives each category and body type a badge of its own colour', () => {
    const classes = [...NEWS_CATEGORIES, ...VIDEO_CATEGORIES].map(categoryBadgeClass);
    expect(new Set(classes).size).toBe(classes.length);
    expect(categoryBadgeClass('Market Entry')).toBe('badge news-badge news-badge-market-entry');
  });
});

describe('review videos', () => {
  it('hides the body-type badge for SUV only', () => {
    expect(VIDEO_CATEGORIES.filter((category) => showsBodyType({ category }))).toEqual(['Electric', 'Sedan', 'Hatchback', 'Truck']);
  });

  it('shows a star badge only for a rating', () => {
    expect(showsRating({ rating: 0 })).toBe(false);
    expect(showsRating({ rating: 4.5 })).toBe(true);
  });

  it("asks the API for the latest 6 of a brand, and for every video of a brand and body type, in queries the API reads", () => {
    expect(latestVideosAddress('All')).toBe('/api/videos');
    expect(latestVideosAddress('Land Rover')).toBe('/api/videos?brand=Land+Rover');
    expect(allVideosAddress('All', 'All')).toBe('/api/videos?limit=50');
    const query = (address: string) => VideosQuerySchema.parse(Object.fromEntries(new URL(address, ORIGIN).searchParams));
    expect(query(allVideosAddress('BYD', 'SUV'))).toEqual({ brand: 'BYD', category: 'SUV', sort: 'latest', limit: 50, page: 1 });
    expect(videosAnswer(VIDEOS, new URL(allVideosAddress('BYD', 'All'), ORIGIN).searchParams).items.map((item) => item.id)).toEqual(['video-1', 'video-4', 'video-7']);
    expect(videosAnswer(VIDEOS, new URLSearchParams()).brands).toEqual(['BYD', 'Chery', 'Toyota']);
  });

  it("plays the API's embed address on the privacy-enhanced domain only, starting at once", () => {
    expect(VIDEOS[2]!.embedUrl).toBe('https://www.youtube-nocookie.com/embed/abcdefghi03');
    expect(playerAddress(VIDEOS[2]!.embedUrl)).toBe('https://www.youtube-nocookie.com/embed/abcdefghi03?autoplay=1&rel=0');
    for (const address of [null, 'https://www.youtube.com/embed/abcdefghi03', 'https://evil.example/embed/x', 'https://www.youtube-nocookie.com/watch?v=x', 'javascript:alert(1)', 'not a url']) expect(playerAddress(address), String(address)).toBeNull();
  });

  it('shows only thumbnails we serve, the placeholder for any other', () => {
    expect(localThumbnail('/media/videos/one.jpg', ORIGIN)).toBe('/media/videos/one.jpg');
    expect(localThumbnail(`${ORIGIN}/media/videos/one.jpg?v=2`, ORIGIN)).toBe('/media/videos/one.jpg?v=2');
    expect(localThumbnail('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', ORIGIN)).toBe('/placeholder.svg');
    expect(localThumbnail('//i.ytimg.com/vi/x/hqdefault.jpg', ORIGIN)).toBe('/placeholder.svg');
    expect(localThumbnail('http://autobest.example/media/one.jpg', ORIGIN)).toBe('/placeholder.svg');
  });
});
