import { describe, expect, it } from 'vitest';
import { AFRICAN_NEWS_CATEGORIES, NEWS_CATEGORIES, NEWS_FILTER_CATEGORIES, VIDEO_CATEGORIES, VIDEO_FILTER_CATEGORIES } from '@autobest/domain/news';
import {
  africanNewsQuery,
  africanNewsShown,
  appendPage,
  categoryBadgeClass,
  displayExcerpt,
  embedUrl,
  filterVideos,
  globalNewsQuery,
  localThumbnail,
  safeHref,
  showsBodyType,
  showsRating,
  tickerOf,
  videoBrands,
  youTubeId,
} from '../../web-storefront/src/news/news';
import { NEWS_FIRST_READS } from '../../web-storefront/src/news/firstReads';
import en from '../../web-storefront/src/news/messages/en';
import { AFRICAN, article, GLOBAL, TRENDING, VIDEOS } from './fixtures';

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
  it('shows at most 6, only of the spec seven categories, in the order the API gave', () => {
    const shown = africanNewsShown(AFRICAN, 'All');
    expect(shown.map((item) => item.id)).toEqual(['african-1', 'african-3', 'african-4', 'african-5', 'african-6', 'african-7']);
    expect(shown.every((item) => (AFRICAN_NEWS_CATEGORIES as readonly string[]).includes(item.category))).toBe(true);
  });

  it('keeps only the chosen category, and is empty for a category the section never shows', () => {
    expect(africanNewsShown(AFRICAN, 'Events').map((item) => item.id)).toEqual(['african-5', 'african-9']);
    expect(africanNewsShown(AFRICAN, 'Technology')).toEqual([]);
  });

  it('asks the API for every category the section shows, and does not ask for the others', () => {
    expect(Object.fromEntries(new URLSearchParams(africanNewsQuery('All')!))).toEqual({ region: 'african', limit: '60' });
    expect(Object.fromEntries(new URLSearchParams(africanNewsQuery('Sales Data')!))).toEqual({ region: 'african', category: 'Sales Data', limit: '6' });
    for (const category of NEWS_CATEGORIES) expect(africanNewsQuery(category) === null, category).toBe(!(AFRICAN_NEWS_CATEGORIES as readonly string[]).includes(category));
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
    expect(tickerOf(TRENDING.items).map((item) => item.id)).toEqual(['global-1', 'african-1', 'global-2']);
    expect(tickerOf([])).toEqual([]);
  });
});

describe('article cards', () => {
  it("shows the API's excerpt as it is, cuts a longer one to 200 characters plus '...', and shows none when empty", () => {
    expect(displayExcerpt('A short excerpt.')).toBe('A short excerpt.');
    const cut = `${'a'.repeat(200)}...`;
    expect(displayExcerpt('a'.repeat(250))).toBe(cut);
    expect(displayExcerpt(cut)).toBe(cut);
    expect(displayExcerpt('  spaced \n\n  out  ')).toBe('spaced out');
    expect(displayExcerpt('   ')).toBeNull();
    // Characters, not UTF-16 units: the 200th character is a whole emoji.
    expect(displayExcerpt('🚗'.repeat(201))).toBe(`${'🚗'.repeat(200)}...`);
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

  it('offers each brand once, alphabetically, and filters by brand and body type', () => {
    expect(videoBrands(VIDEOS.items)).toEqual(['BYD', 'Chery', 'Toyota']);
    expect(filterVideos(VIDEOS.items, 'All').length).toBe(8);
    expect(filterVideos(VIDEOS.items, 'BYD').map((item) => item.id)).toEqual(['video-1', 'video-4', 'video-7']);
    expect(filterVideos(VIDEOS.items, 'BYD', 'SUV').map((item) => item.id)).toEqual(['video-7']);
    expect(filterVideos(VIDEOS.items, 'All', 'Electric').map((item) => item.id)).toEqual(['video-1', 'video-8']);
    expect(filterVideos(VIDEOS.items, 'Kia')).toEqual([]);
  });

  it('finds the YouTube video in every address form, and nothing in others', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=42',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
    ]) {
      expect(youTubeId(url), url).toBe('dQw4w9WgXcQ');
    }
    for (const url of ['#', '', 'https://vimeo.com/123456', 'https://www.youtube.com/watch?v=short', 'https://evil.example/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ%22onload', 'javascript:alert(1)']) {
      expect(youTubeId(url), url).toBeNull();
    }
  });

  it('plays on the privacy-enhanced domain', () => {
    expect(embedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
  });

  it('shows only thumbnails we serve, the placeholder for any other', () => {
    expect(localThumbnail('/media/videos/one.jpg', ORIGIN)).toBe('/media/videos/one.jpg');
    expect(localThumbnail(`${ORIGIN}/media/videos/one.jpg?v=2`, ORIGIN)).toBe('/media/videos/one.jpg?v=2');
    expect(localThumbnail('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', ORIGIN)).toBe('/placeholder.svg');
    expect(localThumbnail('//i.ytimg.com/vi/x/hqdefault.jpg', ORIGIN)).toBe('/placeholder.svg');
    expect(localThumbnail('http://autobest.example/media/one.jpg', ORIGIN)).toBe('/placeholder.svg');
  });

  it('builds fixtures the contract accepts (and refuses a link that is not a web page)', () => {
    expect(() => article(1, 'global', 'Technology', { url: 'javascript:alert(1)' })).toThrow();
  });
});
