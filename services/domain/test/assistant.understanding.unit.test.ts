import { describe, expect, it } from 'vitest';
import { ChatFilterSlotsSchema, EMPTY_CHAT_CONTEXT, fullContext, understandMessage, withModelSlots, type ChatContext, type CurrencyCode, type SiteLanguage } from '../src/index';

const read = (text: string, currency: CurrencyCode = 'NGN', prior: ChatContext = EMPTY_CHAT_CONTEXT, language: SiteLanguage = 'en') =>
  understandMessage(text, { language, currency, prior });

describe("Tara reads the issue's example in four languages", () => {
  it.each([
    ['en', 'I need a family SUV under 30 million naira'],
    ['fr', "J'ai besoin d'un SUV familial à moins de 30 millions de nairas"],
    ['ar', 'أحتاج سيارة دفع رباعي عائلية بأقل من ٣٠ مليون نيرة'],
    ['sw', 'Nahitaji SUV ya familia chini ya naira milioni 30'],
  ] as const)('%s: %s', (language, text) => {
    const understanding = read(text, 'KES', EMPTY_CHAT_CONTEXT, language);
    const slots = { preferredVehicleType: 'suv', bodyType: 'suv', usage: 'family', seats: 5, budget: { amount: 30_000_000, currency: 'NGN' } } as const;
    expect(understanding.context).toEqual({ ...EMPTY_CHAT_CONTEXT, ...slots });
    expect(understanding.said).toEqual(slots);
    expect(understanding.wantsPerson).toBe(false);
    expect(understanding.asksPricing).toBe(false);
  });

  it('reads any of the four whatever the site language is (people mix)', () => {
    for (const language of ['en', 'fr', 'ar', 'sw'] as const) {
      expect(read('Nahitaji gari la umeme, bajeti KES 2.5m', 'NGN', EMPTY_CHAT_CONTEXT, language).context).toEqual({
        ...EMPTY_CHAT_CONTEXT,
        preferredVehicleType: 'electric',
        fuel: 'electric',
        budget: { amount: 2_500_000, currency: 'KES' },
      });
    }
  });
});

