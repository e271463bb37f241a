import type { CurrencyCode, PriceCurrency } from '../money/currencies';
import type { SiteLanguage } from '../platform/languages';
import type { ChatBudget, ChatContext, ChatFilterSlots, ChatUsage } from './contracts';
import { EMPTY_CHAT_CONTEXT, preferredVehicleTypeOf } from './slots';
import {
  CHAT_CITIES,
  CHAT_FILTER_SLOTS,
  CHAT_MAKES,
  CHAT_RANGE_KM_BOUNDS,
  CHAT_SEATS_BOUNDS,
  type CardSort,
  type ChatBodyType,
  type ChatCondition,
  type ChatFilterSlot,
  type ChatFuel,
  type ChatPriority,
  type QuestionTopic,
} from './vocabulary';

export { CARD_SORTS, CHAT_CITIES, CHAT_MAKES, QUESTION_TOPICS, type CardSort, type QuestionTopic } from './vocabulary';

/**
 * Reading a buyer's message (spec 001 section 9, in English, French, Arabic and Swahili whatever the site's language:
 * people mix). Pure and linear: every pattern below is a plain alternation of words, run once over a message of at most
 * CHAT_MESSAGE_MAX characters, and numbers are read by one scan. Browser-safe (no zod).
 */

/** The three things Tara asks for. */
export type ChatNeed = 'budget' | 'usage' | 'type';

/** The slots a message can fill (every field of the context but the one-word summary). */
export type ChatSlots = Omit<ChatContext, 'preferredVehicleType'>;

/** What one buyer message said, and the conversation's context once it is taken in. */
export interface Understanding {
  /** The context after this message: each slot it named takes the new value; every other slot is kept. */
  context: ChatContext;
  /** Only what this message itself said (`preferredVehicleType` when it named a body type, a fuel or a priority). */
  said: Partial<ChatContext>;
  /** Slots of `said` the rules engine supposed rather than read (a family car seats five): a language model may raise them. */
  supposed?: ChatFilterSlot[];
  /** The context before this message. */
  prior: ChatContext;
  /** The message changed what Tara understood: her reply sums it up again. */
  changed: boolean;
  /** A question beside paying (delivery, landed cost, customs, inspection, warranty): answered first, from what the product knows or by a specialist. */
  asksOther: boolean;
  /** What this message took back ("any type", "no budget"): those are null in `context`. */
  cleared?: ChatNeed[];
  /** The buyer asks for a person ("talk to someone", "WhatsApp"). */
  wantsPerson: boolean;
  /** The buyer asks about paying, financing, reserving or a deposit. */
  asksPricing: boolean;
  /** The buyer asks for the cards in another order. */
  sort?: CardSort;
  /** What the message asks about, in the order of QUESTION_TOPICS: Tara answers each from what the product knows. */
  questions: QuestionTopic[];
  /** The city a delivery question names ("do you deliver to Kaduna?"): the landed quote is for it when it has charges. */
  deliverTo?: string;
}

export interface UnderstandOptions {
  language: SiteLanguage;
  /** The visitor's currency: a budget that names none is read in it. */
  currency: CurrencyCode;
  prior: ChatContext;
}

// ---------------------------------------------------------------------------------------------------------------
// Text folding: one form for matching. Accents and Arabic marks (harakat, hamza on alif) go, Arabic-Indic digits become
// ASCII, ta marbuta and alif maqsura are written as people type them without care (ه, ي), apostrophes are one.

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(ARABIC_DIGITS, (digit) => String((digit.charCodeAt(0) - 0x0660) % 0x90))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',')
    .replace(/\u0640/g, '')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u00a0\u2000-\u200a\u202f\t\r\n]/g, ' ')
    .replace(/[\u2010-\u2015]/g, '-')
    .toLowerCase();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Letters of folded text (accents are gone, Arabic stays): a cheap class where \p{L} would cost much to compile. Arabic
 * punctuation (، ؛ ؟) and digits are not letters: "أبوجا؟" ends at the question mark.
 */
const LETTER = 'a-z\\u00c0-\\u024f\\u0370-\\u03ff\\u0400-\\u04ff\\u0620-\\u065f\\u066e-\\u06d3\\u06d5-\\u06ff';
const ARABIC_PREFIXES = '(?:و|ف)?(?:ب|ل|ك)?(?:ال|ل)?';
/**
 * Words of a pattern, folded like the text, longest first. A Latin word stands alone (a digit may touch it: "25usd",
 * "KSh2m"); an Arabic one starts a word but may carry the prefixes و ف ب ل ك ال and any ending.
 */
function words(list: readonly string[]): RegExp {
  const groups = { latin: [] as string[], digit: [] as string[], symbol: [] as string[], arabic: [] as string[] };
  for (const word of [...new Set(list.map(foldText))].sort((a, b) => b.length - a.length)) {
    const body = escape(word).replace(/ /g, '\\s?');
    if (/^[\u0600-\u06ff]/.test(word)) groups.arabic.push(body);
    else if (/^[a-z\u00c0-\u024f]/.test(word) && /[a-z\u00c0-\u024f]$/.test(word)) groups.latin.push(body);
    else if (/^\d/.test(word)) groups.digit.push(body);
    else groups.symbol.push(body);
  }
  const alternatives = [
    groups.latin.length > 0 ? `(?<![${LETTER}])(?:${groups.latin.join('|')})(?![${LETTER}])` : null,
    groups.digit.length > 0 ? `(?<![${LETTER}\\d])(?:${groups.digit.join('|')})(?![${LETTER}\\d])` : null,
    groups.symbol.length > 0 ? `(?<![${LETTER}])(?:${groups.symbol.join('|')})` : null,
    groups.arabic.length > 0 ? `(?<![${LETTER}\\d])${ARABIC_PREFIXES}(?:${groups.arabic.join('|')})` : null,
  ].filter((alternative): alternative is string => alternative !== null);
  return new RegExp(`(?:${alternatives.join('|')})`, 'g');
}

// ---------------------------------------------------------------------------------------------------------------
// Currencies

