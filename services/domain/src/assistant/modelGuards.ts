import { CURRENCIES } from '../money/currencies';

/**
 * The guards that hold a language model's reply to our own data (issue 40.5). Visitor text reaches the model, so its
 * words may be anyone's (prompt injection): whatever it writes, a reply is shown only when every car it names is one
 * of the turn's grounded vehicles (the rules engine's cards and the tools' results), every money amount in it is
 * one of the turn's figures, and it sends the buyer to no address, email or phone number. Otherwise the rules engine's
 * reply is shown. Pure: the API gives the facts.
 *
 * Both guards err towards refusing: a figure or a name they cannot place costs a fallback to the rules engine's
 * reply, never a made-up car or price in front of a buyer. They read a reply once, linearly (its length is capped).
 */

export interface GroundedVehicle {
  /** The vehicle's name as the catalogue writes it ("BYD Atto 3"). */
  name: string;
}

export interface GroundedAmount {
  /** Major units of `currency`. */
  amount: number;
  currency: string;
  /** The car the figure is of (its price, landed cost, monthly payment), as its name is written; none for a budget or a deposit. */
  vehicle?: string;
}

export interface GroundingFacts {
  vehicles: readonly GroundedVehicle[];
  amounts: readonly GroundedAmount[];
  /** The visitor's currency: an amount written without a currency is read as one of it. */
  currency: string;
  /** Every make the catalogue lists and the world's common makes: a make named must be followed by a grounded model. */
  makes: readonly string[];
  /** Every model name the catalogue lists: one named must belong to a grounded vehicle of this turn. */
  models: readonly string[];
}

export type GuardViolation = { guard: 'vehicle' | 'price' | 'contact'; found: string };

/**
 * Makes a model may name that we do not list: a reply naming any of them with a model is refused unless a grounded car
 * is that one. Makes that are everyday words (Smart, Seat, Mini, Tank, Dodge; "tata" is Swahili) are left out: a buyer's
 * "smart choice" must not cost the model's reply.
 */
export const WORLD_MAKES = [
  'Acura', 'Alfa Romeo', 'Aston Martin', 'Audi', 'BAIC', 'Bentley', 'BMW', 'Buick', 'BYD', 'Cadillac', 'Changan', 'Chery', 'Chevrolet',
  'Chrysler', 'Citroen', 'Citroën', 'Dacia', 'Daewoo', 'Daihatsu', 'Dongfeng', 'Exeed', 'FAW', 'Ferrari', 'Fiat', 'Ford', 'Foton', 'GAC',
  'Geely', 'GMC', 'Great Wall', 'Haval', 'Honda', 'Hongqi', 'Hummer', 'Hyundai', 'Infiniti', 'Innoson', 'Isuzu', 'JAC', 'Jeep', 'Jetour',
  'Kia', 'Lamborghini', 'Land Rover', 'Lexus', 'Li Auto', 'Lynk', 'Mahindra', 'Maserati', 'Mazda', 'Mercedes', 'Mercedes-Benz', 'MG',
  'Mitsubishi', 'Nio', 'Nissan', 'Omoda', 'Opel', 'Peugeot', 'Porsche', 'Proton', 'Range Rover', 'Renault', 'Rivian', 'Rolls-Royce',
  'ROX', 'Skoda', 'Škoda', 'SsangYong', 'Subaru', 'Suzuki', 'Tesla', 'Toyota', 'Volkswagen', 'VW', 'Volvo',
  'Wuling', 'Xpeng', 'Zeekr', 'Zotye',
];

/**
 * Models a model may name without their make ("the Land Cruiser", "a Camry"), common on African roads, that we may not
 * list: one named must belong to a grounded car, like a catalogue model. Models that are everyday words or names
 * (Pilot, Escape, Patrol, Accord, Golf, Polo, Kicks, Sienna) are left out, as the makes that are.
 */
