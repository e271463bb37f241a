/** Excerpts are cut to this many characters, then '...' (spec section 9). */
const EXCERPT_LENGTH = 200;

/** The named character references feeds use in practice; numeric ones (&#8217; &#x2019;) are decoded for any character. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '',
  hellip: '…', mdash: '—', ndash: '–', minus: '−', bull: '•', middot: '·',
  lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»', prime: '′', Prime: '″',
  copy: '©', reg: '®', trade: '™', deg: '°', plusmn: '±', times: '×', divide: '÷', frac12: '½', frac14: '¼', frac34: '¾',
  sup2: '²', sup3: '³', micro: 'µ', para: '¶', sect: '§', dagger: '†', Dagger: '‡', permil: '‰',
  euro: '€', pound: '£', yen: '¥', cent: '¢', curren: '¤', iexcl: '¡', iquest: '¿',
  aacute: 'á', Aacute: 'Á', agrave: 'à', Agrave: 'À', acirc: 'â', Acirc: 'Â', atilde: 'ã', Atilde: 'Ã', auml: 'ä', Auml: 'Ä', aring: 'å', Aring: 'Å', aelig: 'æ', AElig: 'Æ',
  ccedil: 'ç', Ccedil: 'Ç', eacute: 'é', Eacute: 'É', egrave: 'è', Egrave: 'È', ecirc: 'ê', Ecirc: 'Ê', euml: 'ë', Euml: 'Ë',
  iacute: 'í', Iacute: 'Í', igrave: 'ì', Igrave: 'Ì', icirc: 'î', Icirc: 'Î', iuml: 'ï', Iuml: 'Ï',
  ntilde: 'ñ', Ntilde: 'Ñ', oacute: 'ó', Oacute: 'Ó', ograve: 'ò', Ograve: 'Ò', ocirc: 'ô', Ocirc: 'Ô', otilde: 'õ', Otilde: 'Õ', ouml: 'ö', Ouml: 'Ö', oslash: 'ø', Oslash: 'Ø',
  uacute: 'ú', Uacute: 'Ú', ugrave: 'ù', Ugrave: 'Ù', ucirc: 'û', Ucirc: 'Û', uuml: 'ü', Uuml: 'Ü', yacute: 'ý', Yacute: 'Ý', yuml: 'ÿ', szlig: 'ß', oelig: 'œ', OElig: 'Œ',
};

/** A code point a page may show: not NUL, not a surrogate, not another C0/C1 control, within Unicode. */
const isShowable = (codePoint: number) =>
  codePoint > 0 && codePoint <= 0x10ffff && !(codePoint >= 0xd800 && codePoint <= 0xdfff) && !(codePoint < 0x20 && codePoint !== 0x09 && codePoint !== 0x0a) && !(codePoint >= 0x7f && codePoint < 0xa0);

/** HTML character references as text; an unknown name stays as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi, (reference, name: string) => {
    if (name.startsWith('#')) {
      const codePoint = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return isShowable(codePoint) ? String.fromCodePoint(codePoint) : '';
    }
    return NAMED_ENTITIES[name] ?? reference;
  });
}

const XML_PREDEFINED_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/**
 * A feed's XML with the HTML named references XML does not know (`&nbsp;`, `&rsquo;`, common in hand-made feeds and
 * fatal to a strict XML parser) written as numeric ones, and a bare '&' as `&amp;`. CDATA sections are left as they are.
 */
export function xmlWithNumericEntities(xml: string): string {
  return xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>|&(#\d{1,7};|#x[0-9a-f]{1,6};|([a-z][a-z0-9]{0,31});)?/gi, (match, reference: string | undefined, name: string | undefined) => {
    if (match.startsWith('<![CDATA[')) return match;
    if (reference === undefined) return '&amp;';
    if (name === undefined || XML_PREDEFINED_ENTITIES.has(name)) return match;
    const character = NAMED_ENTITIES[name];
    if (character === undefined) return `&amp;${name};`;
    return character === '' ? '' : `&#${character.codePointAt(0)};`;
  });
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Drops every UTF-16 surrogate without its other half (PostgreSQL refuses them, and they show as nothing). */
function withoutLoneSurrogates(text: string): string {
  let kept = '';
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (character.length === 1 && code >= 0xd800 && code <= 0xdfff) continue;
    kept += character;
  }
  return kept;
}

/**
 * Feed text as plain text: scripts, styles and comments dropped with their content, every other tag removed (a block
 * tag leaves a space so words do not run together), character references decoded once, control characters removed and
 * white space collapsed. No markup reaches the browser: what it shows is this text.
 */
export function plainText(markup: string): string {
  const withoutTags = markup
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|iframe|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|figure|figcaption|table|tr|td|th|section|article|header|footer)\b[^>]*>/gi, ' ')
    .replace(/<\/?[a-z!?][^>]*>/gi, '')
    // What is left of a tag cut off mid-way (feeds truncate descriptions): from a lone '<' that starts a tag onward.
    .replace(/<[a-z/!?][^>]*$/i, '');
  return withoutLoneSurrogates(decodeEntities(withoutTags)).replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

/** At most `length` characters (whole code points), then '...' when something was cut. */
export function excerptOf(text: string, length = EXCERPT_LENGTH): string {
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  return `${characters.slice(0, length).join('').trimEnd()}...`;
}

/** Query parameters that only track who clicked: two links that differ by them are the same article. */
const TRACKING_PARAMETER = /^(utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|ref|ref_src|cmpid|ncid|ito|_ga|at_medium|at_campaign)$/i;

/**
 * The key two links to the same article share: scheme and `www.` ignored, host lower-cased, default port, fragment,
 * tracking parameters and a trailing slash removed, the other parameters sorted. Not an address to open: the article
 * keeps the link as its feed gave it. Undefined for anything but an absolute http(s) URL.
 */
export function normalisedArticleUrl(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
  const port = url.port === '' || url.port === '80' || url.port === '443' ? '' : `:${url.port}`;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const parameters = [...url.searchParams.entries()].filter(([name]) => !TRACKING_PARAMETER.test(name)).sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const query = parameters.length > 0 ? `?${new URLSearchParams(parameters).toString()}` : '';
  return `${host}${port}${path}${query}`;
}

/** A title as duplicates share it: case, spacing and punctuation ignored. */
export const normalisedTitle = (title: string) => title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