describe('budgets', () => {
  it.each([
    // The forms
    ['₦15m', 'NGN', 15_000_000, 'NGN'],
    ['15 million naira', 'KES', 15_000_000, 'NGN'],
    ['KES 2.5m', 'NGN', 2_500_000, 'KES'],
    ['20 000 $', 'NGN', 20_000, 'USD'],
    ['ميزانيتي مليون دولار', 'NGN', 1_000_000, 'USD'],
    ['٣٠ مليون', 'NGN', 30_000_000, 'NGN'],
    // Signs and words before or after, k / m / million in the four languages
    ['$25K', 'NGN', 25_000, 'USD'],
    ['Budget $25K', 'NGN', 25_000, 'USD'],
    ['25k USD', 'NGN', 25_000, 'USD'],
    ['about 25k dollars', 'NGN', 25_000, 'USD'],
    ['30 millions de nairas', 'XOF', 30_000_000, 'NGN'],
    ['Budget de 25 000 $', 'NGN', 25_000, 'USD'],
    ['20 mille dollars', 'NGN', 20_000, 'USD'],
    ['الميزانية 25 ألف دولار', 'NGN', 25_000, 'USD'],
    ['٢٥٠٠٠ دولار', 'NGN', 25_000, 'USD'],
    ['ميزانيتي مليونين نيرة', 'NGN', 2_000_000, 'NGN'],
    ['ثلاثة ملايين', 'NGN', 3_000_000, 'NGN'],
    ['milioni 3', 'TZS', 3_000_000, 'TZS'],
    ['shilingi milioni 2.5', 'NGN', 2_500_000, 'KES'],
    ['shilingi milioni 2.5', 'TZS', 2_500_000, 'TZS'],
    ['shilingi milioni 2.5', 'UGX', 2_500_000, 'UGX'],
    ['bajeti yangu ni milioni tatu', 'KES', 3_000_000, 'KES'],
    ['elfu 500', 'KES', 500_000, 'KES'],
    ['a million dollars', 'NGN', 1_000_000, 'USD'],
    ['deux millions de FCFA', 'XAF', 2_000_000, 'XAF'],
    ['5 millions CFA', 'NGN', 5_000_000, 'XOF'],
    ['5 millions FCFA', 'NGN', 5_000_000, 'XAF'],
    ['GH₵ 300k', 'NGN', 300_000, 'GHS'],
    ['300,000 cedis', 'NGN', 300_000, 'GHS'],
    ['R350 000', 'NGN', 350_000, 'ZAR'],
    ['500k rand', 'NGN', 500_000, 'ZAR'],
    ['Br 2m', 'NGN', 2_000_000, 'ETB'],
    ['3m birr', 'NGN', 3_000_000, 'ETB'],
    ['Kz 20m', 'NGN', 20_000_000, 'AOA'],
    ['20 million kwanzas', 'NGN', 20_000_000, 'AOA'],
    ['TSh 50m', 'NGN', 50_000_000, 'TZS'],
    ['USh 80m', 'NGN', 80_000_000, 'UGX'],
    ['N15m', 'KES', 15_000_000, 'NGN'],
    ['2 million shillings', 'NGN', 2_000_000, 'KES'],
    // Read in the visitor's currency when none is named
    ['under 30 million', 'NGN', 30_000_000, 'NGN'],
    ['under 30 million', 'GHS', 30_000_000, 'GHS'],
    ['15m', 'KES', 15_000_000, 'KES'],
    ['2,5 m', 'XOF', 2_500_000, 'XOF'],
    ['1.5 million', 'NGN', 1_500_000, 'NGN'],
    // Ranges: the top
    ['between 10 and 15 million', 'NGN', 15_000_000, 'NGN'],
    ['10-15m', 'NGN', 15_000_000, 'NGN'],
    ['from 10 to 15 million naira', 'KES', 15_000_000, 'NGN'],
    ['entre 10 et 15 millions FCFA', 'XAF', 15_000_000, 'XAF'],
    ['milioni 10 na 15', 'KES', 15_000_000, 'KES'],
    ['بين 10 و 15 مليون', 'NGN', 15_000_000, 'NGN'],
    // Thousands separators, with or without a word before
    ['15,000,000', 'NGN', 15_000_000, 'NGN'],
    ['15.000.000', 'NGN', 15_000_000, 'NGN'],
    ['15 000 000', 'NGN', 15_000_000, 'NGN'],
    ['2500000', 'NGN', 2_500_000, 'NGN'],
    ['budget 15000000', 'NGN', 15_000_000, 'NGN'],
    ['budget is 2,500,000 shillings', 'NGN', 2_500_000, 'KES'],
    ['₦ 15,000,000.50', 'NGN', 15_000_000.5, 'NGN'],
    ['15.000.000,50 FCFA', 'XAF', 15_000_000.5, 'XAF'],
    // Other numbers in the same message are not the budget
    ['A 2024 model with 7 seats under 15 million', 'NGN', 15_000_000, 'NGN'],
    ['I want a car with about 150 000 km for 3m', 'NGN', 3_000_000, 'NGN'],
    ['call me on 0803 555 1234, my budget is ₦20m', 'NGN', 20_000_000, 'NGN'],
    ['I have 2 kids and 15m naira', 'NGN', 15_000_000, 'NGN'],
    ["I've got 15m", 'NGN', 15_000_000, 'NGN'],
  ] as const)('%s (visitor in %s) is %d %s', (text, visitor, amount, currency) => {
    expect(read(text, visitor).said.budget).toEqual({ amount, currency });
  });

  it.each([
    'a 2024 model',
    'Toyota Corolla 2023',
    'under 2020',
    '50,000 km',
    'under 50,000 km',
    'less than 80 000 kilometres',
    '50k km',
    'done 80,000 miles',
    '7 seats',
    '7 places',
    'viti 7',
    'gari la viti 7',
    '٧ مقاعد',
    'a car under 5 years old',
    'moins de 5 ans',
    'call me on 0803 555 1234',
    'my number is 08035551234',
    '+234 800 288 6237',
    '234 803 555 1234',
    '2348002886237',
    'nipigie 0712 345 678',
    'اتصل بي على 0803 555 1234',
    '2.0T engine with 251 hp',
    '1.5 L',
    'I need it in 3 months',
    'RAV4',
    'Tiggo 8 Pro',
    'MG5',
    '4x4',
    '1234567890 1234567890 123',
  ])('%s is not a budget', (text) => {
    expect(read(text).said.budget).toBeUndefined();
  });

  it('reads a 1000-character message of digits and spaces at once (no catastrophic pattern)', () => {
    const messages = [
      '1 '.repeat(500),
      '12 345 '.repeat(142),
      '9'.repeat(1000),
      '1,'.repeat(500),
      `${'0 '.repeat(499)}m`,
      '$1 '.repeat(333),
      '1 million naira and '.repeat(50),
      'k'.repeat(1000),
      'a '.repeat(500),
      ` ${'مليون '.repeat(166)}`,
      '٣ '.repeat(500),
    ];
    for (const text of messages) {
      const understanding = read(text.slice(0, 1000));
      expect(understanding.context).toBeDefined();
    }
  });
});