type CurrencyWord = PriceCurrency | 'shilling' | 'cfa' | 'fcfa';
const CURRENCY_WORDS: ReadonlyArray<[CurrencyWord, readonly string[]]> = [
  ['NGN', ['₦', 'naira', 'nairas', 'ngn', 'نيرة', 'نايرا', 'نيرا']],
  ['USD', ['$', 'us$', 'usd', 'dollar', 'dollars', 'dola', 'dolar', 'dólares', 'دولار', 'دولارات', 'bucks']],
  ['KES', ['ksh', 'kshs', 'kes', 'kenyan shilling', 'kenyan shillings', 'shilingi za kenya', 'شلن كيني']],
  ['TZS', ['tsh', 'tshs', 'tzs', 'tanzanian shilling', 'tanzanian shillings', 'shilingi za tanzania', 'شلن تنزاني']],
  ['UGX', ['ush', 'ushs', 'ugx', 'ugandan shilling', 'ugandan shillings', 'shilingi za uganda', 'شلن أوغندي']],
  ['shilling', ['shilling', 'shillings', 'shilingi', 'bob', 'شلن', 'شلنات']],
  ['GHS', ['gh₵', 'ghs', 'ghc', '₵', 'cedi', 'cedis', 'سيدي']],
  ['ZAR', ['rand', 'rands', 'zar', 'راند']],
  ['fcfa', ['fcfa', 'francs cfa', 'franc cfa', 'xaf']],
  ['cfa', ['cfa', 'xof']],
  ['ETB', ['birr', 'birrs', 'etb', 'بير']],
  ['AOA', ['kwanza', 'kwanzas', 'aoa', 'كوانزا']],
];
/** Signs that only count written right before the number: "R350k", "Br 900 000", "Kz 20m", "N15m". */
const CURRENCY_PREFIX_SIGNS: ReadonlyArray<[RegExp, PriceCurrency]> = [
  [/(?:^|[^a-z\d])n$/, 'NGN'],
  [/(?:^|[^a-z\d])r\s?$/, 'ZAR'],
  [/(?:^|[^a-z\d])br\s?$/, 'ETB'],
  [/(?:^|[^a-z\d])kz\s?$/, 'AOA'],
];
const CURRENCY_PATTERN = words(CURRENCY_WORDS.flatMap(([, list]) => list));
const CURRENCY_OF: ReadonlyArray<[string, CurrencyWord]> = CURRENCY_WORDS.flatMap(([code, list]) => list.map((word): [string, CurrencyWord] => [foldText(word), code])).sort(
  (a, b) => b[0].length - a[0].length,
);
/** The currency a matched word names (an Arabic match may carry a prefix: بالدولار). */
function currencyOf(match: string): CurrencyWord | null {
  const found = match.trim().replace(/\s+/g, ' ');
  return CURRENCY_OF.find(([word]) => found === word || (found.endsWith(word) && /^[\u0600-\u06ff]/.test(word)))?.[1] ?? null;
}

function resolveCurrency(word: CurrencyWord, visitor: CurrencyCode): PriceCurrency {
  if (word === 'shilling') return visitor === 'TZS' || visitor === 'UGX' ? visitor : 'KES';
  if (word === 'cfa' || word === 'fcfa') return visitor === 'XOF' || visitor === 'XAF' ? visitor : word === 'cfa' ? 'XOF' : 'XAF';
  return word;
}