export const WORLD_MODELS = [
  '4Runner', 'Avalon', 'Camry', 'Cerato', 'Cherokee', 'Corolla', 'CR-V', 'D-Max', 'Elantra', 'Fortuner', 'Highlander', 'Hilux', 'HR-V',
  'Jetta', 'Land Cruiser', 'Navara', 'Outlander', 'Pajero', 'Passat', 'Picanto', 'Prado', 'Qashqai', 'RAV4', 'Sentra', 'Sequoia',
  'Sorento', 'Sportage', 'Tacoma', 'Tiguan', 'Touareg', 'Tucson', 'Tundra', 'Venza', 'Wrangler', 'X-Trail', 'Yaris', 'Altima',
];

/** Words that may follow a make without naming a car ("BYD cars", "Toyota est", "BYD na"), in the four languages and Pidgin. */
const NOT_A_MODEL = new Set(
  [
    'a', 'an', 'and', 'are', 'as', 'at', 'brand', 'brands', 'by', 'car', 'cars', 'for', 'from', 'has', 'have', 'in', 'is', 'line', 'lineup',
    'makes', 'model', 'models', 'of', 'on', 'or', 'range', 'the', 'to', 'vehicle', 'vehicles', 'was', 'were', 'with', 'which', 'that', "'s", '’s', 's',
    'et', 'est', 'ou', 'de', 'des', 'du', 'la', 'le', 'les', 'sont', 'voiture', 'voitures', 'modèle', 'modèles', 'marque',
    'na', 'ni', 'au', 'ya', 'za', 'wa', 'gari', 'magari', 'dey', 'go', 'get', 'be',
    'و', 'أو', 'من', 'سيارات', 'سيارة',
  ].map((word) => word.toLowerCase()),
);

const fold = (text: string) => text.normalize('NFKC').toLowerCase();
const ENDS_IN_WORD_CHARACTER = /[\p{L}\p{N}]$/u;
const STARTS_WITH_WORD_CHARACTER = /^[\p{L}\p{N}]/u;
/**
 * Where any of the words stands whole in the text (no letter or digit of any script touching it), case aside, as the text
 * reads: at each place the longest word first, and past a word found. The same as a pattern of the words as
 * alternatives, without building one from the catalogue's words at run time: a search over words and positions, linear
 * in both.
 */
