import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/*
 * A local web server with feeds of every shape met in the wild, for tests and the news benchmark: RSS 2.0, RSS 1.0
 * (RDF), Atom 1.0, a feed declared ISO-8859-1 and one windows-1252 in the prolog, CDATA with HTML and entities,
 * relative links, items without a date or a link, duplicates, a 5 MB feed, an HTML page, a 404, a timeout, redirects,
 * conditional GET (ETag and Last-Modified, 304), gzip, a decompression bomb, a feed that fails until told to recover and
 * one that takes the parser minutes.
 */

const RSS2 = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
  <title>Fixture Motoring</title>
  <link>https://motoring.example/</link>
  <description>Car news</description>
  <item>
    <title>Toyota &amp; Suzuki extend their partnership in Africa</title>
    <link>https://motoring.example/news/toyota-suzuki?utm_source=rss&amp;utm_medium=feed</link>
    <guid isPermaLink="false">toyota-suzuki-2025</guid>
    <pubDate>Mon, 03 Mar 2025 08:30:00 +0000</pubDate>
    <category>Partnerships</category>
    <description><![CDATA[<p>The two carmakers will build <b>more models</b> together &mdash; starting in South Africa.</p><script>alert('x')</script>]]></description>
    <enclosure url="https://cdn.motoring.example/toyota-suzuki.jpg" type="image/jpeg" length="12345"/>
  </item>
  <item>
    <title>BYD sales rise 40% in Kenya</title>
    <link>https://motoring.example/news/byd-kenya-sales</link>
    <pubDate>Sun, 02 Mar 2025 10:00:00 +0000</pubDate>
    <category><![CDATA[Sales figures]]></category>
    <description>Registrations of electric cars climbed again in February.</description>
    <media:content url="https://cdn.motoring.example/byd.jpg" medium="image"/>
  </item>
  <item>
    <title>New Haval H6 reviewed</title>
    <link>https://motoring.example/reviews/haval-h6</link>
    <pubDate>Sat, 01 Mar 2025 09:00:00 GMT</pubDate>
    <description>A long drive in the new Haval H6.</description>
    <media:thumbnail url="https://cdn.motoring.example/haval-thumb.jpg"/>
  </item>
</channel>
</rss>`;

const RSS1 = `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://rdf.example/">
    <title>RDF Autos</title>
    <link>https://rdf.example/</link>
    <description>RSS 1.0 feed</description>
    <items><rdf:Seq><rdf:li rdf:resource="https://rdf.example/a"/><rdf:li rdf:resource="https://rdf.example/b"/></rdf:Seq></items>
  </channel>
  <item rdf:about="https://rdf.example/a">
    <title>Nissan opens a plant in Nigeria</title>
    <link>https://rdf.example/a</link>
    <description>Assembly of the Almera starts in Lagos.</description>
    <dc:date>2025-02-20T12:00:00Z</dc:date>
    <dc:subject>Investment</dc:subject>
  </item>
  <item rdf:about="https://rdf.example/b">
    <title>Ghana motor show dates announced</title>
    <link>https://rdf.example/b</link>
    <description>The Accra motor show returns in May.</description>
    <dc:date>2025-02-19T12:00:00Z</dc:date>
  </item>
</rdf:RDF>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Atom Cars</title>
  <link href="/" rel="alternate"/>
  <link href="/atom.xml" rel="self"/>
  <id>urn:atom-cars</id>
  <updated>2025-02-28T10:00:00Z</updated>
  <entry>
    <title type="html">Kia &lt;em&gt;EV3&lt;/em&gt; arrives in Morocco</title>
    <link rel="alternate" href="/posts/kia-ev3-morocco"/>
    <id>urn:atom-cars:kia-ev3</id>
    <published>2025-02-28T09:00:00Z</published>
    <updated>2025-02-28T10:00:00Z</updated>
    <category term="market-entry" label="Market Entry"/>
    <summary type="html">&lt;p&gt;The compact electric SUV goes on sale in Casablanca.&lt;/p&gt;&lt;img src="/img/ev3.jpg"&gt;</summary>
  </entry>
  <entry>
    <title>Chery Tiggo 4 wins an award</title>
    <link href="https://atom.example/posts/tiggo4-award"/>
    <id>urn:atom-cars:tiggo4</id>
    <updated>2025-02-27T09:00:00Z</updated>
    <content type="html">&lt;p&gt;Best value SUV of the year.&lt;/p&gt;</content>
  </entry>