interface Mention {
  at: number;
  end: number;
  currency: CurrencyWord;
}
function currencyMentions(text: string): Mention[] {
  const found: Mention[] = [];
  for (const match of text.matchAll(CURRENCY_PATTERN)) {
    const currency = currencyOf(match[0]);
    if (currency) found.push({ at: match.index, end: match.index + match[0].length, currency });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers

const SMALL_NUMBERS: Record<string, number> = {};
for (const [value, names] of [
  [1, ['a', 'one', 'un', 'une', 'moja', 'واحد']],
  [2, ['two', 'deux', 'mbili', 'اثنين', 'اثنان']],
  [3, ['three', 'trois', 'tatu', 'ثلاثه', 'ثلاث']],
  [4, ['four', 'quatre', 'nne', 'اربعه', 'اربع']],
  [5, ['five', 'cinq', 'tano', 'خمسه', 'خمس']],
  [6, ['six', 'sita', 'سته', 'ست']],
  [7, ['seven', 'sept', 'saba', 'سبعه', 'سبع']],
  [8, ['eight', 'huit', 'nane', 'ثمانيه', 'ثماني']],
  [9, ['nine', 'neuf', 'tisa', 'تسعه', 'تسع']],
  [10, ['ten', 'dix', 'kumi', 'عشره', 'عشر']],
  [11, ['eleven', 'onze']],
  [12, ['twelve', 'douze']],
  [13, ['thirteen', 'treize']],
  [14, ['fourteen', 'quatorze']],
  [15, ['fifteen', 'quinze']],
  [16, ['sixteen', 'seize']],
  [17, ['seventeen']],
  [18, ['eighteen']],
  [19, ['nineteen']],
  [20, ['twenty', 'vingt', 'ishirini']],
  [30, ['thirty', 'trente', 'thelathini']],
  [40, ['forty', 'quarante', 'arobaini']],
  [50, ['fifty', 'cinquante', 'hamsini']],
  [60, ['sixty', 'soixante']],
  [70, ['seventy']],
  [80, ['eighty']],
  [90, ['ninety']],
  [100, ['hundred', 'one hundred', 'a hundred', 'cent']],
] as const) {
  for (const name of names) SMALL_NUMBERS[name] = value;
}
const SMALL_NUMBER_WORDS = Object.keys(SMALL_NUMBERS)
  .sort((a, b) => b.length - a.length)
  .join('|');
/** "fifteen", "twenty-five", "twenty five": the value of a number written in words (tens then units). */
const NUMBER_IN_WORDS = `(${SMALL_NUMBER_WORDS})(?:[\\s-](${SMALL_NUMBER_WORDS}))?`;
const wordsValue = (tens: string, units: string | undefined) => {
  const first = SMALL_NUMBERS[tens]!;
  const second = units === undefined ? 0 : SMALL_NUMBERS[units]!;
  return first >= 20 && first < 100 && second < 10 ? first + second : first;
};

const MILLION = ['million', 'millions', 'mn', 'mil', 'milli', 'mln', 'm', 'milioni', 'milhões', 'milhão', 'مليون', 'ملايين'];
const THOUSAND = ['k', 'thousand', 'mille', 'elfu', 'الف', 'الاف', 'آلاف'];
const BILLION = ['billion', 'billions', 'bn', 'milliard', 'milliards', 'bilioni', 'مليار'];
const multiplierWords = [...MILLION, ...THOUSAND, ...BILLION].map(foldText).sort((a, b) => b.length - a.length);
const MULTIPLIER_OF = new Map<string, number>([
  ...MILLION.map((word) => [foldText(word), 1e6] as const),
  ...THOUSAND.map((word) => [foldText(word), 1e3] as const),
  ...BILLION.map((word) => [foldText(word), 1e9] as const),
]);
const latinOrArabic = (word: string) => (/^[\u0600-\u06ff]/.test(word) ? word : `${word}(?![${LETTER}\\d])`);
/** A multiplier right after a number: "15m", "30 millions", "25K", "٣٠ مليون", "20 mille". */
const SUFFIX_MULTIPLIER = new RegExp(`^\\s?(${multiplierWords.map(latinOrArabic).join('|')})`, 'u');
/** Swahili writes it first: "milioni 3", "shilingi milioni 2.5", "elfu 500", "laki 5". */
const PREFIX_MULTIPLIER = /(?:^|[^a-z])(milioni|elfu|laki|bilioni)\s?$/;
const PREFIX_MULTIPLIER_OF: Record<string, number> = { milioni: 1e6, elfu: 1e3, laki: 1e5, bilioni: 1e9 };

/** What a bare number is when a unit follows it: never a budget. */
const NOT_MONEY_AFTER = words([
  'km', 'kms', 'kilometres', 'kilometers', 'kilometre', 'kilometer', 'kilomètres', 'miles', 'mile', 'mi', 'mileage', 'kilometrage', 'kilométrage',
  'seats', 'seat', 'seater', 'seaters', 'places', 'place', 'passengers', 'passagers', 'viti', 'kiti', 'abiria', 'مقاعد', 'مقعد', 'ركاب',
  'doors', 'door', 'portes', 'milango', 'ابواب',
  'years', 'year', 'yrs', 'yr', 'ans', 'année', 'années', 'miaka', 'mwaka', 'سنوات', 'سنه', 'سنين', 'عام', 'اعوام',
  'months', 'month', 'mois', 'miezi', 'mwezi', 'اشهر', 'شهر', 'days', 'jours', 'siku', 'ايام',
  'kg', 'cc', 'hp', 'ch', 'cv', 'kw', 'kwh', 'l', 'litres', 'liters', 'lita', 'mpg', 'km/h', 'kmh', 'mph', 'cylinders', 'cylindres', 'x', 'wd',
  'kids', 'children', 'enfants', 'watoto', 'اطفال', 'people', 'personnes', 'watu', 'اشخاص', 'cars', 'voitures', 'magari', 'سيارات',
  'کم', 'كم', 'كيلو', 'ميل', 'h',
]);
const UNIT_AFTER = new RegExp(`^\\s?(?:-\\s?)?${NOT_MONEY_AFTER.source}`, 'u');
/** A number after these is a budget even with no multiplier or currency ("budget 15000000", "under 2,500,000"). */
const BUDGET_CUE = new RegExp(
  `${words([
    'budget', 'under', 'below', 'less than', 'up to', 'upto', 'max', 'maximum', 'at most', 'around', 'about', 'within', 'not more than', 'no more than', 'spend', 'afford', 'price',
    'moins de', "jusqu'a", 'jusqua', 'pas plus de', 'environ', 'sous', 'prix', 'depenser',
    'bajeti', 'chini ya', 'hadi', 'isiyozidi', 'kiasi cha', 'bei', 'karibu',
    'ميزانيه', 'ميزانيتي', 'اقل من', 'حتى', 'بحدود', 'حدود', 'سعر', 'اقصى',
  ]).source}[^\\d]{0,12}$`,
  'u',
);
const PHONE_CUE = words(['call', 'phone', 'number', 'tel', 'whatsapp', 'mobile', 'appel', 'appelez', 'numero', 'telephone', 'simu', 'namba', 'nipigie', 'رقم', 'هاتف', 'اتصل', 'واتساب']);
const PHONE_BEFORE = new RegExp(`${PHONE_CUE.source}[^\\d]{0,8}$`, 'u');
/** Between the two ends of a range: "10 to 15 million", "10-15m", "entre 10 et 15", "milioni 10 na 15", "بين 10 و 15". */
const RANGE_JOIN = /^\s?(?:-|~|to|and|or|a|à|et|ou|na|hadi|mpaka|au|و|الى|او)\s?$/u;

interface NumberRead {
  value: number;
  start: number;
  end: number;
  multiplier: number | null;
  /** Where a multiplier written after the number ends. */
  after: number;
  currency: CurrencyWord | null;
  budget: boolean;
}

/** Splits a run of digits and separators ("15,000,000", "20 000", "2,5", "10 15") into the numbers it holds. */
function readRun(run: string, offset: number): Array<{ value: number; start: number; end: number; grouped: boolean }> {
  const parts = run.split(/([.,\s])/);
  const numbers: Array<{ value: number; start: number; end: number; grouped: boolean }> = [];
  let position = offset;
  let current: { digits: string; fraction: string | null; group: string | null; first: number; start: number; end: number } | null = null;
  const close = () => {
    if (!current) return;
    const value = Number(current.fraction === null ? current.digits : `${current.digits}.${current.fraction}`);
    numbers.push({ value, start: current.start, end: current.end, grouped: current.group !== null });
    current = null;
  };
  for (let index = 0; index < parts.length; index += 2) {
    const digits = parts[index]!;
    const separator = index > 0 ? parts[index - 1]! : null;
    const start = position + (separator ? separator.length : 0);
    position = start + digits.length;
    const open = current as typeof current;
    if (open && separator !== null) {
      const thousands = digits.length === 3 && open.first <= 3 && open.fraction === null && (open.group === null || open.group === separator);
      if (thousands) {
        open.digits += digits;
        open.group = separator;
        open.end = position;
        continue;
      }
      const decimal = separator !== ' ' && open.fraction === null && open.group !== separator && digits.length <= 2;
      if (decimal) {
        open.fraction = digits;
        open.end = position;
        continue;
      }
      close();
    }
    current = { digits, fraction: null, group: null, first: digits.length, start, end: position };
  }
  close();
  // "234 803 555 1234" is a phone number, not 234,803,555 and 1234.
  if (numbers.length > 1) for (const number of numbers) number.grouped = false;
  return numbers;
}

/** Numbers written as words before a million: "a million", "deux millions", "milioni tatu", "مليون", "مليونين". */
const WORD_BUDGETS: ReadonlyArray<[RegExp, (match: RegExpMatchArray) => number]> = [
  [new RegExp(`(?<![${LETTER}\\d])${NUMBER_IN_WORDS}\\s(?:million|millions|milli|مليون|ملايين)(?![${LETTER}])`, 'g'), (match) => wordsValue(match[1]!, match[2]) * 1e6],
  [new RegExp(`(?<![${LETTER}\\d])milioni\\s(${SMALL_NUMBER_WORDS})(?![${LETTER}])`, 'g'), (match) => SMALL_NUMBERS[match[1]!]! * 1e6],
  [/مليون(?:ين|ان)/gu, () => 2e6],
  [/(?<!\d\s?)مليون(?!ين|ان)/gu, () => 1e6],
];
function wordBudgets(text: string): NumberRead[] {
  const found: NumberRead[] = [];
  for (const [pattern, valueOf] of WORD_BUDGETS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((read) => start < read.end && end > read.start)) continue;
      found.push({ value: valueOf(match), start, end, multiplier: 1, after: end, currency: null, budget: true });
    }
  }
  return found;
}

