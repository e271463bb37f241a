/**
 * What /news reads first, before the visitor chooses anything: src/boot.ts starts these while the page's code downloads.
 * Written out rather than built with news.ts, so the first chunk (the home page's budget) carries only these strings;
 * a unit test holds them equal to what the page asks.
 */
export const NEWS_FIRST_READS = {
  trending: '/api/news/trending',
  african: '/api/news?region=african&category=Partnership%2CIndustry+News%2CMarket+Analysis%2CEvents%2CFinancing%2CMarket+Entry%2CSales+Data&limit=6',
  global: '/api/news?region=global&limit=12&page=1',
  videos: '/api/videos',
} as const;
