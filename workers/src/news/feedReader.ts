import { isUtf8 } from 'node:buffer';
import Parser from 'rss-parser';
import { firstImageIn, xmlWithNumericEntities, type FeedEntry } from '@autobest/domain';
import { FeedUnavailable } from './feedHttp';

/**
 * The text of a feed's bytes. XML says its own encoding: a byte-order mark first, then the prolog's `encoding`
 * (ISO-8859-1, windows-1252, ... are common in older feeds), then the Content-Type charset. A feed that declares none
 * is UTF-8 when its bytes are, else windows-1252: older feeds often have no prolog, and their server no charset.
 * Decoded here with TextDecoder, because rss-parser reads strings and would take Latin-1 bytes for broken UTF-8.
 */
export function decodeFeed(body: Buffer, contentType: string | undefined): string {
  const declared = declaredEncodingOf(body, contentType);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared ?? (isUtf8(body) ? 'utf-8' : 'windows-1252'));
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // ISO-8859-1, US-ASCII and their aliases are read as windows-1252 (the Encoding Standard's rule: feeds that say
  // Latin-1 use its curly quotes and euro sign). Node 20's TextDecoder reads that label as plain Latin-1, so decoded here.
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(body) : decoder.decode(body);
}

/** What windows-1252 puts at 0x80-0x9F, where Latin-1 has control characters (undefined places stay as they are). */
const WINDOWS_1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8dŽ\x8f\x90‘’“”•–—˜™š›œ\x9džŸ';

function decodeWindows1252(body: Buffer): string {
  return body.toString('latin1').replace(/[\x80-\x9f]/g, (character) => WINDOWS_1252_HIGH[character.charCodeAt(0) - 0x80]!);
}

function declaredEncodingOf(body: Buffer, contentType: string | undefined): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  // '<?' in UTF-16 without a byte-order mark.
  if (body[0] === 0x3c && body[1] === 0x00 && body[2] === 0x3f && body[3] === 0x00) return 'utf-16le';
  if (body[0] === 0x00 && body[1] === 0x3c && body[2] === 0x00 && body[3] === 0x3f) return 'utf-16be';
  const prolog = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']/.exec(body.subarray(0, 300).toString('latin1'));
  if (prolog) return prolog[1]!.toLowerCase();
  const charset = /charset\s*=\s*"?([A-Za-z0-9._:-]{1,40})/i.exec(contentType ?? '');
  return charset?.[1]!.toLowerCase();
}

type XmlValue = string | { _?: string; $?: Record<string, string> } | undefined;
type MediaElement = { $?: { url?: string; medium?: string; type?: string }; 'media:content'?: MediaElement[]; 'media:thumbnail'?: MediaElement[] };

/** An element's attributes, as the XML parser under rss-parser keeps them. */
type Attributes = Record<string, string | undefined>;

interface ParsedItem {
  /** The entry's (item's) own attributes. */
  attributes?: Attributes;
  title?: XmlValue;
  link?: XmlValue;
  /** Every link element, attributes and all (`link` is the one rss-parser chose). */
  links?: XmlValue[];
  guid?: XmlValue;
  id?: XmlValue;
  isoDate?: string;
  pubDate?: string;
  date?: string;
  content?: string;
  summary?: string;
  'content:encoded'?: string;
  enclosure?: { url?: string; type?: string };
  rawCategories?: XmlValue[];
  mediaContent?: MediaElement[];
  mediaThumbnail?: MediaElement[];
  mediaGroup?: MediaElement;
}

interface ParsedFeed {
  /** The Atom feed's, or the RSS channel's, own attributes. */
  attributes?: Attributes;
}

/**
 * rss-parser drops xml:base (XML Base, which Atom relies on: RFC 4287 section 2). The parser under it keeps an
 * element's attributes under `$`, and a custom field copies what it names, so naming `$` (the whole of it, `keepArray`)
 * keeps the feed's and each entry's attributes; the link elements come whole too. RSS without a version is read as 2.0,
 * as every reader does.
 */
const OWN_ATTRIBUTES = ['$', 'attributes', { keepArray: true }];
const parser = new Parser<ParsedFeed, ParsedItem>({
  defaultRSS: 2,
  customFields: {
    // Typed as plain names, which copy an element's first child of that name: `$` is not an element.
    feed: [OWN_ATTRIBUTES as unknown as keyof ParsedFeed],
    item: [
      OWN_ATTRIBUTES,
      ['link', 'links', { keepArray: true }],
      ['category', 'rawCategories', { keepArray: true }],
      ['media:content', 'mediaContent', { keepArray: true }],
      ['media:thumbnail', 'mediaThumbnail', { keepArray: true }],
      ['media:group', 'mediaGroup'],
    ],
  },
});