function wholeWords(text: string, words: readonly string[]): Array<{ index: number; word: string }> {
  const wanted = [...new Set(words.map((word) => word.toLowerCase()))].filter((word) => word.length > 0).sort((a, b) => b.length - a.length);
  const found: Array<{ index: number; word: string }> = [];
  for (let at = 0; at < text.length; at++) {
    if (at > 0 && ENDS_IN_WORD_CHARACTER.test(text.slice(Math.max(0, at - 2), at))) continue;
    const word = wanted.find((candidate) => text.slice(at, at + candidate.length).toLowerCase() === candidate && !STARTS_WITH_WORD_CHARACTER.test(text.slice(at + candidate.length, at + candidate.length + 2)));
    if (!word) continue;
    found.push({ index: at, word: text.slice(at, at + word.length) });
    at += word.length - 1;
  }
  return found;
}
const NEXT_WORD = /^[\s\u00a0]*(?<word>[\p{L}\p{N}][\p{L}\p{N}-]*|['’]s)?/u;

/**
 * Every car the reply names is a grounded vehicle: a make followed by a model-like word (capitalised, with a digit, or
 * anything after a make written in lower case) must begin a grounded car's name, and a catalogue model only a
 * grounded car may have.
 */
function vehicleViolation(reply: string, facts: GroundingFacts): GuardViolation | null {
  const grounded = facts.vehicles.map((vehicle) => fold(vehicle.name));
  for (const { index, word: make } of wholeWords(reply, [...facts.makes, ...WORLD_MAKES])) {
    const end = index + make.length;
    const next = NEXT_WORD.exec(reply.slice(end, end + 80))?.groups?.['word'];
    if (!next || NOT_A_MODEL.has(fold(next))) continue;
    const modelLike = /[\p{Lu}\p{N}]/u.test(next) || make === make.toLowerCase() || !/\p{Ll}/u.test(next.charAt(0));
    if (!modelLike) continue;
    // The make and its next word begin a grounded car's name ("BYD Atto" of "BYD Atto 3").
    const named = `${fold(make)} ${fold(next)}`;
    if (!grounded.some((name) => name === named || name.startsWith(`${named} `))) return { guard: 'vehicle', found: `${make} ${next}` };
  }
  const models = [...facts.models, ...WORLD_MODELS].filter((model) => model.length >= 3);
  // A model named is one a grounded car's name holds as whole words ("Corolla" of "Toyota Corolla Cross").
  for (const { word } of wholeWords(reply, models)) {
    if (!grounded.some((name) => wholeWords(name, [word]).length > 0)) return { guard: 'vehicle', found: word };
  }
  return null;
}

/** The currency markers a reply may write an amount with, longest first, each with its currency. */
const MARKERS: Array<{ marker: string; currency: string }> = [
  ...CURRENCIES.flatMap(({ code, symbol }) => [
    { marker: symbol, currency: code },
    { marker: code, currency: code },
  ]),
  { marker: 'US$', currency: 'USD' },
  { marker: '$', currency: 'USD' },
  { marker: 'USD', currency: 'USD' },
  { marker: 'dollars', currency: 'USD' },
  { marker: 'naira', currency: 'NGN' },
  { marker: 'N', currency: 'NGN' },
  { marker: 'shillings', currency: 'KES' },
  { marker: 'cedis', currency: 'GHS' },
  { marker: 'rand', currency: 'ZAR' },
  { marker: 'francs', currency: 'XOF' },
  { marker: 'F CFA', currency: 'XOF' },
  { marker: '€', currency: 'EUR' },
  { marker: 'EUR', currency: 'EUR' },
  { marker: '£', currency: 'GBP' },
].sort((a, b) => b.marker.length - a.marker.length);

const MAGNITUDES: Record<string, number> = {
  k: 1e3, thousand: 1e3, elfu: 1e3, mille: 1e3,
  m: 1e6, mn: 1e6, mil: 1e6, milli: 1e6, million: 1e6, millions: 1e6, milioni: 1e6, 'مليون': 1e6,
  b: 1e9, bn: 1e9, billion: 1e9, billions: 1e9, milliard: 1e9, milliards: 1e9, bilioni: 1e9,
};
/** Units after a number that make it anything but money. */
const NOT_MONEY_UNIT = /^\s?(?:%|km|kilom|mi\b|miles|hp|ch\b|bhp|kw|cc|l\b|litre|liter|nm|kg|seat|place|viti|months?|mois|miezi|year|ans?\b|miaka|days?|jours|siku|weeks?|semaines|hours?|heures|min)/u;

// One number: digits grouped by thousands (with , . or a space of any kind) or plain, with a decimal part.
const NUMBER = /(?<![\p{N}.,])(?<digits>\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?)(?<magnitude>\s?(?:k|thousand|elfu|mille|mn|m|milli|millions?|milioni|مليون|bn|b|billions?|milliards?|bilioni|mil)(?![\p{L}]))?/giu;

interface Mention {
  text: string;
  index: number;
  value: number;
  /** How far from the stated figure ours may be and still be the same figure written rounded. */
  tolerance: number;
  currency: string | null;
  marked: boolean;
}

function numberOf(digits: string): { value: number; decimals: number } {
  // A separator followed by one or two digits at the end is a decimal mark; the others group thousands.
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, decimal.index) : digits).replace(/[^\d]/g, '');
  const fraction = decimal ? decimal[1]! : '';
  // A lone "24.500" (three digits after one mark) groups thousands, as "24,500" does.
  return { value: Number(`${whole}.${fraction || '0'}`), decimals: fraction.length };
}

/** The currency written right before a number ("₦", "USD ", "N" of "N24.5m", "KSh" of "KSh2m"), if any. */
function markerBefore(text: string, start: number): string | null {
  const before = text.slice(Math.max(0, start - 8), start).trimEnd();
  for (const { marker, currency } of MARKERS) {
    // "N" alone stands for the naira only right before the digits ("N24.5m"), never as a word's last letter.
    if (marker === 'N') {
      if (/(?<![\p{L}])N$/u.test(text.slice(Math.max(0, start - 2), start))) return currency;
      continue;
    }
    const lettered = /\p{L}$/u.test(marker);
    if (before.endsWith(marker) && (!lettered || !/\p{L}/u.test(before.charAt(before.length - marker.length - 1)))) return currency;
  }
  return null;
}