describe('usage', () => {
  it.each([
    ['family', 'a car for the family'],
    ['family', 'something for the kids and the school run'],
    ['family', 'voiture pour la famille'],
    ['family', 'nous avons trois enfants'],
    ['family', 'سيارة للعائلة'],
    ['family', 'عندي أطفال'],
    ['family', 'gari la familia'],
    ['family', 'kwa ajili ya watoto'],
    ['commute', 'I commute every day'],
    ['commute', 'to drive to work in the city'],
    ['commute', 'pour mes trajets en ville'],
    ['commute', 'pour aller au travail'],
    ['commute', 'سيارة للعمل في المدينة'],
    ['commute', 'للمواصلات اليومية'],
    ['commute', 'kwenda kazini mjini'],
    ['business', 'for my ride-hailing business'],
    ['business', 'I drive for Uber and Bolt'],
    ['business', 'a taxi'],
    ['business', 'pour les affaires'],
    ['business', 'للتجارة'],
    ['business', 'kwa biashara'],
    ['off-road', 'for off-road and rough roads'],
    ['off-road', 'I live on a farm'],
    ['off-road', 'pour la piste'],
    ['off-road', 'طرق وعرة'],
    ['off-road', 'barabara mbovu kijijini'],
  ] as const)('%s: %s', (usage, text) => {
    expect(read(text).said.usage).toBe(usage);
  });

  it('picks the most specific when several are said', () => {
    expect(read('a taxi I can also use for the family').said.usage).toBe('business');
    expect(read('family trips to the farm on rough roads').said.usage).toBe('off-road');
    expect(read('school run through the city traffic with the kids').said.usage).toBe('family');
  });

  it('does not read "how does it work" as commuting', () => {
    expect(read('how does financing work?').said.usage).toBeUndefined();
  });
});

describe('vehicle type', () => {
  it.each([
    ['suv', 'Show me SUVs'],
    ['suv', 'a jeep'],
    ['suv', 'سيارة دفع رباعي'],
    ['suv', 'أرني سيارات الدفع الرباعي'],
    ['suv', 'Nionyeshe SUV'],
    ['sedan', 'a sedan'],
    ['sedan', 'une berline'],
    ['sedan', 'سيدان'],
    ['truck', 'a truck for deliveries'],
    ['truck', 'un camion'],
    ['truck', 'شاحنة'],
    ['truck', 'lori'],
    ['pickup', 'a pick-up'],
    ['pickup', 'pickup truck'],
    ['pickup', 'un pick-up'],
    ['pickup', 'بيك أب'],
    ['crossover', 'a crossover'],
    ['hatchback', 'a small hatchback'],
    ['minivan', 'a minivan'],
    ['minivan', 'un monospace'],
    ['coupe', 'a coupé'],
    ['convertible', 'a convertible'],
    ['convertible', 'une décapotable'],
    ['electric', 'an electric car'],
    ['electric', 'une voiture électrique'],
    ['electric', 'سيارة كهربائية'],
    ['electric', 'gari la umeme'],
    ['electric', 'an electric SUV'],
    ['hybrid', 'a hybrid'],
    ['hybrid', 'une hybride'],
    ['hybrid', 'سيارة هجينة'],
    ['luxury', 'something luxurious'],
    ['luxury', 'une voiture de luxe'],
    ['luxury', 'سيارة فاخرة'],
    ['luxury', 'gari la kifahari'],
    ['economy', 'Fuel-efficient cars'],
    ['economy', 'a cheap car'],
    ['economy', 'Voitures économiques'],
    ['economy', 'سيارات موفرة للوقود'],
    ['economy', 'Magari yanayookoa mafuta'],
    ['economy', 'gari la bei nafuu'],
  ] as const)('%s: %s', (type, text) => {
    expect(read(text).said.preferredVehicleType).toBe(type);
  });

  it('does not read a family car ("gari la familia") or picking up the kids as a type', () => {
    expect(read('gari la familia').said).toEqual({ usage: 'family', seats: 5 });
    expect(read('to pick up the kids').said).toEqual({ usage: 'family', seats: 5 });
  });
});

