import { articlesOfFeed, type FeedContext, type IngestedArticle } from '@autobest/domain/news';
import { decodeFeed, readFeedEntries } from './feedReader';

/** A feed's bytes as they were downloaded, and where they came from. */
export interface FeedToParse {
  body: Uint8Array;
  contentType: string | undefined;
  context: FeedContext;
}

export interface ParsedFeed {
  articles: IngestedArticle[];
  /** Why each entry left out was left out. */
  skipped: string[];
}

/**
 * Everything done with a feed's text, from its bytes to the articles kept: decoding, the HTML check, the XML, the
 * cleaning of titles and excerpts, the images. It runs in a feed parser's thread (feedParsers.ts), never on the
 * workers' own: it reads text from outside, and parsers' costs are not all ours to bound.
 */
export async function parseFeed({ body, contentType, context }: FeedToParse): Promise<ParsedFeed> {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return articlesOfFeed(await readFeedEntries(decodeFeed(bytes, contentType)), context);
}