function readBudget(text: string, visitor: CurrencyCode): ChatBudget | undefined {
  const reads: NumberRead[] = [];
  for (const run of text.matchAll(/\d+(?:[.,\s]\d+)*/g)) {
    const numbers = readRun(run[0], run.index);
    for (const { value, start, end, grouped } of numbers) {
      const before = text.slice(Math.max(0, start - 40), start);
      const rest = text.slice(end, end + 40);
      const suffix = SUFFIX_MULTIPLIER.exec(rest);
      const prefix = suffix ? null : PREFIX_MULTIPLIER.exec(before);
      let multiplier: number | null = null;
      let after = end;
      if (suffix) {
        multiplier = MULTIPLIER_OF.get(suffix[1]!) ?? null;
        after = end + suffix[0].length;
      } else if (prefix) multiplier = PREFIX_MULTIPLIER_OF[prefix[1]!]!;
      const tail = text.slice(after, after + 30);
      if (UNIT_AFTER.test(tail)) continue;
      const head = prefix ? before.slice(0, prefix.index + prefix[0].indexOf(prefix[1]!)) : before;
      const currency = adjacentCurrency(head, tail);
      const phone = /\+\s?$/.test(before) || /^0\d{8,}$/.test(text.slice(start, end).replace(/\D/g, '')) || (multiplier === null && currency === null && PHONE_BEFORE.test(before));
      if (phone) continue;
      // A bare amount written as money is written: "15,000,000", "15 000 000" (a long plain number is a phone or an id).
      const written = (grouped && value >= 1000) || (numbers.length === 1 && /^\d{6,10}$/.test(run[0]) && value >= 100_000);
      reads.push({ value, start, end, multiplier, after, currency, budget: written });
    }
  }
  for (const read of wordBudgets(text)) {
    if (!reads.some((other) => other.start < read.end && other.end > read.start)) {
      read.currency = adjacentCurrency(text.slice(Math.max(0, read.start - 40), read.start), text.slice(read.end, read.end + 30));
      reads.push(read);
    }
  }
  reads.sort((a, b) => a.start - b.start);
  // The two ends of a range share a multiplier and a currency: "between 10 and 15 million", "milioni 10 na 15".
  for (let index = 0; index + 1 < reads.length; index += 1) {
    const [left, right] = [reads[index]!, reads[index + 1]!];
    if (!RANGE_JOIN.test(text.slice(left.after, right.start))) continue;
    if (left.multiplier === null && right.multiplier !== null && left.value < 1000) left.multiplier = right.multiplier;
    if (right.multiplier === null && left.multiplier !== null && right.value < 1000) right.multiplier = left.multiplier;
    left.currency ??= right.currency;
    right.currency ??= left.currency;
  }
  for (const read of reads) {
    const before = text.slice(Math.max(0, read.start - 40), read.start);
    const year = read.multiplier === null && read.currency === null && Number.isInteger(read.value) && read.value >= 1900 && read.value <= 2100;
    read.budget = (read.budget && !year) || read.multiplier !== null || read.currency !== null || (!year && read.value >= 1000 && BUDGET_CUE.test(before));
  }
  const budgets = reads.filter((read) => read.budget);
  if (budgets.length === 0) return undefined;
  // The top of a range, else the last amount said.
  let chosen = budgets[budgets.length - 1]!;
  for (let index = budgets.length - 2; index >= 0; index -= 1) {
    const candidate = budgets[index]!;
    if (!RANGE_JOIN.test(text.slice(candidate.after, budgets[index + 1]!.start))) break;
    if (amountOf(candidate) > amountOf(chosen)) chosen = candidate;
  }
  const amount = amountOf(chosen);
  if (!(amount > 0) || amount > 1e13) return undefined;
  const word = chosen.currency ?? nearestCurrency(text, chosen);
  return { amount, currency: word ? resolveCurrency(word, visitor) : visitor };
}

const amountOf = (read: NumberRead) => Math.round(read.value * (read.multiplier ?? 1) * 100) / 100;

const CURRENCY_BEFORE = new RegExp(`${CURRENCY_PATTERN.source}\\s?$`, 'u');
const CURRENCY_AFTER = new RegExp(`^\\s?(?:(?:de|d'|of|in|za|ya|en)\\s?)?(${CURRENCY_PATTERN.source})`, 'u');
function adjacentCurrency(before: string, after: string): CurrencyWord | null {
  const prefix = CURRENCY_BEFORE.exec(before);
  if (prefix) return currencyOf(prefix[0]);
  for (const [sign, code] of CURRENCY_PREFIX_SIGNS) if (sign.test(before)) return code;
  const suffix = CURRENCY_AFTER.exec(after);
  if (suffix) return currencyOf(suffix[1]!);
  return null;
}