</feed>`;

/** A feed in Latin-1: "à", "é", "ç" are one byte each, which UTF-8 would read as broken characters. */
const LATIN1 = Buffer.from(
  `<?xml version="1.0" encoding="ISO-8859-1"?>
<rss version="2.0"><channel><title>Auto Français</title><link>https://auto.example/</link><description>Actualités</description>
<item><title>Peugeot à Dakar : l'été des ventes</title><link>https://auto.example/peugeot-dakar</link><pubDate>Tue, 25 Feb 2025 08:00:00 +0000</pubDate>
<description>Le marché sénégalais progresse ; la 208 reste reine à 12 000 000 francs CFA.</description></item>
</channel></rss>`,
  'latin1',
);

/** windows-1252: curly quotes (0x92, 0x93, 0x94) and the euro sign (0x80), which ISO-8859-1 has no place for. */
const WINDOWS_1252 = Buffer.concat([
  Buffer.from(
    `<?xml version="1.0" encoding="windows-1252"?>
<rss version="2.0"><channel><title>Quotes</title><link>https://quotes.example/</link><description>x</description>
<item><title>Renault`,
    'latin1',
  ),
  Buffer.from([0x92]),
  Buffer.from('s new Duster costs ', 'latin1'),
  Buffer.from([0x80]),
  Buffer.from(
    `20,000</title><link>https://quotes.example/duster</link><pubDate>Mon, 24 Feb 2025 08:00:00 +0000</pubDate><description>It is `,
    'latin1',
  ),
  Buffer.from([0x93]),
  Buffer.from('rugged', 'latin1'),
  Buffer.from([0x94]),
  Buffer.from('.</description></item></channel></rss>', 'latin1'),
]);

/**
 * XML Base (RFC 4287 section 2): the feed's xml:base is read against the feed's address, an entry's against the
 * feed's, a link element's against its entry's; an absolute one replaces what is around it. Images too.
 */
const XML_BASE = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:base="/magazine/">
  <title>Base Motors</title>
  <id>urn:base-motors</id>
  <updated>2025-03-01T10:00:00Z</updated>
  <entry>
    <title>Feed base only</title>
    <link href="2025/feed-base"/>
    <id>urn:base-motors:1</id>
    <published>2025-03-01T09:00:00Z</published>
    <summary type="html">&lt;p&gt;Under the feed's base.&lt;/p&gt;&lt;img src="img/feed-base.jpg"&gt;</summary>
  </entry>
  <entry xml:base="archive/">
    <title>Entry base and link base</title>
    <link href="story" xml:base="2024/"/>
    <id>urn:base-motors:2</id>
    <published>2025-02-28T09:00:00Z</published>
    <media:content url="pictures/entry-base.jpg" medium="image"/>
    <summary>Under the entry's base, itself under the feed's.</summary>
  </entry>
  <entry xml:base="https://elsewhere.example/cars/">
    <title>Absolute entry base</title>
    <link href="elsewhere"/>
    <id>urn:base-motors:3</id>
    <published>2025-02-27T09:00:00Z</published>
    <summary>Somewhere else entirely.</summary>
  </entry>