describe('corrections', () => {
  const before: ChatContext = fullContext({ preferredVehicleType: 'suv', usage: 'family', budget: { amount: 30_000_000, currency: 'NGN' } });

  it('a later message replaces what it says and keeps the rest', () => {
    expect(read('actually a sedan', 'NGN', before).context).toEqual({ ...before, preferredVehicleType: 'sedan', bodyType: 'sedan' });
    expect(read('make it 20 million', 'NGN', before).context).toEqual({ ...before, budget: { amount: 20_000_000, currency: 'NGN' } });
    expect(read('en fait, en dollars: 25 000 $', 'NGN', before).context).toEqual({ ...before, budget: { amount: 25_000, currency: 'USD' } });
    expect(read('hapana, ni kwa biashara', 'NGN', before).context).toEqual({ ...before, usage: 'business' });
    expect(read('hello again', 'NGN', before).context).toEqual(before);
  });

  it.each([
    ['any type is fine', 'type'],
    ["n'importe quel type", 'type'],
    ['أي نوع', 'type'],
    ['aina yoyote', 'type'],
    ['no budget', 'budget'],
    ['pas de budget', 'budget'],
    ['بدون ميزانية', 'budget'],
    ['hakuna bajeti', 'budget'],
    ['any use', 'usage'],
    ['matumizi yoyote', 'usage'],
  ] as const)('"%s" clears the %s', (text, need) => {
    const understanding = read(text, 'NGN', before);
    const fields = need === 'type' ? ['preferredVehicleType', 'bodyType'] : [need];
    for (const field of fields) expect(understanding.context[field as keyof ChatContext]).toBeNull();
    expect(understanding.cleared).toEqual([need]);
    const kept = { ...before, ...Object.fromEntries(fields.map((field) => [field, null])) };
    expect(understanding.context).toEqual(kept);
  });

  it('a correction that also says a new value takes the value', () => {
    const understanding = read('any car under 10m', 'NGN', before);
    expect(understanding.context).toEqual({ ...before, preferredVehicleType: null, bodyType: null, budget: { amount: 10_000_000, currency: 'NGN' } });
  });
});

