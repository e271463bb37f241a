import { describe, expect, it } from 'vitest';
import {
  CARD_SORTS,
  CHAT_FAILURE_MESSAGE,
  CHAT_STAGES,
  composeReply,
  CURRENCY_CODES,
  DATA_COLLECTION_CATALOGUE,
  describeContext,
  describeDetails,
  EMPTY_CHAT_CONTEXT,
  firstSuggestionsFor,
  FIRST_SUGGESTIONS,
  formatPlain,
  fullContext,
  greetingFor,
  RESERVATION_DEPOSIT_NGN,
  SALES_WHATSAPP,
  SITE_LANGUAGES,
  sortCards,
  TARA_TOPICS,
  understandMessage,
  type CardSort,
  type ChatContext,
  type ChatStage,
  type ChatVehicleCard,
  type CurrencyCode,
  type MatchKind,
  type SiteLanguage,
  type VehicleMatches,
} from '../src/index';
import { seededRandom } from '../src/testFixtures';

/** Every model we sell, as the API names it; and names that look like them (a variant added, or a model's prefix). */
const CATALOGUE_NAMES = DATA_COLLECTION_CATALOGUE.map((entry) => `${entry.brand} ${entry.model}`);
const LOOK_ALIKES = [
  ...DATA_COLLECTION_CATALOGUE.map((entry) => `${entry.brand} ${entry.model} ${entry.variants[0]}`),
  'Toyota Corolla', // a prefix of Toyota Corolla Cross, and a model itself
  'Chery Tiggo 8 Pro Max',
  'BYD Han EV',
  'MG ZS EV',
];
const ALL_NAMES = [...new Set([...CATALOGUE_NAMES, ...LOOK_ALIKES])];

let cardCounter = 0;
function card(name: string, currency: string, rng: ReturnType<typeof seededRandom>): ChatVehicleCard {
  cardCounter += 1;
  const id = `v${cardCounter}`;
  return {
    id,
    name,
    subtitle: rng.pick(['XLE', 'Luxury', 'Premium']),
    year: rng.pick([2023, 2024, 2025]),
    category: rng.pick(['SUV', 'Sedan', 'Pickup', 'Hatchback']),
    price: { amount: Math.round(rng.next() * 90_000_000) + 1000, currency },
    image: null,
    efficiency: { label: 'x', score: Math.round(rng.next() * 100) / 10 },
    powerHp: rng.next() < 0.1 ? null : Math.round(rng.next() * 500) + 80,
    rating: 4,
    reviewCount: Math.floor(rng.next() * 300),
    path: `/vehicle/${id}`,
  };
}

/** Pieces of buyer messages in the four languages, car names included (a reply must not echo them). */
const FRAGMENTS = [
  'I need a family SUV under 30 million naira',
  "J'ai besoin d'un SUV familial à moins de 30 millions de nairas",
  'أحتاج سيارة دفع رباعي عائلية بأقل من ٣٠ مليون نيرة',
  'Nahitaji SUV ya familia chini ya naira milioni 30',
  '₦15m', '15 million naira', 'KES 2.5m', '20 000 $', 'مليون دولار', 'Budget $25K', 'between 10 and 15 million', '2,5 m',
  'a sedan', 'une berline', 'سيدان', 'gari la umeme', 'a pick-up for the farm', 'Fuel-efficient cars', 'une voiture électrique', 'هجينة', 'lori',
  'for commuting', 'pour le travail', 'للعائلة', 'kwa biashara', 'for Uber',
  'cheapest first', 'the most powerful', 'les plus populaires', 'الأكثر توفيرا',
  'talk to someone', 'WhatsApp', 'parler à un conseiller', 'أريد التحدث مع شخص', 'nataka kuongea na mtu',
  'financing options', 'deposit?', 'réserver', 'تقسيط', 'mkopo',
  'any type', 'no budget', 'hello', 'ok', 'merci', 'شكرا', 'asante',
  'is the Toyota Land Cruiser Prado available?', 'what about the BYD Han', 'I saw a Toyota Corolla', 'Chery Tiggo 8 Pro Max?', 'a 2024 model with 7 seats', '50,000 km',
];

