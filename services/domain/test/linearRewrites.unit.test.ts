import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  articleFromEntry,
  attemptedEmail,
  ContactMessageInputSchema,
  EMAIL_PATTERN,
  EnquiryInputSchema,
  evRangeKmOf,
  excerptOf,
  firstImageIn,
  plainText,
  QuoteRequestInputSchema,
  ReservationSchema,
  ReviewVideoInputSchema,
  NewsSourceInputSchema,
  SellCarFieldsSchema,
  TradeInFieldsSchema,
  xmlWithNumericEntities,
} from '@autobest/domain';

/**
 * The patterns over outside text were rewritten to run in linear time (issue 36; test/security/linearPatterns.unit.test.ts
 * holds them to it). The models are the patterns they replace, slow only on hostile text: on thousands of generated
 * texts made of the pieces those patterns look for, each rewrite must decide exactly as its model.
 */
const model = {
  email: (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  attemptedEmail: (typed: string) => {
    const email = typed.trim().toLowerCase();
    return email.length <= 254 && /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(email) ? email : null;
  },
  plainTextTags: (markup: string) =>
    markup
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style|noscript|iframe|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|figure|figcaption|table|tr|td|th|section|article|header|footer)\b[^>]*>/gi, ' ')
      .replace(/<\/?[a-z!?][^>]*>/gi, '')
      .replace(/<[a-z/!?][^>]*$/i, ''),
  /** With the two named references the generated texts hold. */
  xmlWithNumericEntities: (xml: string) =>
    xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>|&(#\d{1,7};|#x[0-9a-f]{1,6};|([a-z][a-z0-9]{0,31});)?/gi, (match, reference: string | undefined, name: string | undefined) => {
      if (match.startsWith('<![CDATA[')) return match;
      if (reference === undefined) return '&amp;';
      if (name === undefined || ['amp', 'lt', 'gt', 'quot', 'apos'].includes(name)) return match;
      const character = ({ nbsp: '\u00a0', shy: '' } as Record<string, string>)[name];
      if (character === undefined) return `&amp;${name};`;
      return character === '' ? '' : `&#${character.codePointAt(0)};`;
    }),
  firstImageIn: (html: string) => {
    const match = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s>]+))/i.exec(html);
    return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
  },
  decodeCdata: (text: string) => text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1'),
  evRangeKm: (text: string) => /(\d[\d,.]*)\s*(km|kilomet|mi)/i.exec(text)?.slice(1),
};

/** Texts made of the pieces the patterns look for, so that most of them are near misses. */
const textOf = (pieces: readonly string[], maxLength = 24) => fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(''));
const MARKUP = [
  '<', '>', '/', '!', '?', '-', '--', '<!--', '-->', '<!---->', ' ', '\n', 'a', 'B', '<p', '<P>', '</p>', 'p', 'pre', '<br/>', '<h1>', 'h1', '<div ',
  '<script', '<SCRIPT>', '</script>', '</script >', 'script', '<style>', '</STYLE>', '<iframe>', '</iframe', 'template', '<img', '<IMG ', 'img',
  ' src', 'SRC', '=', ' = ', '"', "'", 'x.jpg', '<![CDATA[', ']]>', ']', '&', '&amp;', '&nbsp;', '&shy;', '&#38;', '&#x26;', ';', '&unknown;',
];

const run = (property: fc.IProperty<[string]>) => fc.assert(property, { numRuns: 3000, seed: 36 });