function markerNear(text: string, start: number, end: number): string | null {
  const before = markerBefore(text, start);
  if (before) return before;
  const after = text.slice(end, end + 12).trimStart();
  for (const { marker, currency } of MARKERS) {
    if (marker === 'N') continue;
    const lettered = /\p{L}$/u.test(marker);
    if (after.startsWith(marker) && (!lettered || !/^\p{L}/u.test(after.slice(marker.length)))) return currency;
  }
  return null;
}

function mentionsOf(reply: string): Mention[] {
  const mentions: Mention[] = [];
  for (const match of reply.matchAll(NUMBER)) {
    // Digits right after a letter are part of a word ("RAV4", "CS35", "LX570") unless that word is a currency ("N5m", "USD30000", "KSh2m").
    if (/\p{L}/u.test(reply.charAt(match.index - 1)) && markerBefore(reply, match.index) === null) continue;
    const { digits, magnitude } = match.groups as { digits: string; magnitude?: string };
    const { value, decimals } = numberOf(digits);
    const scale = magnitude ? (MAGNITUDES[magnitude.trim().toLowerCase()] ?? 1) : 1;
    const end = match.index + match[0].length;
    const currency = markerNear(reply, match.index, end);
    if (currency === null) {
      if (!magnitude && NOT_MONEY_UNIT.test(reply.slice(end, end + 12).toLowerCase())) continue;
      // Small numbers (seats, months, a rate) and years go without saying; a big one, or one grouped by thousands ("9,999"), is read as money.
      const grouped = /[,.\u00a0\u202f ]\d{3}/u.test(digits) && decimals === 0;
      if (!magnitude && ((value < 10_000 && !grouped) || (Number.isInteger(value) && value >= 1900 && value <= 2100))) continue;
    }
    mentions.push({ text: match[0], index: match.index, value: value * scale, tolerance: (0.5 * scale) / 10 ** decimals, currency, marked: currency !== null });
  }
  return mentions;
}

/**
 * A magnitude written in words without digits before it ("one million naira", "fifty thousand"): an amount the
 * figures cannot be checked against, so never shown.
 */
const MAGNITUDE_IN_WORDS = /(?<![\p{L}\p{N}])(?<!\d[\s\u00a0])(?:hundred|thousand|million|millions|billion|billions|mille|milliers|milliard|milliards|elfu|laki|milioni|bilioni|ألف|آلاف|مليون|ملايين|مليار)(?![\p{L}])/iu;

/** A discount or a rebate: a price our data does not have, whatever figure comes with it ("10% off"). Not "remise" (also the handing over of the keys). */
const DISCOUNT = /(?<![\p{L}])(?:discounts?|rebates?|%\s?off|percent off|réductions?|rabais|punguzo|خصم|تخفيض)(?![\p{L}])/iu;

/** Digits of other scripts as the guards read them (an Arabic reply may write ٤٥٠٠٠٠٠٠); NFKC takes full-width ones. */
const asciiDigits = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\u0660-\u0669]/gu, (digit) => String(digit.charCodeAt(0) - 0x660))
    .replace(/[\u06f0-\u06f9]/gu, (digit) => String(digit.charCodeAt(0) - 0x6f0))
    .replace(/\u066b/gu, '.')
    .replace(/\u066c/gu, ',');

/**
 * The grounded cars a figure at `index` is said of: the last one named before it in its sentence, by its name or by its
 * name without the make ("the RAV4" of "Toyota RAV4"), if any. A sentence ends at ! ? a line break, or a full stop
 * before a space (not a decimal mark).
 */
function carsBefore(reply: string, index: number, names: ReadonlyMap<string, readonly string[]>): readonly string[] | null {
  const before = reply.slice(0, index);
  const start = Math.max(before.lastIndexOf('!'), before.lastIndexOf('?'), before.lastIndexOf('\n'), before.lastIndexOf('. '));
  const last = wholeWords(fold(before.slice(start + 1)), [...names.keys()]).at(-1);
  return last ? names.get(last.word)! : null;
}