/** Words of the English wording that another language's reply must not contain (outside car names and links). */
const ENGLISH_WORDS = ['here', 'what', 'these', 'your', 'nothing', 'closest', 'within', 'tell', 'the', 'with', 'you', 'for', 'have', 'press', 'sorted', 'first', 'person', 'team', 'deposit', 'sell'];
const ENGLISH_PATTERNS = ENGLISH_WORDS.map((word) => [word, new RegExp(`(^|[^a-zà-ÿ])${word}(?![a-zà-ÿ])`, 'i')] as const);
/** Symbols of the ten currencies and the dollar, which any language writes as they are. */
const SYMBOLS = ['KSh', 'GH₵', 'TSh', 'USh', 'FCFA', 'CFA', 'Br', 'Kz', 'R', '₦', '$'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The content without the given vehicles' names (longest first) and without links. */
function stripNamesAndLinks(content: string, names: string[]): string {
  let rest = content;
  for (const name of [...names].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ');
  return rest.replace(/\/[\w/-]+/g, ' ');
}
const NAME_PATTERNS = ALL_NAMES.map((name) => [name, new RegExp(`(^|[^\\w])${escapeRegExp(name)}(?![\\w])`, 'i')] as const);
const namesIn = (text: string) => NAME_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);

const MATCH_KINDS: MatchKind[] = ['within-budget', 'cheaper-than-asked', 'other-type', 'none', 'not-asked'];

describe('grounding (model-based): Tara names only the vehicles she was given, in the asked language', () => {
  it('holds over 1000 generated messages, candidate sets, stages, languages and currencies', () => {
    const rng = seededRandom(20261125);
    const failures: string[] = [];
    for (let run = 0; run < 1000; run += 1) {
      const language = rng.pick(SITE_LANGUAGES);
      const currency = rng.pick(CURRENCY_CODES) as CurrencyCode;
      const text = rng.some(FRAGMENTS, 4).join(rng.pick([', ', ' ', '. ', ' et ', ' na ', ' و ']));
      const prior: ChatContext = rng.next() < 0.5 ? EMPTY_CHAT_CONTEXT : fullContext({ preferredVehicleType: rng.pick(['suv', 'sedan', null]), usage: rng.pick(['family', null]), budget: rng.next() < 0.5 ? { amount: 20_000_000, currency: 'NGN' } : null });
      const understanding = understandMessage(text, { language, currency, prior });
      const kind = rng.pick(MATCH_KINDS);
      // Cards are priced in the visitor's currency; a budget in another comes with what each costs in it.
      const vehicles = kind === 'none' ? [] : rng.some(ALL_NAMES, 6).map((name) => card(name, currency, rng));
      const budgetCurrency = understanding.context.budget?.currency;
      const inBudgetCurrency =
        budgetCurrency && budgetCurrency !== currency ? Object.fromEntries(vehicles.map((vehicle) => [vehicle.id, { amount: Math.round(rng.next() * 5_000_000) / 100, currency: budgetCurrency }])) : null;
      const matches: VehicleMatches = { kind, vehicles, inBudgetCurrency, rates: rng.next() < 0.5 ? { source: 'exchangerate-api', timestamp: '2026-11-25T09:00:00Z' } : null };
      const stage = rng.pick(CHAT_STAGES) as ChatStage;
      const reply = composeReply({ language, stage, understanding, matches });
      const given = vehicles.map((vehicle) => vehicle.name);
      // A brand the buyer named ("a Toyota") is a name too, as the cards' are.
      const words = stripNamesAndLinks(reply.content, [...given, ...(understanding.context.make ? [understanding.context.make] : [])]);
      const broken: string[] = [];
      // Every catalogue (or look-alike) name in the reply is one of the cards.
      const others = namesIn(words);
      if (others.length > 0) broken.push(`names ${others.join(', ')}`);
      // Every card is cited by its page; the rates are cited when prices were converted.
      if (!vehicles.every((vehicle) => reply.citations.some((citation) => citation.source === vehicle.path && citation.label === vehicle.name))) broken.push('a card is not cited');
      if (reply.citations.some((citation) => citation.source.startsWith('rates:')) !== (matches.rates !== null)) broken.push('rates citation');
      // A price is written in the card's currency, and beside it in the budget's when that is another: never a price
      // set against a budget in another currency without both.
      for (const vehicle of vehicles) {
        const named = `${vehicle.year} ${vehicle.name} (`;
        const at = reply.content.indexOf(named);
        if (at < 0) continue;
        const written = reply.content.slice(at + named.length).split(')')[0]!;
        if (!written.startsWith(formatPlain(vehicle.price.amount, vehicle.price.currency, language))) broken.push(`price of ${vehicle.name} not in the card's currency`);
        const inBudget = inBudgetCurrency?.[vehicle.id];
        if (inBudget && !written.includes(formatPlain(inBudget.amount, inBudget.currency, language))) broken.push(`price of ${vehicle.name} without the budget's currency`);
        if (!inBudget && written !== formatPlain(vehicle.price.amount, vehicle.price.currency, language)) broken.push(`price of ${vehicle.name} with more than its price`);
      }
      // Said plainly when nothing (exactly) fits.
      if (vehicles.length === 0 && kind !== 'within-budget' && kind !== 'not-asked' && !reply.content.includes(NONE[language])) broken.push('does not say nothing fits');
      if (vehicles.length > 0 && kind === 'cheaper-than-asked' && !reply.content.includes(CHEAPER[language])) broken.push('does not say the budget is below these cars');
      if (vehicles.length > 0 && kind === 'other-type' && !OTHER_TYPE[language].test(reply.content)) broken.push('does not say the type differs');
      // In the asked language.
      if (language !== 'en') {
        const english = ENGLISH_PATTERNS.filter(([, pattern]) => pattern.test(words)).map(([word]) => word);
        if (english.length > 0) broken.push(`English words ${english.join(', ')}`);
      }
      if (language === 'ar') {
        const latin = SYMBOLS.reduce((rest, symbol) => rest.split(symbol).join(' '), words).replace(/SUV|WhatsApp/g, ' ').match(/[a-z]{2,}/gi);
        if (latin) broken.push(`Latin words ${latin.join(', ')}`);
      }
      if (reply.content.trim() === '' || reply.suggestions.length === 0) broken.push('empty');
      if (broken.length > 0) failures.push(`${broken.join('; ')}\n  ${language} ${stage} ${kind} ${JSON.stringify(text)}\n  ${reply.content}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it('the check itself sees a car named outside the cards, even one a card’s name contains', () => {
    const content = 'These fit: Toyota Corolla Cross (₦30,000,000). Or the Toyota Corolla, or a Toyota RAV4.';
    expect(namesIn(stripNamesAndLinks(content, ['Toyota Corolla Cross']))).toEqual(['Toyota Corolla', 'Toyota RAV4']);
    expect(namesIn(stripNamesAndLinks(content, ['Toyota Corolla Cross', 'Toyota Corolla', 'Toyota RAV4']))).toEqual([]);
  });
});

const NONE: Record<SiteLanguage, string> = {
  en: 'Nothing in our inventory fits this right now.',
  fr: 'Rien dans notre stock ne correspond pour le moment.',
  ar: 'لا يوجد في مخزوننا حاليًا ما يناسب طلبك.',
  sw: 'Hakuna gari katika hifadhi yetu linalofaa kwa sasa.',
};

/** The budget is below every car: said so, and the cars offered are said to cost more than it. */
const CHEAPER: Record<SiteLanguage, string> = {
  en: 'Nothing in our inventory is within your budget right now; the closest, priced above it:',
  fr: "Rien dans notre stock n'entre dans votre budget pour le moment ; les plus proches, à un prix au-dessus :",
  ar: 'لا توجد في مخزوننا حاليًا سيارة ضمن ميزانيتك؛ الأقرب إليها، بسعر أعلى منها:',
  sw: 'Hakuna gari katika hifadhi yetu lililo ndani ya bajeti yako kwa sasa; yaliyo karibu zaidi, kwa bei iliyo juu yake:',
};
/** What Tara says of cards that fit what was asked. */
const FIT: Record<SiteLanguage, string> = {
  en: 'These fit what you told me',
  fr: 'Voici ce qui vous correspond',
  ar: 'هذه السيارات تناسب ما طلبته',
  sw: 'Magari haya yanafaa ulichoniambia',
};
/** With or without a type asked for, the closest of other types are said to be the closest. */
const OTHER_TYPE: Record<SiteLanguage, RegExp> = {
  en: /the closest in other types|The closest I have/,
  fr: /les plus proches, d'un autre type|Les plus proches que j'aie/,
  ar: /الأقرب من أنواع أخرى|الأقرب لما طلبته/,
  sw: /yaliyo karibu zaidi ya aina nyingine|Yaliyo karibu zaidi/,
};

const rng = seededRandom(7);
const family = (language: SiteLanguage, text = 'I need a family SUV under 30 million naira') => understandMessage(text, { language, currency: 'NGN', prior: EMPTY_CHAT_CONTEXT });
const reply = (language: SiteLanguage, kind: MatchKind, vehicles: ChatVehicleCard[], stage: ChatStage = 'needs-assessment', text?: string) =>
  composeReply({ language, stage, understanding: family(language, text), matches: { kind, vehicles, rates: null } });

describe('what a reply says', () => {
  const rav4 = { ...card('Toyota RAV4', 'NGN', rng), year: 2024, price: { amount: 28_000_000, currency: 'NGN' } };

  it.each([
    ['en', 'Got it: budget up to ₦30,000,000, for the family, SUV.', 'These fit what you told me: 2024 Toyota RAV4 (₦28,000,000).'],
    ['fr', "Entendu : budget jusqu'à 30\u202f000\u202f000\u00a0₦, pour la famille, SUV.", 'Voici ce qui vous correspond : 2024 Toyota RAV4 (28\u202f000\u202f000\u00a0₦).'],
    ['ar', 'فهمت: ميزانية حتى ₦30,000,000، للعائلة، سيارة دفع رباعي.', 'هذه السيارات تناسب ما طلبته: 2024 Toyota RAV4 (₦28,000,000).'],
    ['sw', 'Sawa: bajeti hadi ₦30,000,000, kwa familia, SUV.', 'Magari haya yanafaa ulichoniambia: 2024 Toyota RAV4 (₦28,000,000).'],
  ] as const)('%s: restates what was understood so the buyer can correct it, then the cards', (language, understood, cards) => {
    const { content } = reply(language, 'within-budget', [rav4]);
    expect(content).toContain(understood);
    expect(content).toContain(cards);
  });

  it.each([
    ['en', 'I have no SUV within your budget right now; the closest in other types: 2024 Toyota RAV4'],
    ['fr', "Je n'ai pas de SUV dans votre budget pour le moment ; les plus proches, d'un autre type : 2024 Toyota RAV4"],
    ['ar', 'لا تتوفر لدينا سيارة دفع رباعي ضمن ميزانيتك حاليًا؛ الأقرب من أنواع أخرى: 2024 Toyota RAV4'],
    ['sw', 'Sina SUV ndani ya bajeti yako kwa sasa; yaliyo karibu zaidi ya aina nyingine: 2024 Toyota RAV4'],
  ] as const)('%s: says plainly when the closest are of another type', (language, said) => {
    expect(reply(language, 'other-type', [rav4]).content).toContain(said);
  });

  it.each(SITE_LANGUAGES)('%s: says plainly when the budget is below every car, or nothing fits at all', (language) => {
    const aboveBudget = reply(language, 'cheaper-than-asked', [{ ...rav4, price: { amount: 45_000_000, currency: 'NGN' } }]).content;
    expect(aboveBudget).toContain(CHEAPER[language]);
    // Cars above the budget are never said to fit it.
    expect(aboveBudget).not.toContain(FIT[language]);
    expect(reply(language, 'within-budget', [rav4]).content).toContain(FIT[language]);
    const none = reply(language, 'none', []);
    expect(none.content).toContain(NONE[language]);
    expect(none.citations).toEqual([]);
  });

  it.each([
    ['en', 'budget up to $25,000', 'These fit what you told me: 2024 Toyota RAV4 (₦37,730,000, about $24,500).', 'the closest, priced above it: 2024 Toyota RAV4 (₦46,200,000, about $30,000).'],
    ['fr', "budget jusqu'à 25\u202f000\u00a0$", 'Voici ce qui vous correspond : 2024 Toyota RAV4 (37\u202f730\u202f000\u00a0₦, soit environ 24\u202f500\u00a0$).', 'à un prix au-dessus : 2024 Toyota RAV4 (46\u202f200\u202f000\u00a0₦, soit environ 30\u202f000\u00a0$).'],
    ['ar', 'ميزانية حتى $25,000', 'هذه السيارات تناسب ما طلبته: 2024 Toyota RAV4 (₦37,730,000، أي نحو $24,500).', 'بسعر أعلى منها: 2024 Toyota RAV4 (₦46,200,000، أي نحو $30,000).'],
    ['sw', 'bajeti hadi $25,000', 'Magari haya yanafaa ulichoniambia: 2024 Toyota RAV4 (₦37,730,000, takriban $24,500).', 'kwa bei iliyo juu yake: 2024 Toyota RAV4 (₦46,200,000, takriban $30,000).'],
  ] as const)('%s: a budget in dollars on a naira page: each card in naira and in dollars beside it, the budget in dollars', (language, budget, within, above) => {
    const understanding = understandMessage('Budget $25K', { language, currency: 'NGN', prior: EMPTY_CHAT_CONTEXT });
    expect(understanding.context.budget).toEqual({ amount: 25_000, currency: 'USD' });
    const rates = { source: 'exchangerate-api', timestamp: '2026-11-25T09:00:00Z' };
    const fits = composeReply({
      language,
      stage: 'needs-assessment',
      understanding,
      matches: { kind: 'within-budget', vehicles: [{ ...rav4, price: { amount: 37_730_000, currency: 'NGN' } }], inBudgetCurrency: { [rav4.id]: { amount: 24_500, currency: 'USD' } }, rates },
    });
    expect(fits.content).toContain(budget);
    expect(fits.content).toContain(within);
    expect(fits.citations.map((citation) => citation.source)).toContain('rates:exchangerate-api@2026-11-25T09:00:00Z');
    const dearer = composeReply({
      language,
      stage: 'needs-assessment',
      understanding,
      matches: { kind: 'cheaper-than-asked', vehicles: [{ ...rav4, price: { amount: 46_200_000, currency: 'NGN' } }], inBudgetCurrency: { [rav4.id]: { amount: 30_000, currency: 'USD' } }, rates },
    });
    expect(dearer.content).toContain(above);
    // Cards already in the budget's currency are written once.
    expect(reply(language, 'within-budget', [rav4]).content).toContain(`(${formatPlain(28_000_000, 'NGN', language)})`);
  });

  it.each(SITE_LANGUAGES)('%s: asks for what is still missing, one question at a time', (language) => {
    const hello = composeReply({ language, stage: 'needs-assessment', understanding: understandMessage('hello', { language, currency: 'NGN', prior: EMPTY_CHAT_CONTEXT }), matches: { kind: 'not-asked', vehicles: [], rates: null } });
    const asks = {
      en: ['What is your budget?', 'What will you mostly use the car for', 'Which kind of car do you like'],
      fr: ['Quel est votre budget ?', 'À quoi servira surtout la voiture', 'Quel type de voiture aimez-vous'],
      ar: ['ما ميزانيتك؟', 'فيمَ ستستخدم السيارة غالبًا', 'ما نوع السيارة الذي تفضّله'],
      sw: ['Bajeti yako ni kiasi gani?', 'Gari litatumika zaidi kwa nini', 'Unapenda aina gani ya gari'],
    }[language];
    expect(hello.content).toContain(asks[0]);
    expect(hello.content).not.toContain(asks[1]);
    expect(hello.content).not.toContain(asks[2]);
    const noUse = composeReply({ language, stage: 'vehicle-selection', understanding: family(language, 'an SUV under 30 million naira'), matches: { kind: 'not-asked', vehicles: [], rates: null } });
    expect(noUse.content).toContain(asks[1]);
    expect(noUse.content).not.toContain(asks[0]);
    const onlyBudget = composeReply({ language, stage: 'vehicle-selection', understanding: family(language, 'a family SUV'), matches: { kind: 'not-asked', vehicles: [], rates: null } });
    expect(onlyBudget.content).toContain(asks[0]);
    expect(onlyBudget.content).not.toContain(asks[1]);
    expect(onlyBudget.content).not.toContain(asks[2]);
  });

  it.each(CARD_SORTS)('answers a sort request (%s) with the cards in that order', (sort: CardSort) => {
    const cards = Array.from({ length: 5 }, (_, index) => card(CATALOGUE_NAMES[index]!, 'NGN', rng));
    const text = { price: 'cheapest first', power: 'the most powerful', efficiency: 'most efficient', popularity: 'most popular' }[sort];
    const understanding = understandMessage(text, { language: 'en', currency: 'NGN', prior: EMPTY_CHAT_CONTEXT });
    expect(understanding.sort).toBe(sort);
    const { content } = composeReply({ language: 'en', stage: 'vehicle-selection', understanding, matches: { kind: 'within-budget', vehicles: cards, rates: null } });
    const sorted = sortCards(cards, sort);
    const positions = sorted.map((vehicle) => content.indexOf(`${vehicle.name} (`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(content).toContain({ price: 'Sorted by price, lowest first.', power: 'Sorted by power, most powerful first.', efficiency: 'Sorted by fuel efficiency, most efficient first.', popularity: 'Sorted by popularity, most popular first.' }[sort]);
  });

  it.each(SITE_LANGUAGES)('%s: offers a person when asked, in the same reply as the rest', (language) => {
    const text = { en: 'talk to someone', fr: "je veux parler à quelqu'un", ar: 'أريد التحدث مع شخص', sw: 'nataka kuongea na mtu' }[language];
    const { content } = reply(language, 'within-budget', [rav4], 'vehicle-selection', text);
    expect(content).toContain({ en: 'a person from our sales team can help', fr: 'un conseiller de notre équipe commerciale', ar: 'فريق المبيعات مساعدتك', sw: 'mtu wa timu yetu ya mauzo' }[language]);
    expect(content).toContain('WhatsApp'.replace('WhatsApp', language === 'ar' ? 'واتساب' : 'WhatsApp'));
  });

  it.each(SITE_LANGUAGES)('%s: pricing-options explains the reservation deposit and links to reserving, trade-in and sell-car', (language) => {
    const understanding = understandMessage('ok', { language, currency: 'NGN', prior: family(language).context });
    const { content, citations, suggestions } = composeReply({ language, stage: 'pricing-options', understanding, matches: { kind: 'within-budget', vehicles: [rav4], rates: null } });
    expect(content).toContain(formatPlain(RESERVATION_DEPOSIT_NGN, 'NGN', language));
    expect(content).toContain(rav4.path);
    expect(content).toContain('/trade-in');
    expect(content).toContain('/sell-car');
    // Cited, so the widget shows them as links under the reply (the vehicle page is cited as a card).
    expect(citations.map((citation) => citation.source)).toEqual(expect.arrayContaining([rav4.path, '/trade-in', '/sell-car']));
    for (const citation of citations) expect(citation.label?.length).toBeGreaterThan(0);
    expect(suggestions.map((suggestion) => understandMessage(suggestion.text, { language, currency: 'NGN', prior: EMPTY_CHAT_CONTEXT }).asksPricing)).toContain(true);
  });

  it('a pricing question in an earlier stage is answered too, and later messages about needs keep a short pricing reminder', () => {
    const asked = composeReply({ language: 'en', stage: 'needs-assessment', understanding: family('en', 'how much is the deposit?'), matches: { kind: 'not-asked', vehicles: [], rates: null } });
    expect(asked.content).toContain('the reservation deposit is ₦5,000,000');
    const needs = reply('en', 'within-budget', [rav4], 'pricing-options');
    expect(needs.content).toContain('These fit what you told me');
    expect(needs.content).toContain("When you're ready: reserve with a ₦5,000,000 deposit");
    expect(needs.citations).toEqual(expect.arrayContaining([{ source: '/trade-in', label: 'Trade in your car' }, { source: '/sell-car', label: 'Sell your car' }]));
    expect(reply('en', 'within-budget', [rav4], 'vehicle-selection').citations.map((citation) => citation.source)).toEqual([rav4.path]);
  });

  it('describes the context for the widget, and says what a message took back', () => {
    expect(describeContext(family('en').context, 'en')).toBe('budget up to ₦30,000,000, for the family, SUV');
    expect(describeContext(EMPTY_CHAT_CONTEXT, 'fr')).toBe('');
    const cleared = understandMessage('any type', { language: 'en', currency: 'NGN', prior: family('en').context });
    expect(composeReply({ language: 'en', stage: 'vehicle-selection', understanding: cleared, matches: { kind: 'not-asked', vehicles: [], rates: null } }).content).toContain(
      'budget up to ₦30,000,000, for the family, any type',
    );
  });

  it('keeps the reservation constants in one place, as the vehicle page uses them', () => {
    expect(RESERVATION_DEPOSIT_NGN).toBe(5_000_000);
    expect(SALES_WHATSAPP).toBe('2348002886237');
  });
});

describe('greetings, suggestions and the failure message', () => {
  it.each(SITE_LANGUAGES)('%s: greets, also about each topic of the Tara page', (language) => {
    expect(greetingFor(language)).toContain({ en: "I'm Tara", fr: 'je suis Tara', ar: 'أنا تارا', sw: 'mimi ni Tara' }[language]);
    const topics = new Set(TARA_TOPICS.map((topic) => greetingFor(language, topic)));
    expect(topics.size).toBe(TARA_TOPICS.length);
  });

  it("keeps the spec's three quick replies in English, and translates them", () => {
    expect(FIRST_SUGGESTIONS.map((suggestion) => suggestion.label)).toEqual(['Budget $25K', 'Show me SUVs', 'Fuel-efficient cars']);
    expect(firstSuggestionsFor('fr').map((suggestion) => suggestion.label)).toEqual(['Budget de 25 000 $', 'Montrez-moi des SUV', 'Voitures économiques']);
  });

  it.each(SITE_LANGUAGES)('%s: every suggestion Tara offers means what it says when sent', (language) => {
    const read = (text: string) => understandMessage(text, { language, currency: 'NGN', prior: EMPTY_CHAT_CONTEXT });
    const [budget, suvs, efficient] = firstSuggestionsFor(language);
    expect(read(budget!.text).said.budget).toEqual({ amount: 25_000, currency: 'USD' });
    expect(read(suvs!.text).said.preferredVehicleType).toBe('suv');
    expect(read(efficient!.text).said.preferredVehicleType).toBe('economy');
    const rav4 = card('Toyota RAV4', 'NGN', rng);
    const offered = new Map<string, string>();
    const handoffs = new Set<string>();
    for (const stage of CHAT_STAGES) {
      for (const kind of MATCH_KINDS) {
        for (const suggestion of composeReply({ language, stage, understanding: read('hello'), matches: { kind, vehicles: kind === 'none' ? [] : [rav4], rates: null } }).suggestions) {
          offered.set(suggestion.text, suggestion.label);
          if (suggestion.action === 'handoff') handoffs.add(suggestion.text);
        }
      }
    }
    // The widget opens the hand-off form for exactly the suggestions that ask for a person.
    expect([...handoffs]).toEqual([...offered.keys()].filter((text) => read(text).wantsPerson));
    for (const text of offered.keys()) {
      const understanding = read(text);
      const means = understanding.wantsPerson || understanding.asksPricing || understanding.sort !== undefined || Object.keys(understanding.said).length > 0;
      expect(means, text).toBe(true);
    }
    expect([...offered.keys()].some((text) => read(text).wantsPerson)).toBe(true);
  });

  it('has the failure message of spec section 8 in each language', () => {
    expect(CHAT_FAILURE_MESSAGE.en).toBe("I'm sorry, I encountered an issue processing your request. Please try again.");
    expect(new Set(SITE_LANGUAGES.map((language) => CHAT_FAILURE_MESSAGE[language])).size).toBe(4);
  });
});

describe('slots beyond budget, use and type (issue 40)', () => {
  it.each([
    ['en', 'diesel, 4x4 or AWD, 7+ seats, 2021 or newer, Toyota, in Abuja'],
    ['fr', 'diesel, 4x4 ou transmission intégrale, 7 places ou plus, 2021 ou plus récente, Toyota, à Abuja'],
    ['ar', 'ديزل، دفع رباعي أو كلي، 7 مقاعد أو أكثر، موديل 2021 أو أحدث، Toyota، في Abuja'],
    ['sw', 'dizeli, 4x4 au magurudumu yote, viti 7 au zaidi, mwaka 2021 au karibuni zaidi, Toyota, huko Abuja'],
  ] as const)('%s: the widget chip and the summary name each of them', (language, details) => {
    const understanding = understandMessage('a diesel 4x4 Toyota pickup, 7 seats, 2021 or newer, in Abuja', { language, currency: 'NGN', prior: EMPTY_CHAT_CONTEXT });
    expect(describeDetails(understanding.context, language)).toBe(details);
    expect(describeContext(understanding.context, language)).toContain(details);
  });

  it('names the body type of an electric or hybrid car beside its fuel', () => {
    const understanding = understandMessage('an electric pickup, 4x4', { language: 'en', currency: 'NGN', prior: EMPTY_CHAT_CONTEXT });
    expect(understanding.context).toMatchObject({ preferredVehicleType: 'electric', bodyType: 'pickup', fuel: 'electric' });
    expect(describeContext(understanding.context, 'en')).toBe('electric car, pickup, 4x4 or AWD');
  });

  it('says which slot to let go of, with the closest cars for each, and asks one question', () => {
    const understanding = understandMessage('a diesel 4x4 pickup under 20m', { language: 'en', currency: 'NGN', prior: EMPTY_CHAT_CONTEXT });
    const hilux = { ...card('Toyota Hilux', 'NGN', rng), year: 2024, price: { amount: 45_000_000, currency: 'NGN' } };
    const ranger = { ...card('Ford Ranger', 'NGN', rng), year: 2023, price: { amount: 19_000_000, currency: 'NGN' } };
    const { content } = composeReply({
      language: 'en',
      stage: 'vehicle-selection',
      understanding,
      matches: { kind: 'relaxed', vehicles: [hilux, ranger], relaxed: [{ slot: 'budget', vehicles: [hilux] }, { slot: 'drive', vehicles: [ranger] }], rates: null },
    });
    expect(content).toContain('Nothing in our inventory has everything you asked for right now. Letting go of the budget: 2024 Toyota Hilux (₦45,000,000). Letting go of 4x4: 2023 Ford Ranger (₦19,000,000). Which would you let go of?');
    expect(content).not.toContain('These fit');
    expect(content.match(/\?/g)).toHaveLength(1);
  });

  it('says when letting go of any one slot still finds nothing, shows the closest, and asks one question, in every language', () => {
    const hilux = { ...card('Toyota Hilux', 'NGN', rng), year: 2024, price: { amount: 45_000_000, currency: 'NGN' } };
    for (const language of ['en', 'fr', 'ar', 'sw'] as const) {
      const understanding = understandMessage('an electric 4x4 pickup with 7 seats under 10m', { language, currency: 'NGN', prior: EMPTY_CHAT_CONTEXT });
      const { content } = composeReply({ language, stage: 'vehicle-selection', understanding, matches: { kind: 'closest', vehicles: [hilux], rates: null } });
      expect(content, language).toContain('Toyota Hilux');
      expect(content, language).not.toMatch(/\{\w+\}/);
      expect(content.match(/[?؟]/g), language).toHaveLength(1);
      if (language === 'en') expect(content).toContain('letting go of any one thing still finds none. These have the most of it: 2024 Toyota Hilux (₦45,000,000). Which would you let go of?');
    }
  });
});
