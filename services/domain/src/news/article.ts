import { mapNewsCategory, type NewsCategory } from './categories';
import { excerptOf, normalisedArticleUrl, plainText } from './text';

/** The image an article without one shows (spec section 8: broken previews fall back to it too). */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';
/** At most this many items are read from each feed (spec section 9). */
const MAX_ITEMS_PER_FEED = 10;

const MAX_TITLE_LENGTH = 300;
const MAX_URL_LENGTH = 2000;
/** A feed clock a little ahead is tolerated; an article "from next year" is dated when we read it. */
const FUTURE_TOLERANCE_MS = 60 * 60 * 1000;

/** One item of a feed as the reader hands it over, whatever the feed's format (RSS 2.0, RSS 1.0, Atom). */
export interface FeedEntry {
  title?: string | undefined;
  link?: string | undefined;
  /**
   * XML Base: the xml:base attributes around the entry, outermost first (the feed's or channel's, then the entry's),
   * each read against the one around it and the first against the feed's address.
   */
  xmlBases?: readonly string[] | undefined;
  /** The link element's own xml:base, read against the entry's. */
  linkXmlBase?: string | undefined;
  /** RSS guid or Atom id: a permalink for some feeds that give no link. */
  guid?: string | undefined;
  /** The date as the feed wrote it (RFC 822, ISO 8601, ...). */
  published?: string | undefined;
  categories: readonly string[];
  /** Description, content or summary: HTML or text. */
  html?: string | undefined;
  /** Image addresses from enclosures, media:content and media:thumbnail, best first. */
  images: readonly string[];
}

/** Where an entry was read and what fills its gaps. */
export interface FeedContext {
  /** The feed's final address (after redirects): relative links and images resolve against it. */
  feedUrl: string;
  sourceName: string;
  defaultCategory: NewsCategory;
  now: Date;
}

/** An article as ingestion keeps it: text only, absolute links. */
export interface IngestedArticle {
  title: string;
  excerpt: string;
  url: string;
  /** What duplicates share (see normalisedArticleUrl). */
  urlKey: string;
  image: string;
  category: NewsCategory;
  source: string;
  publishDate: Date;
  /** False when the feed gave no usable date and `publishDate` is when it was read. */
  dated: boolean;
}

export type EntryOutcome = { ok: true; article: IngestedArticle } | { ok: false; reason: string };

/** An absolute http(s) address for `link` read against `base`, or undefined. */
function absoluteHttpUrl(link: string | undefined, base: string): string | undefined {
  const trimmed = link?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    const text = url.toString();
    return text.length <= MAX_URL_LENGTH ? text : undefined;
  } catch {
    return undefined;
  }
}

/** `base` with each xml:base applied in turn, each read against the one before; one that is no address changes nothing. */
function withXmlBases(base: string, xmlBases: readonly string[]): string {
  return xmlBases.reduce((outer, xmlBase) => {
    try {
      return new URL(xmlBase.trim(), outer).toString();
    } catch {
      return outer;
    }
  }, base);
}

/**
 * Images are shown from https only: the storefront allows no other (an http image on an https page is mixed content
 * browsers block). Most image hosts answer both; when the upgraded address fails, the page shows the placeholder.
 */
const secureImageUrl = (url: string | undefined) => (url?.startsWith('http:') ? `https:${url.slice('http:'.length)}` : url);

const IMG_TAG = /<img\b/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=\s*/gi;
const SRC_VALUE = /"([^"]+)"|'([^']+)'|([^\s>]+)/y;

/**
 * The first `<img src>` in an item's HTML, for feeds that put their picture only there: what
 * `<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s>]+))` finds, read in one pass. That pattern searched the rest
 * of a tag again from every `<img` inside it; here a tag without a usable src skips every `<img` before its '>', which
 * could only find the same attributes.
 */
export function firstImageIn(html: string | undefined): string | undefined {
  if (!html) return undefined;
  let searchedTo = 0;
  for (const tag of html.matchAll(IMG_TAG)) {
    if (tag.index < searchedTo) continue;
    const attributesFrom = tag.index + tag[0].length;
    const tagEnd = html.indexOf('>', attributesFrom);
    searchedTo = tagEnd === -1 ? html.length : tagEnd;
    // The attribute's name lies before the tag's '>'; a quoted value may run past it.
    for (const attribute of html.slice(attributesFrom, searchedTo).matchAll(SRC_ATTRIBUTE)) {
      SRC_VALUE.lastIndex = attributesFrom + attribute.index + attribute[0].length;
      const value = SRC_VALUE.exec(html);
      if (value) return value[1] ?? value[2] ?? value[3];
    }
  }
  return undefined;
}