/** Each way a reply may name a grounded car (its name, its name without the make), folded, with the cars it names. */
function carNames(facts: GroundingFacts): Map<string, string[]> {
  const makes = [...facts.makes, ...WORLD_MAKES].map(fold).sort((a, b) => b.length - a.length);
  const names = new Map<string, string[]>();
  const add = (name: string, car: string) => names.set(name, [...new Set([...(names.get(name) ?? []), car])]);
  for (const vehicle of facts.vehicles) {
    const car = fold(vehicle.name);
    add(car, car);
    const make = makes.find((candidate) => car.startsWith(`${candidate} `));
    if (make && car.length - make.length > 2) add(car.slice(make.length + 1), car);
  }
  return names;
}

/**
 * Every amount the reply writes is one of the turn's figures, in the currency it names (the visitor's when it names
 * none), and a figure said of a car is that car's (or one of no car: a budget, a deposit): the price of one car is
 * never given to another.
 */
function priceViolation(reply: string, facts: GroundingFacts): GuardViolation | null {
  // Digits of a script the guards do not read could carry any figure past them.
  const unread = /(?![0-9])\p{Nd}/u.exec(reply);
  if (unread) return { guard: 'price', found: unread[0] };
  const inWords = MAGNITUDE_IN_WORDS.exec(reply) ?? DISCOUNT.exec(reply);
  if (inWords) return { guard: 'price', found: inWords[0] };
  const names = carNames(facts);
  for (const mention of mentionsOf(reply)) {
    const currency = mention.currency ?? facts.currency;
    // Whole units are written for minor ones: ₦24,487,300 for ₦24,487,300.45.
    const tolerance = Math.max(mention.tolerance, 1);
    const cars = carsBefore(reply, mention.index, names);
    const ours = facts.amounts.some(
      (figure) => figure.currency === currency && Math.abs(figure.amount - mention.value) <= tolerance && (figure.vehicle === undefined || cars === null || cars.includes(fold(figure.vehicle))),
    );
    if (!ours) return { guard: 'price', found: mention.text };
  }
  return null;
}

/**
 * A web address, an email or a phone number: a reply that sends the buyer elsewhere (to pay, to call) is refused. Our
 * own pages are written as paths ("/vehicle/…", "/trade-in"), which stay on the site; our contacts come with the
 * hand-off, never from the model.
 */
const WEB_ENDINGS = new Set(['com', 'net', 'org', 'io', 'ng', 'africa', 'co', 'biz', 'info', 'xyz', 'app', 'me', 'ly', 'link', 'shop', 'store', 'example']);
// "+234 803 555 0123", "0803-555-0123", "(0803) 5550123": seven digits or more in a row of digits, spaces and dashes.
const PHONE = /(?:\+|\b0)\d[\d\s().-]{6,}\d/u;

function contactViolation(reply: string): GuardViolation | null {
  for (const word of reply.split(/\s/u)) {
    const token = word.replace(/^[("'«]/u, '').replace(/[)"'».,;:!?]$/u, '');
    const lower = token.toLowerCase();
    const ending = lower.slice(lower.lastIndexOf('.') + 1);
    const elsewhere =
      lower.startsWith('http://') || lower.startsWith('https://') || lower.startsWith('www.') || lower.includes('@') || (lower.includes('.') && !lower.startsWith('/') && WEB_ENDINGS.has(ending));
    if (elsewhere) return { guard: 'contact', found: token };
  }
  const phone = PHONE.exec(reply);
  return phone ? { guard: 'contact', found: phone[0] } : null;
}

/** The first guard a model's reply breaks, or null when every car and every price in it is grounded and it sends nobody elsewhere. */
export function guardModelReply(reply: string, facts: GroundingFacts): GuardViolation | null {
  const read = asciiDigits(reply);
  return contactViolation(read) ?? vehicleViolation(read, facts) ?? priceViolation(read, facts);
}

/** Every amount a text of ours writes (the rules engine's draft): the model may repeat them. */
export function amountsIn(text: string, currency: string): GroundedAmount[] {
  return mentionsOf(text).map((mention) => ({ amount: mention.value, currency: mention.currency ?? currency }));
}