</feed>`;

/**
 * windows-1252 with no prolog, served twice: once with the charset in Content-Type (the server says), once with none
 * (the bytes, which are not UTF-8, say).
 */
const windows1252NoProlog = (story: string) => Buffer.concat([
  Buffer.from('<rss version="2.0"><channel><title>Legacy</title><link>https://legacy.example/</link><description>x</description>\n<item><title>Citro', 'latin1'),
  Buffer.from([0xeb]),
  Buffer.from('n C3 Aircross ', 'latin1'),
  Buffer.from([0x96]),
  Buffer.from(' ', 'latin1'),
  Buffer.from([0x80]),
  Buffer.from(`14,500</title><link>https://legacy.example/${story}</link><pubDate>Sat, 01 Mar 2025 08:00:00 +0000</pubDate><description>Caf`, 'latin1'),
  Buffer.from([0xe9]),
  Buffer.from(' racer.</description></item></channel></rss>', 'latin1'),
]);

/** `<rss>` without a version, which rss-parser reads as RSS 2.0. */
const RSS_NO_VERSION = `<?xml version="1.0" encoding="UTF-8"?>
<rss><channel><title>Versionless</title><link>https://versionless.example/</link><description>x</description>
<item><title>An RSS feed that names no version</title><link>https://versionless.example/story</link><pubDate>Sat, 01 Mar 2025 08:00:00 +0000</pubDate><description>Read all the same.</description></item>
</channel></rss>`;