describe('asking for a person, for pricing, for an order', () => {
  it.each([
    'I want to talk to someone',
    'can I speak to a human?',
    'an agent please',
    'call me',
    'WhatsApp',
    'Talk to a person',
    "Je voudrais parler à quelqu'un",
    'Parler à un conseiller',
    'أريد التحدث مع شخص',
    'التحدث مع شخص',
    'nataka kuongea na mtu',
    'Ongea na mtu',
    'nipigie simu',
  ])('%s: wants a person', (text) => {
    expect(read(text).wantsPerson).toBe(true);
  });

  it.each(['a car for 7 people', 'I want a family SUV', 'seven-person minivan'])('%s: does not', (text) => {
    expect(read(text).wantsPerson).toBe(false);
  });

  it.each([
    'Financing options',
    'how much is the deposit?',
    'can I reserve it?',
    'can I pay in installments?',
    'a loan',
    'Trade in my car',
    'Options de financement',
    'je veux payer par mensualités',
    'Faire reprendre ma voiture',
    'خيارات التمويل',
    'هل يمكن التقسيط؟',
    'استبدال سيارتي',
    'Mkopo na njia za malipo',
    'naweza kulipa kwa awamu?',
    'Kubadilisha gari langu',
  ])('%s: asks about pricing', (text) => {
    expect(read(text).asksPricing).toBe(true);
  });

  it.each(["I don't want to pay more than 10m", 'I can pay up to ₦15m', 'je ne veux pas payer plus de 10 millions'])('%s: states a budget, not a question about paying', (text) => {
    const understanding = read(text);
    expect(understanding.asksPricing).toBe(false);
    expect(understanding.said.budget).toBeDefined();
  });

  it('a 4x4 in Arabic (دفع رباعي, "four-wheel drive") is not paying', () => {
    expect(read('سيارة دفع رباعي').asksPricing).toBe(false);
    expect(read('الدفع الرباعي').asksPricing).toBe(false);
  });

  it.each([
    ['price', 'cheapest first'],
    ['price', 'Show cheaper'],
    ['price', 'les moins chères'],
    ['price', 'أرني الأرخص'],
    ['price', 'Nionyeshe nafuu zaidi'],
    ['power', 'the most powerful'],
    ['power', 'la plus puissante'],
    ['power', 'الأقوى'],
    ['power', 'yenye nguvu zaidi'],
    ['efficiency', 'most efficient'],
    ['efficiency', 'the most fuel-efficient please'],
    ['efficiency', 'la plus économe'],
    ['efficiency', 'الأكثر توفيرا'],
    ['popularity', 'most popular'],
    ['popularity', 'les plus populaires'],
    ['popularity', 'الأكثر شعبية'],
    ['popularity', 'maarufu zaidi'],
  ] as const)('%s: %s', (sort, text) => {
    const understanding = read(text);
    expect(understanding.sort).toBe(sort);
    expect(understanding.said.preferredVehicleType).toBeUndefined();
  });
});

describe("a language model's slots (set_preferences): the rules engine's reading of the message comes first", () => {
  const prior: ChatContext = { ...EMPTY_CHAT_CONTEXT, bodyType: 'suv', preferredVehicleType: 'suv', budget: { amount: 45_000_000, currency: 'NGN' } };

  it('fills a slot the rules engine left unset, and raises one it only supposed (a family car seats five)', () => {
    const { understanding, applied, kept } = withModelSlots(read('for the school run with my kids and their friends', 'NGN', prior), { seats: 7, drive: '4x4' });
    expect(understanding.context).toEqual({ ...prior, usage: 'family', seats: 7, drive: '4x4' });
    expect(applied).toEqual(['drive', 'seats']);
    expect(kept).toEqual([]);
    expect(understanding.changed).toBe(true);
  });

  it("keeps a slot the buyer's message set, or let go of, as the rules engine read it, and applies the rest", () => {
    const said = withModelSlots(read('a pickup please', 'NGN', prior), { bodyType: 'minivan', fuel: 'diesel' });
    expect(said.understanding.context).toMatchObject({ bodyType: 'pickup', fuel: 'diesel', budget: prior.budget });
    expect(said).toMatchObject({ applied: ['fuel'], kept: ['bodyType'] });
    const letGo = withModelSlots(read('no budget', 'NGN', prior), { budget: { amount: 1_000_000, currency: 'NGN' } });
    expect(letGo.understanding.context.budget).toBeNull();
    expect(letGo).toMatchObject({ applied: [], kept: ['budget'] });
  });

  it('may change a slot an earlier message set, and never clears one', () => {
    const { understanding, applied } = withModelSlots(read('the road to my village is bad in rainy season', 'NGN', prior), { bodyType: 'pickup' });
    expect(understanding.context).toMatchObject({ bodyType: 'pickup', preferredVehicleType: 'pickup', budget: prior.budget, usage: 'off-road' });
    expect(applied).toEqual(['bodyType']);
    expect(ChatFilterSlotsSchema.safeParse({ bodyType: null }).success).toBe(false);
  });

  it.each([{ seats: 40 }, { seats: 1 }, { minRangeKm: 5 }, { minYear: 1900 }, { fuel: 'steam' }, { drive: 'rwd' }, { budget: { amount: -1, currency: 'NGN' } }, { location: '' }, { location: 'Lagos, call +234 803 000 0000' }, { make: 'Visit cars.example' }, { usage: 'family' }])(
    'refuses %j as the rules engine would never read it',
    (slots) => {
      expect(ChatFilterSlotsSchema.safeParse(slots).success).toBe(false);
    },
  );
});