describe('the linear rewrites decide as the patterns they replace', () => {
  it('EMAIL_PATTERN accepts exactly the emails the spec pattern accepts', () => {
    run(fc.property(textOf(['a', 'b', '.', '@', ' ', '\t', '-'], 12), (text) => {
        expect(EMAIL_PATTERN.test(text), text).toBe(model.email(text));
      }),
    );
    for (const email of ['a@b.c', 'a@.b.c', 'a@b..', 'a@.b', 'a@b.', '.a@b.c', 'a.b@c.d.e', 'a@b@c.d', 'a@b .c']) expect(EMAIL_PATTERN.test(email), email).toBe(model.email(email));
  });

  it('a failed sign-in keeps exactly the emails it kept', () => {
    run(fc.property(textOf(['a', 'B', '.', '@', ' ', 'c'], 14), (text) => {
        expect(attemptedEmail(text), text).toBe(model.attemptedEmail(text));
      }),
    );
    for (const email of ['a@b.cd', 'a@.b.cd', 'a@b.c', 'a@b.c.d', 'a@b..cd', `${'a'.repeat(65)}@b.cd`]) expect(attemptedEmail(email), email).toBe(model.attemptedEmail(email));
  });

  it('feed text as plain text: tags, comments, scripts and cut-off tags go as before', () => {
    // The rest of plainText, which the rewrite left as it was, finishes the model's text; a '<' the model left is given
    // to it as '&lt;', which only that rest reads (and turns back into '<').
    const before = (markup: string) => plainText(model.plainTextTags(markup).replaceAll('<', '&lt;'));
    run(fc.property(textOf(MARKUP), (markup) => {
        expect(plainText(markup), markup).toBe(before(markup));
      }),
    );
    // Where finding no end differs from searching for one: a script left open before a style that closes, elements
    // inside each other, comments and tags never closed, '<' in an attribute.
    for (const markup of ['<style> a <script>x</script> b', '<script> <style> </script> </style> c', 'a <!-- b', 'a <p b', 'a <b <p> c', '<span title="<p>">x</span>', '<<b>b>'])
      expect(plainText(markup), markup).toBe(before(markup));
  });

  it("a feed's XML: CDATA kept, bare '&' escaped, as before", () => {
    run(fc.property(textOf(MARKUP), (xml) => {
        expect(xmlWithNumericEntities(xml), xml).toBe(model.xmlWithNumericEntities(xml));
      }),
    );
    for (const xml of ['a & <![CDATA[ & b &nbsp; c', '<![CDATA[ <![CDATA[ & ]]> &', '&nbsp;<![CDATA[&nbsp;'])
      expect(xmlWithNumericEntities(xml), xml).toBe(model.xmlWithNumericEntities(xml));
  });

  it("an item's first <img src> is the same one", () => {
    run(fc.property(textOf(MARKUP), (html) => {
        expect(firstImageIn(html), html).toBe(model.firstImageIn(html));
      }),
    );
    for (const html of ['<img alt="a>b" src="x.jpg">', '<img src="a>b.jpg">', '<img <img src=x>', '<img src= > <img src=y>', "<IMG\nSRC = 'z.png'", '<img src=""x>'])
      expect(firstImageIn(html), html).toBe(model.firstImageIn(html));
  });

  it('a CDATA section that reached us as text is opened as before', () => {
    const context = { feedUrl: 'https://feeds.example/rss.xml', sourceName: 'Example', defaultCategory: 'Industry News' as const, now: new Date('2026-11-28T12:00:00Z') };
    run(
      fc.property(textOf(MARKUP), (text) => {
        const read = articleFromEntry({ title: `T ${text}`, link: 'https://news.example/1', html: text, categories: [], images: [] }, context);
        expect(read.ok && { title: read.article.title, excerpt: read.article.excerpt }, text).toEqual({
          title: excerptOf(plainText(model.decodeCdata(`T ${text}`)), 300),
          excerpt: excerptOf(plainText(model.decodeCdata(text))),
        });
      }),
    );
  });

  it('a driving range is read from the same number', () => {
    run(
      fc.property(textOf(['1', '0', ',', '.', ' ', 'km', 'KM', 'kilometres', 'mi', 'miles', 'x', '-'], 12), (text) => {
        const before = model.evRangeKm(text);
        const range = evRangeKmOf(text);
        if (!before) expect(range, text).toBeNull();
        else {
          const value = Number(before[0]!.replace(/,/g, ''));
          const km = Math.round(/^mi/i.test(before[1]!) ? value * 1.609344 : value);
          expect(range, text).toBe(Number.isFinite(value) && value > 0 && km <= 2000 ? km : null);
        }
      }),
    );
  });
});

describe('a length check comes first and ends the field', () => {
  // Too long, and every later rule of an email, a phone or a name would refuse it too: only the length may answer.
  const hostile = `a@${'.'.repeat(70_000)}@\n-`;
  it.each([
    ['contact message', ContactMessageInputSchema, ['firstName', 'lastName', 'email', 'phone', 'message']],
    ['enquiry', EnquiryInputSchema, ['fullName', 'phone', 'email', 'subject', 'message']],
    ['quote request', QuoteRequestInputSchema, ['fullName', 'phone', 'email']],
    ['sell-car request', SellCarFieldsSchema, ['fullName', 'phoneNumber', 'email', 'make', 'knownIssues']],
    ['trade-in request', TradeInFieldsSchema, ['fullName', 'phoneNumber', 'email', 'vehicleMake', 'vin']],
    ['reservation request', ReservationSchema, ['name', 'phone', 'email']],
    ['news source (staff)', NewsSourceInputSchema, ['name', 'url']],
    ['review video (staff)', ReviewVideoInputSchema, ['title', 'brand', 'model', 'channel', 'videoUrl', 'thumbnail', 'duration']],
  ] as const)('%s: one issue per over-long field, its length', (_form, schema, fields) => {
    const parsed = schema.safeParse(Object.fromEntries(fields.map((field) => [field, hostile])));
    expect(parsed.success).toBe(false);
    for (const field of fields) {
      const issues = parsed.error!.issues.filter((issue) => issue.path[0] === field);
      expect(issues.map((issue) => (issue.code === 'too_big' ? 'too_big' : issue.message)), field).toEqual([issues[0]?.code === 'too_big' ? 'too_big' : 'fieldTooLong']);
    }
  });
});