const textOf = (value: XmlValue): string | undefined => (typeof value === 'string' ? value : value?._);

const xmlBaseOf = (attributes: Attributes | undefined) => attributes?.['xml:base'];

/** The xml:base of the link element rss-parser chose: Atom's `<link href>`, or RSS's `<link>text</link>`. */
function linkXmlBaseOf(item: ParsedItem): string | undefined {
  const link = textOf(item.link);
  const chosen = item.links?.find((element) => typeof element === 'object' && (element.$?.['href'] ?? element._) === link);
  return typeof chosen === 'object' ? xmlBaseOf(chosen.$) : undefined;
}

/** RSS `<category>text</category>` and Atom `<category term="" label=""/>` alike. */
const categoriesOf = (values: readonly XmlValue[] | undefined): string[] =>
  (values ?? []).map((value) => (typeof value === 'string' ? value : (value?._ ?? value?.$?.['label'] ?? value?.$?.['term'] ?? ''))).filter((label) => label.trim() !== '');

const isImage = (element: MediaElement) => {
  const { medium, type, url } = element.$ ?? {};
  if (medium) return medium === 'image';
  if (type) return type.startsWith('image/');
  return url !== undefined && /\.(jpe?g|png|gif|webp|avif)(\?|$)/i.test(url);
};

function imagesOf(item: ParsedItem): string[] {
  const media = [...(item.mediaContent ?? []), ...(item.mediaGroup?.['media:content'] ?? [])].filter(isImage);
  const thumbnails = [...(item.mediaThumbnail ?? []), ...(item.mediaGroup?.['media:thumbnail'] ?? [])];
  const enclosure = item.enclosure?.url && (item.enclosure.type ? item.enclosure.type.startsWith('image/') : isImage({ $: { url: item.enclosure.url } })) ? [item.enclosure.url] : [];
  return [...enclosure, ...media.map((element) => element.$?.url), ...thumbnails.map((element) => element.$?.url)].filter((url): url is string => typeof url === 'string');
}

/**
 * An HTML page, perhaps after white space and comments. `^\s*(<!--[\s\S]*?-->\s*)*(...)` split a run of comments
 * every way it could (each may end at any later `-->`), exponentially many: 40 empty comments never finished. Any run
 * of comments reads as one comment holding the rest, so one optional comment accepts exactly the same texts, and its
 * end is tried once at each `-->`.
 */
const looksLikeHtmlPage = (text: string) => /^\s*(?:<!--[\s\S]*?-->\s*)?(?:<!doctype\s+html|<html[\s>])/i.test(text);

/** Every entry of an RSS 2.0, RSS 1.0 (RDF) or Atom 1.0 feed, in the feed's order, in one shape. */
export async function readFeedEntries(text: string): Promise<FeedEntry[]> {
  if (looksLikeHtmlPage(text)) throw new FeedUnavailable('The address gives an HTML page, not a feed');
  let feed: Awaited<ReturnType<typeof parser.parseString>>;
  try {
    feed = await parser.parseString(xmlWithNumericEntities(text));
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0]!.slice(0, 200);
    throw new FeedUnavailable(/not recognized/i.test(reason) ? 'The address gives XML that is not an RSS or Atom feed' : `The feed is not readable XML: ${reason}`);
  }
  const feedBase = xmlBaseOf(feed.attributes);
  return feed.items.map((item) => ({
    title: textOf(item.title),
    link: textOf(item.link),
    xmlBases: [feedBase, xmlBaseOf(item.attributes)].filter((base): base is string => base !== undefined),
    linkXmlBase: linkXmlBaseOf(item),
    guid: textOf(item.guid) ?? textOf(item.id),
    published: item.isoDate ?? item.pubDate ?? item.date,
    categories: categoriesOf(item.rawCategories),
    // The description is the summary an excerpt wants; the full body (content:encoded) may hold the only picture.
    // rss-parser gives an element holding unescaped markup as an object, not text: such a field has no text to read.
    html: textOf(item.content) || textOf(item.summary) || textOf(item['content:encoded']),
    images: [...imagesOf(item), firstImageIn(textOf(item['content:encoded']))].filter((url): url is string => url !== undefined),
  }));
}
