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

/*
 * Feed text is anyone's: every pattern over it reads each character a bounded number of times. A section, comment or
 * element that is searched for its end stops at the end of the text when it has none (`(end|$)`, the end captured), and
 * is then kept as written: one failed search instead of one per later opening, which made these quadratic.
 */
/** A CDATA section (to its end, or the text's) or an '&', with the reference it starts if any. */
const CDATA_OR_REFERENCE = /<!\[CDATA\[[\s\S]*?(\]\]>|$)|&(#\d{1,7};|#x[0-9a-f]{1,6};|([a-z][a-z0-9]{0,31});)?/gi;
const REFERENCE = /&(#\d{1,7};|#x[0-9a-f]{1,6};|([a-z][a-z0-9]{0,31});)?/gi;

/**
 * A feed's XML with the HTML named references XML does not know (`&nbsp;`, `&rsquo;`, common in hand-made feeds and
 * fatal to a strict XML parser) written as numeric ones, and a bare '&' as `&amp;`. CDATA sections are left as they are.
 */
export function xmlWithNumericEntities(xml: string): string {
  const asXml = (match: string, reference: string | undefined, name: string | undefined) => {
    if (reference === undefined) return '&amp;';
    if (name === undefined || XML_PREDEFINED_ENTITIES.has(name)) return match;
    const character = NAMED_ENTITIES[name];
    if (character === undefined) return `&amp;${name};`;
    return character === '' ? '' : `&#${character.codePointAt(0)};`;
  };
  return xml.replace(CDATA_OR_REFERENCE, (match, cdataEnd: string | undefined, reference: string | undefined, name: string | undefined) => {
    if (cdataEnd === undefined) return asXml(match, reference, name);
    // A section left open runs to the end: no later one can close either, so the rest is references only.
    return cdataEnd === '' ? match.replace(REFERENCE, asXml) : match;
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
  const closedAs = (replacement: string) => (match: string, end: string) => (end === '' ? match : replacement);
  const withoutTags = withoutRawTextElements(markup.replace(/<!--[\s\S]*?(-->|$)/g, closedAs(' ')))
    .replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|figure|figcaption|table|tr|td|th|section|article|header|footer)(?!\w)[^>]*(>|$)/gi, closedAs(' '))
    .replace(/<\/?[a-z!?][^>]*(>|$)/gi, closedAs(''));
  return withoutLoneSurrogates(decodeEntities(withoutCutOffTag(withoutTags))).replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

/** Elements whose content is not text. */
const RAW_TEXT_ELEMENT = /<(script|style|noscript|iframe|template)\b/gi;
const RAW_TEXT_ELEMENT_END: Readonly<Record<string, RegExp>> = {
  script: /<\/script\s*>/gi,
  style: /<\/style\s*>/gi,
  noscript: /<\/noscript\s*>/gi,
  iframe: /<\/iframe\s*>/gi,
  template: /<\/template\s*>/gi,
};

/**
 * Each script, style, noscript, iframe and template element with its content as a space, up to the first end tag of
 * its name (`<(script|...)\b[\s\S]*?<\/\1\s*>`); one never closed stays as written. A scan rather than that pattern,
 * which looked for an end tag again from every later opening: each name's end is searched for at most once past any
 * point of the text.
 */
function withoutRawTextElements(markup: string): string {
  let kept = '';
  let from = 0;
  const neverClosed = new Set<string>();
  for (const opening of markup.matchAll(RAW_TEXT_ELEMENT)) {
    const name = opening[1]!.toLowerCase();
    if (opening.index < from || neverClosed.has(name)) continue;
    const end = RAW_TEXT_ELEMENT_END[name]!;
    end.lastIndex = opening.index + opening[0].length;
    if (!end.exec(markup)) {
      neverClosed.add(name);
      continue;
    }
    kept += `${markup.slice(from, opening.index)} `;
    from = end.lastIndex;
  }
  return kept + markup.slice(from);
}

/**
 * What is left of a tag cut off mid-way (feeds truncate descriptions): from a lone '<' that starts a tag onward, that is
 * the first one after the last '>' (`<[a-z/!?][^>]*$`, found without trying every '<').
 */
function withoutCutOffTag(text: string): string {
  const afterLastTag = text.lastIndexOf('>') + 1;
  const cut = text.slice(afterLastTag).search(/<[a-z/!?]/i);
  return cut === -1 ? text : text.slice(0, afterLastTag + cut);
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
  const path = url.pathname.replace(/(?<!\/)\/+$/, '') || '/';
  const parameters = [...url.searchParams.entries()].filter(([name]) => !TRACKING_PARAMETER.test(name)).sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const query = parameters.length > 0 ? `?${new URLSearchParams(parameters).toString()}` : '';
  return `${host}${port}${path}${query}`;
}

/** A title as duplicates share it: case, spacing and punctuation ignored. */
export const normalisedTitle = (title: string) => title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