function publishDateOf(published: string | undefined, now: Date): { date: Date; dated: boolean } {
  const parsed = published ? new Date(published.trim()) : undefined;
  if (!parsed || Number.isNaN(parsed.getTime())) return { date: now, dated: false };
  if (parsed.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) return { date: now, dated: false };
  return { date: parsed, dated: true };
}

/**
 * One feed entry as an article, or why it is left out. Valid only with a title, a link and a source (spec section 5);
 * a permalink guid stands in for a missing link. Missing fields take the spec's defaults: the date the feed was read,
 * the source's default category (itself 'Industry News' unless staff chose another) and the placeholder image.
 */
export function articleFromEntry(entry: FeedEntry, context: FeedContext): EntryOutcome {
  const title = excerptOf(plainText(decodeCdata(entry.title ?? '')), MAX_TITLE_LENGTH);
  if (title === '') return { ok: false, reason: 'no title' };
  const source = context.sourceName.trim();
  if (source === '') return { ok: false, reason: 'no source' };
  // Relative links resolve against the xml:base in scope, else the feed's address (XML Base, RFC 4287 section 2).
  const xmlBases = entry.xmlBases ?? [];
  const entryBase = withXmlBases(context.feedUrl, xmlBases);
  const url =
    absoluteHttpUrl(entry.link, withXmlBases(entryBase, entry.linkXmlBase === undefined ? [] : [entry.linkXmlBase])) ??
    (entry.guid && /^https?:\/\//i.test(entry.guid.trim()) ? absoluteHttpUrl(entry.guid, entryBase) : undefined);
  const urlKey = url ? normalisedArticleUrl(url) : undefined;
  if (!url || !urlKey) return { ok: false, reason: 'no link' };
  // Images against the entry's xml:base when the feed gives one; else against the article, where a page's own images live.
  const imageBase = xmlBases.length > 0 ? entryBase : url;
  const image = [...entry.images, firstImageIn(entry.html)].map((candidate) => secureImageUrl(absoluteHttpUrl(candidate, imageBase))).find((candidate) => candidate !== undefined) ?? PLACEHOLDER_IMAGE;
  const { date, dated } = publishDateOf(entry.published, context.now);
  return {
    ok: true,
    article: {
      title,
      excerpt: excerptOf(plainText(decodeCdata(entry.html ?? ''))),
      url,
      urlKey,
      image,
      category: mapNewsCategory(entry.categories, title, context.defaultCategory),
      source,
      publishDate: date,
      dated,
    },
  };
}

/**
 * A CDATA section that reached us as text (escaped once too often by its feed): its content. One never closed runs to
 * the end of the text and stays as written (see news/text.ts: one search for its end, not one per later opening).
 */
const decodeCdata = (text: string) => text.replace(/<!\[CDATA\[([\s\S]*?)(\]\]>|$)/g, (section, content: string, end: string) => (end === '' ? section : content));

/** The reasons articlesOfFeed gives for the entries it left out, at most. */
const MAX_SKIPPED_REASONS = 50;

/**
 * The first `MAX_ITEMS_PER_FEED` valid articles of a feed, each link once (a feed that repeats an item, or two items
 * whose links differ only by tracking parameters, gives one article), with the reasons the others were left out.
 */
export function articlesOfFeed(entries: readonly FeedEntry[], context: FeedContext): { articles: IngestedArticle[]; skipped: string[] } {
  const articles: IngestedArticle[] = [];
  // A reason per entry left out, up to a few: a 2 MB feed of empty items would otherwise give 160,000 of them to copy
  // back to the workers' thread.
  const skipped: string[] = [];
  const skip = (reason: string) => {
    if (skipped.length < MAX_SKIPPED_REASONS) skipped.push(reason);
  };
  const seen = new Set<string>();
  for (const entry of entries) {
    if (articles.length >= MAX_ITEMS_PER_FEED) break;
    const outcome = articleFromEntry(entry, context);
    if (!outcome.ok) {
      skip(outcome.reason);
      continue;
    }
    if (seen.has(outcome.article.urlKey)) {
      skip('duplicate');
      continue;
    }
    seen.add(outcome.article.urlKey);
    articles.push(outcome.article);
  }
  return { articles, skipped };
}