/** A currency named elsewhere in the message ("in dollars, about 25k"): the nearest one. */
function nearestCurrency(text: string, read: NumberRead): CurrencyWord | null {
  let best: { distance: number; currency: CurrencyWord } | null = null;
  for (const mention of currencyMentions(text)) {
    const distance = mention.at >= read.after ? mention.at - read.after : read.start - mention.end;
    if (!best || Math.abs(distance) < best.distance) best = { distance: Math.abs(distance), currency: mention.currency };
  }
  return best?.currency ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Usage, type, sort, person, pricing

/** Most specific first: a taxi for the family is business; the school run through town is family. */
const USAGES: ReadonlyArray<[ChatUsage, RegExp]> = [
  [
    'off-road',
    words([
      'off-road', 'offroad', 'off road', 'rough road', 'rough roads', 'bad roads', 'dirt road', 'dirt roads', 'gravel', 'farm', 'upcountry', 'village', 'bush', 'mud', 'sand', 'desert', 'mountains',
      'piste', 'pistes', 'hors-piste', 'hors piste', 'tout-terrain', 'tout terrain', 'routes difficiles', 'mauvaises routes', 'brousse', 'ferme', 'campagne',
      'طرق وعره', 'الطرق الوعره', 'وعره', 'مزرعه', 'صحراء', 'الصحراء', 'الريف', 'جبال',
      'barabara mbovu', 'barabara mbaya', 'barabara za vumbi', 'shamba', 'shambani', 'vijijini', 'kijijini', 'matope', 'porini', 'milimani',
    ]),
  ],
  [
    'business',
    words([
      'business', 'ride-hailing', 'ride hailing', 'ridehailing', 'uber', 'bolt', 'taxi', 'delivery', 'deliveries', 'fleet', 'my company', 'logistics',
      'affaires', 'entreprise', 'vtc', 'livraison', 'livraisons', 'flotte', 'commerce',
      'تجاره', 'تجاري', 'اعمال', 'تاكسي', 'اوبر', 'توصيل', 'شركتي', 'اسطول',
      'biashara', 'teksi', 'kampuni', 'usafirishaji', 'kusafirisha', 'kukodisha',
    ]),
  ],
  [
    'family',
    words([
      'family', 'families', 'kids', 'children', 'child', 'baby', 'school run', 'school', 'my wife',
      'famille', 'familial', 'familiale', 'familiales', 'enfants', 'enfant', 'bebe', 'ecole',
      'عائله', 'عائلي', 'العائله', 'اسره', 'الاسره', 'اطفال', 'الاطفال', 'اولاد', 'الاولاد', 'المدرسه',
      'familia', 'watoto', 'mtoto', 'shule', 'mke wangu',
    ]),
  ],
  [
    'commute',
    words([
      'commute', 'commuting', 'commuter', 'to work', 'for work', 'at work', 'office', 'city', 'town', 'daily', 'every day',
      'trajet', 'trajets', 'travail', 'bureau', 'ville', 'quotidien', 'quotidiens', 'tous les jours',
      'مواصلات', 'للعمل', 'الى العمل', 'العمل', 'الدوام', 'المدينه', 'التنقل', 'تنقل', 'يومي', 'اليومي',
      'kazini', 'kwenda kazi', 'ofisini', 'ofisi', 'mjini', 'kila siku',
    ]),
  ],
];

/** Body types, most specific first ("pickup truck" is a pickup). */
const BODY_TYPES: ReadonlyArray<[ChatBodyType, RegExp]> = [
  ['pickup', words(['pickup', 'pickups', 'pick-up', 'pick-ups', 'pick up truck', 'pickup truck', 'double cabin', 'double cab', 'bakkie', 'بيك اب', 'بيكاب', 'بيك آب', 'pikapu'])],
  ['crossover', words(['crossover', 'crossovers', 'cuv', 'كروس اوفر', 'كروسوفر'])],
  ['minivan', words(['minivan', 'minivans', 'mpv', 'people carrier', 'van', 'monospace', 'monospaces', 'ميني فان', 'فان', 'minibus'])],
  ['convertible', words(['convertible', 'convertibles', 'cabriolet', 'cabrio', 'roadster', 'décapotable', 'decapotable', 'مكشوفه', 'كشف'])],
  ['coupe', words(['coupe', 'coupes', 'coupé', 'كوبيه', 'كوبي'])],
  ['hatchback', words(['hatchback', 'hatchbacks', 'hatch', 'compacte', 'citadine', 'هاتشباك', 'هاتش باك'])],
  ['sedan', words(['sedan', 'sedans', 'saloon', 'berline', 'berlines', 'سيدان', 'صالون', 'saluni'])],
  ['suv', words(['suv', 'suvs', 'jeep', 'jeeps', 'sport utility', 'دفع رباعي', 'الدفع الرباعي', 'جيب', 'اس يو في', 'جيبات'])],
  ['truck', words(['truck', 'trucks', 'lorry', 'lorries', 'camion', 'camions', 'camionnette', 'شاحنه', 'شاحنات', 'lori', 'malori', 'gari la mizigo'])],
];

const FUELS: ReadonlyArray<[ChatFuel, RegExp]> = [
  ['electric', words(['electric', 'ev', 'evs', 'battery', 'électrique', 'électriques', 'electrique', 'electriques', 'كهربائيه', 'كهربائي', 'كهربا', 'umeme', 'ya umeme'])],
  ['hybrid', words(['hybrid', 'hybrids', 'phev', 'hev', 'plug-in', 'hybride', 'hybrides', 'هجينه', 'هجين', 'هايبرد', 'mseto', 'chotara'])],
  ['diesel', words(['diesel', 'diesels', 'gasoil', 'gazole', 'ديزل', 'سولار', 'dizeli'])],
  ['petrol', words(['petrol', 'gasoline', 'essence', 'بنزين', 'petroli'])],
];

/** Four-wheel or all-wheel drive (in Arabic دفع رباعي is what people call an SUV: it stays a body type). */
const DRIVE_4X4 = words([
  '4x4', '4×4', '4wd', 'awd', '4 wheel drive', 'four wheel drive', 'four-wheel drive', 'four-wheel-drive', 'all wheel drive', 'all-wheel drive', 'all-wheel-drive',
  'quatre roues motrices', '4 roues motrices', 'transmission intégrale', 'integrale', 'magurudumu manne', 'kuendesha magurudumu yote',
]);

const PRIORITIES: ReadonlyArray<[ChatPriority, RegExp]> = [
  ['luxury', words(['luxury', 'luxurious', 'premium', 'high-end', 'high end', 'prestige', 'luxe', 'haut de gamme', 'فاخره', 'فخمه', 'فخم', 'فاخر', 'kifahari', 'ya kifahari', 'anasa', 'big man car', 'correct car'])],
  [
    'economy',
    words([
      'economy', 'economical', 'cheap', 'affordable', 'inexpensive', 'fuel-efficient', 'fuel efficient', 'fuel saver', 'fuel-saving', 'fuel saving', 'good on fuel', 'low fuel', 'low consumption',
      'fuel economy', 'traffic', 'go-slow', 'go slow', 'no dey drink fuel', 'no go drink fuel', 'no dey chop fuel', 'no drink fuel', 'save fuel', 'manage fuel', 'no too drink fuel',
      'économique', 'économiques', 'economique', 'economiques', 'pas cher', 'pas chère', 'bon marché', 'abordable', 'peu gourmande', 'sobre', 'embouteillages', 'consomme peu',
      'اقتصاديه', 'اقتصادي', 'رخيصه', 'رخيص', 'موفره للوقود', 'موفره', 'توفير الوقود', 'الزحام', 'زحمه',
      'bei nafuu', 'nafuu', 'rahisi', 'okoa mafuta', 'inayookoa mafuta', 'yanayookoa mafuta', 'linalookoa mafuta', 'mafuta kidogo', 'matumizi madogo', 'foleni',
    ]),
  ],
];

/** Seats written after the number ("7 seats", "7-seater", "٧ مقاعد") or before it ("viti 7"), or in words. */
const SEAT_WORDS = '(?:seats?|seaters?|places|passengers|passagers|sieges|viti|abiria|مقاعد|مقعد|ركاب)';
const SEATS_AFTER = new RegExp(`(?<![\\d.,])(\\d{1,2})\\s?-?\\s?${SEAT_WORDS}(?![${LETTER}])`, 'u');
const SEATS_BEFORE = /(?:viti|kiti|places?)\s(\d{1,2})(?!\d)/u;
const SEATS_IN_WORDS = new RegExp(`(?<![${LETTER}])(five|six|seven|eight|nine|cinq|sept|huit|saba|nane|tano|sita)[\\s-]${SEAT_WORDS}(?![${LETTER}])`, 'u');
const SEAT_NUMBER_WORDS: Record<string, number> = { five: 5, cinq: 5, tano: 5, six: 6, sita: 6, seven: 7, sept: 7, saba: 7, eight: 8, huit: 8, nane: 8, nine: 9 };

/** A driving range: "range of at least 400 km", "autonomie au moins 400 km", "400 km range", "masafa ya km 400". */
const RANGE_CUE = '(?:range|autonomy|autonomie|masafa|مدي)';
const RANGE_BEFORE = new RegExp(`${RANGE_CUE}[^\\d]{0,25}(\\d{2,4})\\s?(?:km|kms|kilometres|kilometers|kilomètres|كم)?`, 'u');
const RANGE_AFTER = new RegExp(`(\\d{2,4})\\s?(?:km|kms|kilometres|kilometers|kilomètres|كم)\\s(?:of\\s)?(?:d'|de\\s)?${RANGE_CUE}`, 'u');

const CONDITIONS: ReadonlyArray<[ChatCondition, RegExp]> = [
  ['used', words(['used', 'second hand', 'second-hand', 'secondhand', 'pre-owned', 'tokunbo', 'tokumbo', 'nigerian used', 'naija used', 'belgium', "d'occasion", 'occasion', 'mtumba', 'iliyotumika', 'mkononi', 'مستعمل', 'مستعمله'])],
  ['new', words(['brand new', 'new car', 'new one', 'zero km', 'neuf', 'neuve', 'neuves', 'mpya', 'jipya', 'mapya', 'جديد', 'جديده', 'زيرو'])],
];

/** A model year: "2020 or newer", "from 2021", "2022 model", "à partir de 2020", "kuanzia 2021", "من 2020"; never a group of a phone number. */
const YEAR = /(?<!\d[.,]?\s?)(19[89]\d|20[0-4]\d)(?![.,]\d|\s?\d|\s?(?:km|kms|miles))/gu;

const MAKE_ALIASES: Record<string, string> = { mercedes: 'Mercedes-Benz', benz: 'Mercedes-Benz', vw: 'Volkswagen', 'range rover': 'Land Rover', 'تويوتا': 'Toyota', 'هيونداي': 'Hyundai', 'كيا': 'Kia', 'نيسان': 'Nissan', 'هوندا': 'Honda' };
const MAKE_OF = new Map<string, string>([...CHAT_MAKES.map((make) => [foldText(make), make] as const), ...Object.entries(MAKE_ALIASES).map(([alias, make]) => [foldText(alias), make] as const)]);
/** "jeep" is also the word for an SUV: the brand only with a capital J and a model ("Jeep Wrangler") would be; it stays a body type. */
const MAKE_PATTERN = words([...MAKE_OF.keys()].filter((make) => make !== 'jeep'));

/** Cities a buyer may want the car in; named after "in", "at", "near", "around", "from" (or their words in the four languages). */
/** The cities as Arabic writes them (Kano left out: كانو is also a verb). */
const CITY_ALIASES: Record<string, string> = {
  'لاغوس': 'Lagos', 'لاجوس': 'Lagos', 'أبوجا': 'Abuja', 'بورت هاركورت': 'Port Harcourt', 'إبادان': 'Ibadan', 'كادونا': 'Kaduna', 'إينوغو': 'Enugu',
  'نيروبي': 'Nairobi', 'مومباسا': 'Mombasa', 'كيسومو': 'Kisumu', 'أكرا': 'Accra', 'كوماسي': 'Kumasi', 'دار السلام': 'Dar es Salaam', 'كمبالا': 'Kampala',
  'جوهانسبرغ': 'Johannesburg', 'كيب تاون': 'Cape Town', 'أديس أبابا': 'Addis Ababa', 'لواندا': 'Luanda', 'داكار': 'Dakar', 'أبيدجان': 'Abidjan',
  'دوالا': 'Douala', 'ياوندي': 'Yaoundé', 'لومي': 'Lomé', 'كوتونو': 'Cotonou',
};
const CITY_OF = new Map([...CHAT_CITIES.map((city) => [foldText(city), city] as const), ...Object.entries(CITY_ALIASES).map(([alias, city]) => [foldText(alias), city] as const)]);
const LOCATION = new RegExp(
  `(?<![${LETTER}])(?:in|at|near|around|from|located in|based in|à|a|au|pres de|vers|depuis|huko|katika|mjini|في|ب|من)\\s(${[...CITY_OF.keys()].map(escape).join('|')})(?![${LETTER}])(?!\\s(?:traffic|road|roads))`,
  'u',
);

/** A city named anywhere in a message ("do you deliver to Kaduna?"), not only after in/at. */
const CITY_ANYWHERE = new RegExp(`(?<![${LETTER}])(${[...CITY_OF.keys()].map(escape).join('|')})(?![${LETTER}])`, 'u');
const SORTS: ReadonlyArray<[CardSort, RegExp]> = [
  [
    'efficiency',
    words([
      'most efficient', 'most fuel-efficient', 'most fuel efficient', 'most economical', 'best mileage', 'best fuel economy', 'by efficiency', 'sort by efficiency', 'efficiency first',
      'plus économe', 'plus économes', 'plus économique', 'plus économiques', 'consomme le moins', 'par efficacité', 'par consommation',
      'الاكثر توفيرا', 'الاوفر', 'اوفر', 'الاقل استهلاكا', 'حسب الكفاءه',
      'mafuta kidogo zaidi', 'ufanisi zaidi', 'kwa ufanisi', 'yanayotumia mafuta kidogo zaidi',
    ]),
  ],
  [
    'power',
    words([
      'most powerful', 'more powerful', 'more power', 'fastest', 'by power', 'sort by power', 'power first',
      'plus puissant', 'plus puissante', 'plus puissants', 'plus puissantes', 'par puissance', 'plus rapide',
      'الاقوى', 'اقوى', 'الاسرع', 'حسب القوه',
      'nguvu zaidi', 'yenye nguvu zaidi', 'kwa nguvu', 'kasi zaidi',
    ]),
  ],
  [
    'popularity',
    words([
      'most popular', 'best rated', 'top rated', 'best-selling', 'best selling', 'by popularity', 'sort by popularity', 'popular first',
      'plus populaire', 'plus populaires', 'mieux notée', 'mieux notées', 'mieux noté', 'par popularité',
      'الاكثر شعبيه', 'الاشهر', 'الاعلى تقييما', 'حسب الشعبيه',
      'maarufu zaidi', 'inayopendwa zaidi', 'yanayopendwa zaidi', 'kwa umaarufu',
    ]),
  ],
  [
    'price',
    words([
      'cheapest', 'cheaper', 'less expensive', 'least expensive', 'lowest price', 'lower price', 'by price', 'sort by price', 'price first', 'cheapest first',
      'moins cher', 'moins chère', 'moins chers', 'moins chères', 'le moins cher', 'prix le plus bas', 'par prix',
      'الارخص', 'ارخص', 'الاقل سعرا', 'حسب السعر',
      'nafuu zaidi', 'bei nafuu zaidi', 'rahisi zaidi', 'bei ya chini', 'kwa bei',
    ]),
  ],
];

const WANTS_PERSON = words([
  'talk to someone', 'talk to somebody', 'speak to someone', 'speak with someone', 'talk to a person', 'talk to a human', 'speak to a person', 'speak to a human', 'real person',
  'a human', 'human', 'agent', 'make una call me', 'abeg call me', 'i wan talk to person', 'talk to una person', 'salesperson', 'sales team', 'sales person', 'representative', 'customer service', 'call me', 'phone me', 'ring me', 'contact me', 'whatsapp',
  "parler a quelqu'un", "parler avec quelqu'un", 'parler a une personne', 'un humain', 'conseiller', 'conseillère', 'conseillers', 'vendeur', 'un agent',
  'appelez-moi', 'appelez moi', 'rappelez-moi', 'rappelez moi', 'appelle-moi', 'contactez-moi', 'contactez moi',
  'التحدث مع شخص', 'اتحدث مع شخص', 'التحدث الى شخص', 'التكلم مع شخص', 'شخص حقيقي', 'موظف', 'مندوب', 'اتصل بي', 'اتصلوا بي', 'واتساب', 'واتس اب', 'انسان', 'خدمه العملاء', 'مستشار',
  'ongea na mtu', 'kuongea na mtu', 'kuzungumza na mtu', 'niongee na mtu', 'nizungumze na mtu', 'mtu halisi', 'binadamu', 'wakala', 'muuzaji', 'nipigie', 'nipigieni', 'mhudumu',
]);

const ASKS_PRICING = words([
  'finance', 'financing', 'financed', 'deposit', 'reserve', 'reserving', 'reservation', 'pay', 'paying', 'payment', 'payments', 'loan', 'loans', 'installment', 'installments', 'instalment',
  'instalments', 'monthly', 'down payment', 'credit', 'lease', 'leasing', 'trade in', 'trade-in', 'sell my car', 'financing options',
  'wetin be the price', 'wetin be price', 'how much e be', 'how much e cost', 'how much be', 'how much', 'what is the price', "what's the price", 'the price', 'una dey collect', 'pay small small', 'combien', 'quel prix', 'le prix', 'bei gani', 'bei yake', 'كم السعر', 'كم سعر', 'ما السعر',
  'financement', 'financer', 'crédit', 'acompte', 'dépôt', 'réserver', 'réservation', 'payer', 'paiement', 'un prêt', 'prêt auto', 'mensualités', 'versements', 'échelonné', 'reprise', 'reprendre', 'vendre ma voiture',
  'تمويل', 'دفعه', 'عربون', 'حجز', 'احجز', 'الدفع', 'ادفع', 'قرض', 'اقساط', 'تقسيط', 'بيع سيارتي', 'استبدال',
  'mkopo', 'amana', 'malipo', 'kulipa', 'kulipia', 'lipa', 'awamu', 'kuhifadhi', 'hifadhi', 'kuweka nafasi', 'ufadhili', 'kuuza gari langu', 'kubadilisha gari',
]);
/** Not a question about paying: "4x4" in Arabic says دفع (paying) too; "pay up to 10m" states a budget. */
const NOT_PRICING = /(?:ال)?دفع\s?(?:ال)?رباعي|(?<![a-z])(?:pay|paying|spend|payer|depenser)\s(?:more|up|under|over|at most|around|about|less|no more|only|plus|moins|jusqu|pas plus)/g;

const CLEARS: ReadonlyArray<[ChatNeed, RegExp]> = [
  [
    'budget',
    words([
      'no budget', 'any budget', 'no limit', 'no price limit', 'budget is open', 'money is no object', 'any price', 'whatever price', 'forget the budget',
      'pas de budget', 'sans budget', 'budget illimité', 'sans limite', "n'importe quel prix", 'peu importe le prix', 'peu importe le budget', 'oubliez le budget',
      'بدون ميزانيه', 'لا ميزانيه', 'اي ميزانيه', 'بلا حدود', 'اي سعر', 'السعر لا يهم',
      'bila bajeti', 'bajeti yoyote', 'hakuna bajeti', 'bei yoyote', 'bila kikomo',
    ]),
  ],
  [
    'type',
    words([
      'any type', 'any kind', 'any car', 'any vehicle', 'any model', 'whatever type', 'any body type', 'type does not matter', "type doesn't matter", 'all types',
      "n'importe quel type", "n'importe quelle voiture", 'peu importe le type', 'tout type', 'tous les types', 'toutes les voitures',
      'اي نوع', 'اي سياره', 'النوع لا يهم', 'كل الانواع', 'جميع الانواع',
      'aina yoyote', 'gari lolote', 'aina zote', 'magari yote',
    ]),
  ],
  [
    'usage',
    words([
      'any use', 'any usage', 'no particular use', 'for anything', 'all purpose', 'all-purpose', 'use does not matter',
      "n'importe quel usage", 'peu importe l’usage', "peu importe l'usage", 'tout usage', 'polyvalente',
      'اي استخدام', 'لكل الاستخدامات', 'الاستخدام لا يهم',
      'matumizi yoyote', 'kwa matumizi yote', 'kwa kila kitu',
    ]),
  ],
];

const firstMatch = <T>(text: string, table: ReadonlyArray<[T, RegExp]>): T | undefined => table.find(([, pattern]) => test(pattern, text))?.[0];
function test(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(text);
}
const without = (text: string, pattern: RegExp) => text.replace(pattern, ' ');

const firstOf = <T>(text: string, table: ReadonlyArray<[T, RegExp]>): T | undefined => table.find(([, pattern]) => test(pattern, text))?.[0];

function readSeats(text: string): number | undefined {
  const digits = SEATS_AFTER.exec(text) ?? SEATS_BEFORE.exec(text);
  const value = digits ? Number(digits[1]) : SEATS_IN_WORDS.exec(text) ? SEAT_NUMBER_WORDS[SEATS_IN_WORDS.exec(text)![1]!] : undefined;
  return value !== undefined && value >= CHAT_SEATS_BOUNDS.min && value <= CHAT_SEATS_BOUNDS.max ? value : undefined;
}

function readRange(text: string): number | undefined {
  const found = RANGE_BEFORE.exec(text) ?? RANGE_AFTER.exec(text);
  const value = found ? Number(found[1]) : undefined;
  return value !== undefined && value >= CHAT_RANGE_KM_BOUNDS.min && value <= CHAT_RANGE_KM_BOUNDS.max ? value : undefined;
}

function readYear(text: string, budget: ChatBudget | undefined): number | undefined {
  for (const match of text.matchAll(YEAR)) {
    const value = Number(match[1]);
    if (budget && budget.amount === value) continue;
    return value;
  }
  return undefined;
}

function readMake(text: string): string | undefined {
  MAKE_PATTERN.lastIndex = 0;
  const found = MAKE_PATTERN.exec(text);
  return found ? MAKE_OF.get(found[0].trim().replace(/\s+/g, ' ')) : undefined;
}

const QUESTIONS: ReadonlyArray<[QuestionTopic, RegExp]> = [
  [
    'delivery',
    words([
      'deliver', 'do you deliver', 'delivery', 'delivery to', 'delivery fee', 'delivery cost', 'delivery time', 'ship to', 'shipping', 'how long', 'when will it arrive', 'una dey deliver', 'una fit bring am', 'una go bring am', 'e go reach',
      'livrez', 'livrer', 'livraison', 'delai', 'combien de temps', 'expedier',
      'mnaleta', 'mnafikisha', 'kufikisha', 'kusafirisha hadi', 'usafirishaji', 'muda gani', 'itafika lini',
      'توصيل', 'توصلون', 'شحن', 'كم يستغرق', 'متى تصل',
    ]),
  ],
  [
    'landed-cost',
    words([
      'landed cost', 'total cost', 'all-in', 'all in price', 'how much to clear', 'how much to clear am', 'clear am', 'cost to import', 'import duty', 'duties', 'duty',
      'cout total', 'prix rendu', 'prix tout compris', "droits d'importation", 'frais de dedouanement',
      'gharama kamili', 'gharama ya kuagiza', 'ushuru', 'gharama zote',
      'التكلفه الكامله', 'التكلفه الاجماليه', 'رسوم الاستيراد', 'الرسوم الجمركيه',
    ]),
  ],
  [
    'documents',
    words([
      'customs', 'clearing', 'clearance', 'papers', 'documents', 'document', 'registration', 'plate number', 'particulars', 'paper dey', 'customs papers',
      'douane', 'dedouanement', 'papiers', 'carte grise', 'immatriculation',
      'forodha', 'nyaraka', 'karatasi', 'usajili', 'kibali',
      'جمارك', 'الجمارك', 'اوراق', 'وثائق', 'مستندات', 'تسجيل', 'تخليص',
    ]),
  ],
  [
    'inspection',
    words([
      'inspection', 'inspect', 'inspected', 'test drive', 'check the car', 'mechanic', 'see the car', 'come see am', 'check am',
      'inspecter', 'controle technique', 'essai', 'essayer', 'voir la voiture',
      'ukaguzi', 'kukagua', 'kuiona gari', 'kujaribu',
      'فحص', 'معاينه', 'تجربه القياده',
    ]),
  ],
  ['warranty', words(['warranty', 'guarantee', 'guaranteed', 'garantie', 'garanti', 'dhamana', 'udhamini', 'waranti', 'ضمان', 'كفاله'])],
  [
    'finance',
    words([
      'finance', 'financing', 'financed', 'loan', 'loans', 'installment', 'installments', 'instalment', 'instalments', 'monthly', 'per month', 'a month', 'pay small small', 'credit', 'lease', 'leasing',
      'financement', 'financer', 'credit', 'un pret', 'pret auto', 'mensualites', 'par mois', 'echelonne',
      'mkopo', 'awamu', 'kwa mwezi', 'ufadhili',
      'تمويل', 'قرض', 'اقساط', 'تقسيط', 'شهريا',
    ]),
  ],
  ['trade-in', words(['trade in', 'trade-in', 'tradein', 'exchange my car', 'swap my car', 'reprise', 'reprendre', 'echanger ma voiture', 'kubadilisha gari', 'kubadilishana', 'استبدال', 'مبادله'])],
  ['sell-car', words(['sell my car', 'sell my', 'buy my car', 'i wan sell', 'vendre ma voiture', 'racheter ma voiture', 'kuuza gari langu', 'nunua gari langu', 'بيع سيارتي', 'اشتري سيارتي'])],
  [
    'reservation',
    words([
      'reserve', 'reserving', 'reservation', 'hold the car', 'hold it', 'deposit', 'book the car', 'keep am for me',
      'reserver', 'reservation', 'acompte', 'depot', 'bloquer',
      'kuhifadhi', 'hifadhi', 'kuweka nafasi', 'amana', 'kushikilia',
      'حجز', 'احجز', 'عربون',
    ]),
  ],
];
/** The questions the staff's knowledge base or a specialist answers (never the qualification questions back). */
const OTHER_TOPICS: ReadonlySet<QuestionTopic> = new Set(['delivery', 'landed-cost', 'documents', 'inspection', 'warranty']);

/** The city a message asks delivery to, or null when it asks no delivery question or names no city. */
export function deliveryCityOf(text: string): string | null {
  const folded = foldText(text);
  if (!test(QUESTIONS[0]![1], folded)) return null;
  const city = CITY_ANYWHERE.exec(folded);
  return city ? (CITY_OF.get(city[1]!) ?? null) : null;
}

export function understandMessage(text: string, { currency, prior }: UnderstandOptions): Understanding {
  const folded = foldText(text);
  const said: Partial<ChatContext> = {};
  const budget = readBudget(folded, currency);
  if (budget) said.budget = budget;

  const sort = firstMatch(folded, SORTS);
  // "the most fuel-efficient" is an order, not a kind of car; "any type" names no type.
  let rest = folded;
  for (const [, pattern] of SORTS) rest = without(rest, pattern);
  const cleared = CLEARS.filter(([, pattern]) => test(pattern, rest)).map(([need]) => need);
  for (const [, pattern] of CLEARS) rest = without(rest, pattern);
  const drive = test(DRIVE_4X4, rest);
  if (drive) said.drive = '4x4';
  // "4x4" is a drive, never a body type or a seat count.
  rest = without(rest, DRIVE_4X4);
  const bodyType = firstOf<ChatBodyType>(rest, BODY_TYPES);
  if (bodyType) said.bodyType = bodyType;
  const fuel = firstOf<ChatFuel>(rest, FUELS);
  if (fuel) said.fuel = fuel;
  const priority = firstOf<ChatPriority>(rest, PRIORITIES);
  if (priority) said.priority = priority;
  const usage = firstMatch(rest, USAGES);
  if (usage) said.usage = usage;
  const seats = readSeats(rest);
  if (seats !== undefined) said.seats = seats;
  // A family car seats five at least (a coupe or a two-seater does not).
  const supposed: ChatFilterSlot[] = [];
  if (seats === undefined && usage === 'family' && prior.seats === null) {
    said.seats = 5;
    supposed.push('seats');
  }
  const range = readRange(rest);
  if (range !== undefined) said.minRangeKm = range;
  const condition = firstOf<ChatCondition>(rest, CONDITIONS);
  if (condition) said.condition = condition;
  const year = readYear(rest, budget);
  if (year !== undefined) said.minYear = year;
  const make = readMake(rest);
  if (make) said.make = make;
  const location = LOCATION.exec(rest);
  if (location) said.location = CITY_OF.get(location[1]!) ?? null;
  const type = preferredVehicleTypeOf({ bodyType: bodyType ?? null, fuel: fuel ?? null, priority: priority ?? null });
  if (type) said.preferredVehicleType = type;

  // "any type" lets go of the body type; "no budget" of the budget; "any use" of the usage.
  const clears = (need: ChatNeed) => cleared.includes(need);
  const slots: ChatSlots = { ...EMPTY_CHAT_CONTEXT, ...prior };
  const next: ChatSlots = { ...slots };
  for (const key of Object.keys(said) as Array<keyof ChatContext>) if (key !== 'preferredVehicleType') (next as Record<string, unknown>)[key] = said[key];
  if (clears('type') && !said.bodyType) {
    next.bodyType = null;
    if (!said.priority) next.priority = null;
  }
  if (clears('budget') && !said.budget) next.budget = null;
  if (clears('usage') && !said.usage) next.usage = null;
  const context: ChatContext = { ...next, preferredVehicleType: preferredVehicleTypeOf(next) };
  const before: ChatContext = { ...EMPTY_CHAT_CONTEXT, ...prior };
  const actuallyCleared = cleared.filter((need) => (need === 'budget' ? !said.budget : need === 'type' ? !said.bodyType : !said.usage));
  const questions = QUESTIONS.filter(([, pattern]) => test(pattern, folded)).map(([topic]) => topic);
  const deliverTo = questions.includes('delivery') ? deliveryCityOf(text) : null;
  return {
    context,
    said,
    ...(supposed.length > 0 ? { supposed } : {}),
    prior: before,
    changed: JSON.stringify(context) !== JSON.stringify(before),
    ...(actuallyCleared.length > 0 ? { cleared: actuallyCleared } : {}),
    wantsPerson: test(WANTS_PERSON, folded),
    asksPricing: test(ASKS_PRICING, folded.replace(NOT_PRICING, ' ')),
    asksOther: questions.some((topic) => OTHER_TOPICS.has(topic)),
    ...(sort ? { sort } : {}),
    questions,
    ...(deliverTo ? { deliverTo } : {}),
  };
}

/**
 * A message's understanding with the slots a language model read in it (set_preferences, issue 40.5). The rules engine
 * comes first: a slot it read in this message, or let go of ("any type", "no budget"), keeps its value, and the model
 * may set every other filter slot (fill one that is unset, or change one an earlier message set, which the reply
 * sums up again); a slot the rules engine only supposed (a family car seats five) the model may set too. A model never
 * clears a slot. `applied` are the slots the model changed, `kept` those it asked to change and the rules engine held.
 */
export function withModelSlots(understanding: Understanding, slots: ChatFilterSlots): { understanding: Understanding; applied: ChatFilterSlot[]; kept: ChatFilterSlot[] } {
  const supposed = understanding.supposed ?? [];
  const cleared = understanding.cleared ?? [];
  const readThisTurn = (slot: ChatFilterSlot) =>
    (slot in understanding.said && !supposed.includes(slot)) || (slot === 'budget' && cleared.includes('budget')) || (slot === 'bodyType' && cleared.includes('type'));
  const next: ChatContext = { ...understanding.context };
  const said: Partial<ChatContext> = { ...understanding.said };
  const applied: ChatFilterSlot[] = [];
  const kept: ChatFilterSlot[] = [];
  for (const slot of CHAT_FILTER_SLOTS) {
    const value = slots[slot];
    if (value === undefined) continue;
    if (readThisTurn(slot)) {
      if (JSON.stringify(value) !== JSON.stringify(next[slot])) kept.push(slot);
      continue;
    }
    if (JSON.stringify(value) === JSON.stringify(next[slot])) continue;
    (next as Record<string, unknown>)[slot] = value;
    (said as Record<string, unknown>)[slot] = value;
    applied.push(slot);
  }
  if (applied.length === 0) return { understanding, applied, kept };
  const context: ChatContext = { ...next, preferredVehicleType: preferredVehicleTypeOf(next) };
  const type = preferredVehicleTypeOf({ bodyType: said.bodyType ?? null, fuel: said.fuel ?? null, priority: said.priority ?? null });
  if (type) said.preferredVehicleType = type;
  return {
    understanding: { ...understanding, context, said, supposed: supposed.filter((slot) => !applied.includes(slot)), changed: JSON.stringify(context) !== JSON.stringify(understanding.prior) },
    applied,
    kept,
  };
}
