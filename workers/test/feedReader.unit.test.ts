import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFeedEntries } from '../src/news/feedReader';

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