const CDATA = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>CDATA News</title><link>https://cdata.example/</link><description>x</description>
<item>
  <title><![CDATA[Mahindra&#8217;s <b>new</b> pickup &amp; its rivals]]></title>
  <link><![CDATA[https://cdata.example/story?id=7&ref=home]]></link>
  <pubDate>Fri, 21 Feb 2025 08:00:00 +0000</pubDate>
  <description><![CDATA[<div class="lead"><p>Priced from R&nbsp;400&nbsp;000, the Scorpio&nbsp;N pickup&hellip;</p><style>p{color:red}</style><!-- ad --><iframe src="https://ads.example/"></iframe><p>It&rsquo;s built for <a href="/tags/farms">farms</a> &lt;and&gt; towns.</p></div>]]></description>
</item>
<item>
  <title>Undeclared &nbsp;entity&rsquo;s fine — and a bare & too</title>
  <link>https://cdata.example/entities</link>
  <pubDate>Thu, 20 Feb 2025 08:00:00 +0000</pubDate>
  <description>Text &copy; 2025 &bull; all rights</description>
</item>
</channel></rss>`;

const RELATIVE = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Relative</title><link>/</link><description>x</description>
<item><title>Relative link and image</title><link>/articles/relative-story</link><pubDate>Wed, 19 Feb 2025 08:00:00 +0000</pubDate>
<description><![CDATA[<p>Body</p><img src="../images/relative.png">]]></description></item>
<item><title>A javascript: link is no link</title><link>javascript:alert(1)</link><pubDate>Wed, 19 Feb 2025 07:00:00 +0000</pubDate><description>x</description></item>
</channel></rss>`;

const UNDATED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Undated</title><link>https://undated.example/</link><description>x</description>
<item><title>No date on this one</title><link>https://undated.example/no-date</link><description>When was it? Nobody knows.</description></item>
<item><title>No link, but a permalink guid</title><guid isPermaLink="true">https://undated.example/guid-only</guid><pubDate>Tue, 18 Feb 2025 08:00:00 +0000</pubDate></item>
<item><title>No link and no permalink</title><guid isPermaLink="false">abc-123</guid><description>Left out</description></item>
<item><link>https://undated.example/no-title</link><description>No title: left out</description></item>
<item><title>Date that is not a date</title><link>https://undated.example/bad-date</link><pubDate>sometime last week</pubDate></item>
</channel></rss>`;

const DUPLICATES = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Dupes</title><link>https://dupes.example/</link><description>x</description>
<item><title>Same story</title><link>https://dupes.example/story</link><pubDate>Mon, 17 Feb 2025 08:00:00 +0000</pubDate></item>
<item><title>Same story</title><link>https://dupes.example/story</link><pubDate>Mon, 17 Feb 2025 08:00:00 +0000</pubDate></item>
<item><title>Same story, tracked</title><link>https://www.dupes.example/story/?utm_campaign=x#comments</link><pubDate>Mon, 17 Feb 2025 08:00:00 +0000</pubDate></item>
<item><title>Another story</title><link>https://dupes.example/other</link><pubDate>Sun, 16 Feb 2025 08:00:00 +0000</pubDate></item>
</channel></rss>`;

const HTML_PAGE = `<!DOCTYPE html>
<html><head><title>Motoring — home</title></head><body><h1>Welcome</h1><p>Our feed moved.</p></body></html>`;

/** An RSS 2.0 feed of `count` items, each dated an hour apart, for the benchmark and the 10-item limit. */
function generatedFeed(name: string, count: number, { base = `https://${name}.example`, padding = 0 } = {}): string {
  const start = Date.UTC(2025, 0, 31, 12);
  const items = Array.from({ length: count }, (_, index) => {
    const date = new Date(start - index * 3_600_000).toUTCString();
    return `<item><title>${name} story ${index + 1}</title><link>${base}/story-${index + 1}</link><pubDate>${date}</pubDate><category>Industry</category><description><![CDATA[<p>Story ${index + 1} of ${name}. ${'Filler text. '.repeat(padding)}</p>]]></description></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>${name}</title><link>${base}/</link><description>Generated</description>${items.join('\n')}</channel></rss>`;
}

/** About 5 MB of feed: 40 items with long descriptions. */
const BIG = generatedFeed('big', 40, { padding: 10_000 });

/**
 * A valid feed of 1.6 MB that is costly for the parser itself, whatever our own patterns do: rss-parser makes every
 * item's contentSnippet with its own `/<(?:.|\n)*?>/gm` (stripHtml in its lib/utils.js), which from each '<' reads on
 * to the end of the text when no '>' follows. The description holds 400,000 escaped '<': quadratic, minutes of CPU
 * (40,000 of them take 4.7 s here). Issue 36 makes our patterns linear; this one is the library's, which is why the
 * reading runs in a thread with a budget (workers/src/news/feedParsers.ts).
 */
/**
 * Markup written into a feed unescaped, as careless feeds do: rss-parser gives such an element as an object, not text.
 * The first item's picture is only in its unescaped content:encoded.
 */
const UNESCAPED_MARKUP = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
  <title>Careless Motoring</title>
  <link>https://careless.example/</link>
  <description>Car news</description>
  <item>
    <title>Chery opens a plant in Lagos</title>
    <link>https://careless.example/news/chery-lagos</link>
    <pubDate>Mon, 03 Mar 2025 08:30:00 +0000</pubDate>
    <description>The plant will assemble SUVs.</description>
    <content:encoded><p>The plant <b>will</b> assemble SUVs.</p><img src="https://cdn.careless.example/chery.jpg"/></content:encoded>
  </item>
  <item>
    <title>GAC prices cut in Ghana</title>
    <link>https://careless.example/news/gac-ghana</link>
    <pubDate>Sun, 02 Mar 2025 10:00:00 +0000</pubDate>
    <description><p>Prices fell <b>8%</b>.</p></description>
  </item>
</channel>
</rss>`;

const HOSTILE = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Hostile</title><link>https://hostile.example/</link><description>Costly to parse</description>
<item><title>Looks like news</title><link>https://hostile.example/news</link><description>${'&lt;'.repeat(400_000)}</description></item>
</channel></rss>`;

export interface FeedFixtures {
  /** http://127.0.0.1:{port} */
  base: string;
  url(path: string): string;
  /** Requests per path, and the conditional ones answered 304. */
  hits: Map<string, number>;
  notModified: number;
  /** The last request's headers per path. */
  lastHeaders: Map<string, IncomingMessage['headers']>;
  /** /flaky.xml answers 500 until this is true. */
  flaky: { up: boolean };
  /** Feeds served at /generated/{name}.xml with `count` items (the benchmark's). */
  addGenerated(name: string, count: number): void;
  close(): Promise<void>;
}

export async function startFeedFixtures(): Promise<FeedFixtures> {
  const hits = new Map<string, number>();
  const lastHeaders = new Map<string, IncomingMessage['headers']>();
  const flaky = { up: false };
  const generated = new Map<string, string>();
  const open = new Set<ServerResponse>();
  let notModified = 0;
  const etag = '"fixture-v1"';
  const lastModified = 'Mon, 03 Mar 2025 08:30:00 GMT';

  const xml = (response: ServerResponse, body: string | Buffer, type = 'application/rss+xml; charset=utf-8') => response.writeHead(200, { 'content-type': type }).end(body);

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    lastHeaders.set(path, request.headers);
    switch (path) {
      case '/rss2.xml':
        return xml(response, RSS2);
      case '/rss1.rdf':
        return xml(response, RSS1, 'application/rdf+xml');
      case '/atom.xml':
        return xml(response, ATOM, 'application/atom+xml');
      case '/latin1.xml':
        // The header says nothing (as many servers do): the prolog decides.
        return xml(response, LATIN1, 'text/xml');
      case '/windows-1252.xml':
        return xml(response, WINDOWS_1252, 'application/xml');
      case '/xml-base/feed.xml':
        return xml(response, XML_BASE, 'application/atom+xml');
      case '/legacy/charset.xml':
        return xml(response, windows1252NoProlog('told'), 'application/rss+xml; charset=windows-1252');
      case '/legacy/undeclared.xml':
        return xml(response, windows1252NoProlog('sniffed'), 'application/rss+xml');
      case '/no-version.xml':
        return xml(response, RSS_NO_VERSION);
      case '/cdata.xml':
        return xml(response, CDATA);
      case '/relative/feed.xml':
        return xml(response, RELATIVE);
      case '/undated.xml':
        return xml(response, UNDATED);
      case '/duplicates.xml':
        return xml(response, DUPLICATES);
      case '/fifteen.xml':
        return xml(response, generatedFeed('fifteen', 15));
      case '/big.xml':
        return xml(response, BIG);
      case '/hostile.xml':
        return xml(response, HOSTILE);
      case '/unescaped-markup.xml':
        return xml(response, UNESCAPED_MARKUP);
      case '/page.html':
        return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HTML_PAGE);
      case '/not-xml.xml':
        return xml(response, '<?xml version="1.0"?><catalog><book>Not a feed</book></catalog>');
      case '/slow.xml':
        // Never answers: the reader's timeout must end it.
        open.add(response);
        return;
      case '/redirect':
        return response.writeHead(301, { location: '/rss2.xml' }).end();
      case '/redirect-relative-twice':
        return response.writeHead(302, { location: '/redirect' }).end();
      case '/redirect-loop':
        return response.writeHead(302, { location: '/redirect-loop' }).end();
      case '/redirect-to-file':
        return response.writeHead(302, { location: 'file:///etc/passwd' }).end();
      case '/conditional.xml': {
        if (request.headers['if-none-match'] === etag || request.headers['if-modified-since'] === lastModified) {
          notModified++;
          return response.writeHead(304, { etag, 'last-modified': lastModified }).end();
        }
        return response.writeHead(200, { 'content-type': 'application/rss+xml', etag, 'last-modified': lastModified }).end(RSS2);
      }
      case '/gzip.xml':
        return response.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' }).end(gzipSync(RSS1));
      case '/bomb.xml':
        // 50 MB of spaces in a few kilobytes.
        return response.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(50 * 1024 * 1024, ' ')));
      case '/flaky.xml':
        return flaky.up ? xml(response, generatedFeed('flaky', 3)) : response.writeHead(500).end('Internal Server Error');
      case '/too-many-requests.xml':
        return response.writeHead(429, { 'retry-after': '7200' }).end();
      default: {
        const name = /^\/generated\/([\w-]+)\.xml$/.exec(path)?.[1];
        const feed = name ? generated.get(name) : undefined;
        if (feed) return xml(response, feed);
        return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    url: (path) => `${base}${path}`,
    hits,
    get notModified() {
      return notModified;
    },
    lastHeaders,
    flaky,
    addGenerated: (name, count) => void generated.set(name, generatedFeed(name, count, { base: `https://${name}.example` })),
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
