import type { NewsCategory, NewsRegion } from './categories';

/** An article as visitors get it, from a feed or from the fallbacks below. */
export interface NewsArticleRecord {
  id: string;
  title: string;
  excerpt: string;
  /** '#' for the fallbacks: they are ours and link nowhere. */
  url: string;
  source: string;
  category: NewsCategory;
  region: NewsRegion;
  publishDate: string;
  image: string;
}

const fallback = (region: NewsRegion, id: string, article: Omit<NewsArticleRecord, 'id' | 'region' | 'url' | 'source'>): NewsArticleRecord => ({
  id: `fallback-${region}-${id}`,
  region,
  url: '#',
  source: 'AutoBest Africa',
  ...article,
});

/**
 * The six mock African articles of spec section 8, shown only while no African feed has ever given an article (a new
 * installation, or one without internet). Each is in one of the African section's seven categories. Once any feed has
 * been read, visitors see stored articles instead, the last good ones when feeds fail.
 */
export const FALLBACK_AFRICAN_ARTICLES: readonly NewsArticleRecord[] = [
  fallback('african', 'chery-lagos-assembly', {
    title: 'Chery expands local assembly partnership in Lagos',
    excerpt: 'A new semi-knocked-down line will assemble the Tiggo range for West African buyers, shortening delivery times and cutting import duty.',
    category: 'Partnership',
    publishDate: '2024-11-28T09:00:00.000Z',
    image: '/vehicles/suv.svg',
  }),
  fallback('african', 'nairobi-ev-charging', {
    title: 'Nairobi opens its largest public EV charging hub',
    excerpt: 'Twenty fast chargers along Mombasa Road make electric SUVs such as the BYD Atto 3 a practical choice for daily commuters.',
    category: 'Industry News',
    publishDate: '2024-11-21T09:00:00.000Z',
    image: '/vehicles/crossover.svg',
  }),
  fallback('african', 'naira-car-prices', {
    title: 'What the naira means for car prices this quarter',
    excerpt: 'Landed costs of Chinese and Japanese SUVs compared, and why buying in your own currency matters when the exchange rate moves.',
    category: 'Market Analysis',
    publishDate: '2024-11-14T09:00:00.000Z',
    image: '/vehicles/sedan.svg',
  }),
  fallback('african', 'byd-ghana-entry', {
    title: 'BYD enters Ghana with electric sedans and SUVs',
    excerpt: 'Accra gets its first BYD showroom, with the Seal and Atto 3 offered with a local warranty and financing.',
    category: 'Market Entry',
    publishDate: '2024-11-07T09:00:00.000Z',
    image: '/vehicles/hatchback.svg',
  }),
  fallback('african', 'vehicle-finance-west-africa', {
    title: 'Banks widen vehicle finance for first-time buyers in West Africa',
    excerpt: 'Longer terms and lower deposits bring new cars within reach of salaried buyers in Lagos, Accra and Abidjan.',
    category: 'Financing',
    publishDate: '2024-10-31T09:00:00.000Z',
    image: '/vehicles/sedan.svg',
  }),
  fallback('african', 'lagos-motor-fair', {
    title: 'Lagos motor fair draws record crowds for new Chinese brands',
    excerpt: 'Haval, Changan and Chery showed their newest SUVs and pickups, with test drives and launch prices for the Nigerian market.',
    category: 'Events',
    publishDate: '2024-10-24T09:00:00.000Z',
    image: '/vehicles/pickup.svg',
  }),
];

/** The three global fallback articles of spec section 8, shown only while no global feed has ever given an article. */
export const FALLBACK_GLOBAL_ARTICLES: readonly NewsArticleRecord[] = [
  fallback('global', 'ev-sales-worldwide', {
    title: 'Electric cars take a growing share of new-car sales worldwide',
    excerpt: 'China leads the shift while Europe and North America follow, and affordable models begin to reach emerging markets.',
    category: 'Global Trends',
    publishDate: '2024-11-26T09:00:00.000Z',
    image: '/vehicles/crossover.svg',
  }),
  fallback('global', 'battery-technology', {
    title: 'Cheaper batteries bring longer range to mid-priced cars',
    excerpt: 'Lithium iron phosphate packs cost less and last longer in hot climates, which matters for buyers in Africa.',
    category: 'Technology',
    publishDate: '2024-11-19T09:00:00.000Z',
    image: '/vehicles/hatchback.svg',
  }),
  fallback('global', 'carmakers-invest-africa', {
    title: 'Global carmakers step up investment in African assembly plants',
    excerpt: 'New plants in Morocco, South Africa and Nigeria aim at regional demand under the African Continental Free Trade Area.',
    category: 'Investment',
    publishDate: '2024-11-12T09:00:00.000Z',
    image: '/vehicles/suv.svg',
  }),
];

export const FALLBACK_ARTICLES: Readonly<Record<NewsRegion, readonly NewsArticleRecord[]>> = {
  african: FALLBACK_AFRICAN_ARTICLES,
  global: FALLBACK_GLOBAL_ARTICLES,
};
