import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFeed, readFeedEntries } from '../src/news/feedReader';

const HTML_PAGE = 'The address gives an HTML page, not a feed';
/** The sniff the rewrite replaces (issue 36): right, but exponential in a run of comments. */
const wasHtmlPage = (text: string) => /^\s*(<!--[\s\S]*?-->\s*)*(<!doctype\s+html|<html[\s>])/i.test(text);
/**
 * Whether the text is refused as an HTML page, which happens before any parsing: not waiting for the parser, which on
 * some broken XML (`<!-->a-->`) never answers at all.
 */
const refusedAsHtml = (text: string) =>
  Promise.race([readFeedEntries(text).then(() => false, (error: Error) => error.message === HTML_PAGE), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);

const RSS = '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><item><title>One</title><link>https://news.example/1</link></item></channel></rss>';

describe('telling an HTML page from a feed', () => {
  it('reads a feed that opens with forty comments (the old sniff never finished) and refuses such a page', async () => {
    const comments = '<!---->\n'.repeat(40);
    expect(await readFeedEntries(`${comments}${RSS.replace('<?xml version="1.0"?>', '')}`)).toMatchObject([{ title: 'One' }]);
    await expect(readFeedEntries(`${comments}<!doctype html><html><body>Hi</body></html>`)).rejects.toThrow(HTML_PAGE);
  });

  it('refuses exactly the texts the old sniff refused', async () => {
    const pieces = ['<!--', '-->', '<!---->', '-', '>', ' ', '\n', 'a', '<!doctype', '<!DOCTYPE ', ' html', 'html', '<html', '<HTML>', '<html ', '<rss>'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join('')), async (text) => {
        expect(await refusedAsHtml(text), text).toBe(wasHtmlPage(text));
      }),
      { numRuns: 1000, seed: 36 },
    );
    // A comment that seems to end early: the old sniff let any later '-->' end it.
    for (const text of ['<!-- a --> b --><html>', '<!-- a --><!-- b --> <!doctype html>', '<!--><html>', '<!---><html>']) expect(await refusedAsHtml(text), text).toBe(wasHtmlPage(text));
  });
});

describe('what rss-parser reads is not refused before it', () => {
  it('decodes by the byte-order mark, the prolog, the server, else the bytes: UTF-8 when they are, windows-1252 when not', () => {
    const cafe1252 = Buffer.from('<rss><channel><title>Caf\xe9 \x80</title></channel></rss>', 'latin1');
    expect(decodeFeed(cafe1252, 'application/rss+xml')).toContain('<title>Café €</title>');
    expect(decodeFeed(Buffer.from('<rss><channel><title>Café €</title></channel></rss>'), undefined)).toContain('<title>Café €</title>');
    // What is declared decides, right or wrong: a feed that says UTF-8 and is not shows replacement characters.
    expect(decodeFeed(cafe1252, 'text/xml; charset=utf-8')).toContain('<title>Caf\ufffd \ufffd</title>');
    expect(decodeFeed(Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>'), cafe1252]), 'text/xml; charset=utf-8')).toContain('<title>Café €</title>');
  });

  it('reads <rss> without a version as RSS 2.0, and keeps the xml:base of the channel, the item and the link element', async () => {
    const feed = '<rss><channel xml:base="https://base.example/"><title>T</title><item xml:base="news/"><title>One</title><link xml:base="2025/">one</link></item></channel></rss>';
    expect(await readFeedEntries(feed)).toEqual([expect.objectContaining({ title: 'One', link: 'one', xmlBases: ['https://base.example/', 'news/'], linkXmlBase: '2025/' })]);
  });

  it("never expands a DOCTYPE's entities: a billion laughs and an external entity stay text", async () => {
    const laughs = Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`).join('');
    const feed = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol0 "lol">${laughs}<!ENTITY secret SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>T</title><item><title>&lol9; &secret;</title><link>https://x.example/a</link></item></channel></rss>`;
    expect(await readFeedEntries(feed)).toEqual([expect.objectContaining({ title: '&lol9; &secret;' })]);
  });
});
