/** The spec's news article categories (section 3), in the order of the page's category bar. */
export const NEWS_CATEGORIES = [
  'Partnership',
  'Global Trends',
  'Industry News',
  'Market Analysis',
  'Events',
  'Financing',
  'Market Entry',
  'Sales Data',
  'Investment',
  'Technology',
] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

/** The category bar: 'All' (the default) and every category (spec section 9). */
export const NEWS_FILTER_CATEGORIES = ['All', ...NEWS_CATEGORIES] as const;
export type NewsFilterCategory = (typeof NEWS_FILTER_CATEGORIES)[number];

/** 'African Automotive News' shows only these seven categories (spec section 2). */
export const AFRICAN_SECTION_CATEGORIES = ['Partnership', 'Industry News', 'Market Analysis', 'Events', 'Financing', 'Market Entry', 'Sales Data'] as const satisfies readonly NewsCategory[];
/** At most this many articles in 'African Automotive News'. */
export const AFRICAN_SECTION_SIZE = 6;

/** What an article missing its category is filed under (spec section 5). */
export const DEFAULT_NEWS_CATEGORY: NewsCategory = 'Industry News';

export const NEWS_REGIONS = ['african', 'global'] as const;
export type NewsRegion = (typeof NEWS_REGIONS)[number];

/** Body types of review videos (spec section 3); 'All' is the filter's default. */
export const VIDEO_CATEGORIES = ['SUV', 'Electric', 'Sedan', 'Hatchback', 'Truck'] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];
export const VIDEO_FILTER_CATEGORIES = ['All', ...VIDEO_CATEGORIES] as const;
export type VideoFilterCategory = (typeof VIDEO_FILTER_CATEGORIES)[number];

/**
 * Words in a feed's own category labels (and failing those, its title) that file an article under one of ours. The
 * first rule that matches wins, so narrower subjects come before broader ones. Feeds label freely ("EVs", "Sales
 * figures", "Motor shows"); anything unmatched takes its source's default category.
 */
const CATEGORY_RULES: ReadonlyArray<readonly [NewsCategory, RegExp]> = [
  ['Sales Data', /\b(sales (figures|data|numbers|results)|naamsa|registrations?|units sold|best[- ]sell(ing|ers?)|sales (rise|fall|drop|surge|up|down))\b/i],
  ['Financing', /\b(financ(e|ing)|loans?|leasing|credit|interest rates?|insurance|instal?lments?)\b/i],
  ['Investment', /\b(invest(s|ed|ment|ments|ors?)?|funding|raises|acquisition|acquires|stake|ipo|factory|plant)\b/i],
  ['Partnership', /\b(partner(s|ship|ships)?|joint venture|collaborat(e|es|ion)|alliance|teams up|agreement|mou)\b/i],
  ['Market Entry', /\b(market entry|enters?|entering|launch(es|ed)? in|arrives? in|expands? (in)?to|new market|debut)\b/i],
  ['Events', /\b(events?|motor shows?|auto shows?|expo|festival|conference|summit|exhibition|awards?)\b/i],
  ['Technology', /\b(tech(nology)?|electric|evs?|batter(y|ies)|charging|autonomous|self[- ]driving|software|hybrid|hydrogen|ai)\b/i],
  ['Market Analysis', /\b(market|analysis|prices?|pricing|forecast|outlook|trends? in|demand|economy|tariffs?|duty)\b/i],
  ['Global Trends', /\b(global|world(wide)?|international|trends?)\b/i],
  ['Industry News', /\b(industry|news|manufactur(er|ers|ing)|recalls?|production)\b/i],
];

/**
 * Files an article under one of the spec's categories: its own labels first (an exact name, then the rules), then
 * its title, then `fallback` (the source's default).
 */
export function mapNewsCategory(labels: readonly string[], title: string, fallback: NewsCategory): NewsCategory {
  const cleaned = labels.map((label) => label.trim()).filter((label) => label.length > 0);
  const exact = NEWS_CATEGORIES.find((category) => cleaned.some((label) => label.toLowerCase() === category.toLowerCase()));
  if (exact) return exact;
  for (const text of [cleaned.join(' | '), title]) {
    if (text === '') continue;
    const rule = CATEGORY_RULES.find(([, pattern]) => pattern.test(text));
    if (rule) return rule[0];
  }
  return fallback;
}
