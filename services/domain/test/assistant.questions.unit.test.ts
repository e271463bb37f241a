import { describe, expect, it } from 'vitest';
import {
  composeReply,
  DEFAULT_APR_PERCENT,
  EMPTY_CHAT_CONTEXT,
  formatPlain,
  RESERVATION_DEPOSIT_NGN,
  understandMessage,
  type ChatVehicleCard,
  type KnowledgeAnswers,
  type QuestionTopic,
  type SiteLanguage,
  type VehicleMatches,
} from '../src/index';

/**
 * Issue 40.2: the questions buyers ask (delivery, landed cost, documents and customs, inspection, warranty, finance,
 * trade-in, sell-car, reservation), in the four languages and Nigerian Pidgin, and Tara's answers from what the
 * product knows, each with the page or record behind it.
 */
const CORPUS: Array<{ language: SiteLanguage | 'pcm'; text: string; topics: QuestionTopic[] }> = [
  { language: 'en', text: 'Do you deliver to Kaduna, and how long does it take?', topics: ['delivery'] },
  { language: 'en', text: 'What is the total cost landed in Ghana?', topics: ['landed-cost'] },
  { language: 'en', text: 'Which documents do I get for customs clearance?', topics: ['documents'] },
  { language: 'en', text: 'Can I have the car inspected by my mechanic?', topics: ['inspection'] },
  { language: 'en', text: 'Is there a warranty?', topics: ['warranty'] },
  { language: 'en', text: 'Can I pay monthly with a loan?', topics: ['finance'] },
  { language: 'en', text: 'Can I trade in my Corolla?', topics: ['trade-in'] },
  { language: 'en', text: 'I want to sell my car', topics: ['sell-car'] },
  { language: 'en', text: 'How much is the deposit to reserve it?', topics: ['reservation'] },
  { language: 'pcm', text: 'una dey deliver?', topics: ['delivery'] },
  { language: 'pcm', text: 'how much to clear am?', topics: ['landed-cost'] },
  { language: 'pcm', text: 'abeg the paper dey complete?', topics: ['documents'] },
  { language: 'pcm', text: 'I fit come see am before I pay?', topics: ['inspection'] },
  { language: 'pcm', text: 'I wan pay small small', topics: ['finance'] },
  { language: 'pcm', text: 'I wan sell my motor', topics: ['sell-car'] },
  { language: 'fr', text: 'Vous livrez à Abidjan ?', topics: ['delivery'] },
  { language: 'fr', text: 'Quel est le prix tout compris au Sénégal ?', topics: ['landed-cost'] },
  { language: 'fr', text: 'Et la douane, les papiers ?', topics: ['documents'] },
  { language: 'fr', text: 'Y a-t-il une garantie ?', topics: ['warranty'] },
  { language: 'fr', text: 'Quelles mensualités avec un financement ?', topics: ['finance'] },
  { language: 'fr', text: 'Vous faites la reprise de mon ancienne voiture ?', topics: ['trade-in'] },
  { language: 'fr', text: 'Combien pour réserver, quel acompte ?', topics: ['reservation'] },
  { language: 'ar', text: 'هل توصلون إلى الرياض؟', topics: ['delivery'] },
  { language: 'ar', text: 'ما هي الأوراق المطلوبة للجمارك؟', topics: ['documents'] },
  { language: 'ar', text: 'هل يمكن فحص السيارة؟', topics: ['inspection'] },
  { language: 'ar', text: 'هل يوجد ضمان؟', topics: ['warranty'] },
  { language: 'ar', text: 'هل يوجد تمويل بالتقسيط؟', topics: ['finance'] },
  { language: 'ar', text: 'كم العربون للحجز؟', topics: ['reservation'] },
  { language: 'sw', text: 'mnafikisha Mombasa?', topics: ['delivery'] },
  { language: 'sw', text: 'nyaraka za forodha je?', topics: ['documents'] },
  { language: 'sw', text: 'naweza kukagua gari kwanza?', topics: ['inspection'] },
  { language: 'sw', text: 'kuna dhamana?', topics: ['warranty'] },
  { language: 'sw', text: 'naweza kulipa kwa awamu kwa mkopo?', topics: ['finance'] },
  { language: 'sw', text: 'nataka kuuza gari langu', topics: ['sell-car'] },
];

const read = (text: string, language: SiteLanguage = 'en') => understandMessage(text, { language, currency: 'NGN', prior: EMPTY_CHAT_CONTEXT });

describe('the questions buyers ask (issue 40.2)', () => {
  it.each(CORPUS.map((row) => [`${row.language}: ${row.text}`, row] as const))('%s', (_, { language, text, topics }) => {
    const understanding = read(text, language === 'pcm' ? 'en' : language);
    for (const topic of topics) expect(understanding.questions, text).toContain(topic);
  });

  it('names the city a delivery question asks for, in any language', () => {
    expect(read('Do you deliver to Kaduna, and how long does it take?').deliverTo).toBe('Kaduna');
    expect(read('una dey deliver for Abuja?').deliverTo).toBe('Abuja');
    expect(read('mnafikisha Mombasa?', 'sw').deliverTo).toBe('Mombasa');
    expect(read('a car in Lagos').deliverTo).toBeUndefined();
    expect(read('هل توصلون إلى أبوجا؟', 'ar').deliverTo).toBe('Abuja');
    expect(read('أريد سيارة في لاغوس', 'ar').context.location).toBe('Lagos');
  });

  it('a message that asks nothing has no question', () => {
    expect(read('family SUV, budget 15m').questions).toEqual([]);
    expect(read('Abeg I wan buy family car, SUV, my budget na 15m').questions).toEqual([]);
  });
});

const first: ChatVehicleCard = {
  id: 'v1',
  name: 'Toyota RAV4',
  subtitle: 'XLE',
  year: 2024,
  category: 'SUV',
  price: { amount: 42_000_000, currency: 'NGN' },
  image: null,
  efficiency: { label: 'x', score: 5 },
  powerHp: 200,
  rating: 4,
  reviewCount: 10,
  path: '/vehicles/v1',
};
const landed = { vehicle: '2024 Toyota RAV4', path: '/vehicles/v1', city: 'Kaduna', currency: 'NGN', total: 51_234_000, deposit: 10_246_800, monthly: 752_000, termMonths: 60, apr: 3.9 };
const withCar: VehicleMatches = { kind: 'within-budget', vehicles: [first], rates: null, landed };
const noCar: VehicleMatches = { kind: 'not-asked', vehicles: [], rates: null };
const knowledge: KnowledgeAnswers = {
  warranty: { text: 'Every used car carries our 6-month engine and gearbox warranty.', citation: { source: 'tara-answers/warranty', label: 'Warranty' } },
  delivery: { text: 'Delivery inside Nigeria takes 3 to 7 days after clearing.', citation: { source: 'tara-answers/delivery', label: 'Delivery times' } },
};

const answer = (text: string, matches: VehicleMatches, language: SiteLanguage = 'en', answers: KnowledgeAnswers = knowledge) =>
  composeReply({ language, stage: 'needs-assessment', understanding: read(text, language), matches, knowledge: answers });

describe("Tara's answers from what the product knows", () => {
  it('delivery to a city: the landed figure there, destination charges included, and the staff’s delivery times, each cited', () => {
    const reply = answer('Do you deliver to Kaduna, and how long does it take?', withCar);
    expect(reply.content).toContain('we deliver to Kaduna');
    expect(reply.content).toContain(formatPlain(51_234_000, 'NGN', 'en'));
    expect(reply.content).toContain('3 to 7 days');
    expect(reply.content).not.toContain('specialist');
    expect(reply.citations.map((citation) => citation.source)).toEqual(expect.arrayContaining(['/vehicles/v1', 'tara-answers/delivery']));
  });

  it('delivery to a city without destination charges: says so, and gives the figure to the city quoted instead, in every language', () => {
    const inLagos: VehicleMatches = { ...withCar, landed: { ...landed, city: 'Lagos' } };
    const reply = answer('Do you deliver to Kaduna, and how long does it take?', inLagos);
    expect(reply.content).not.toContain('we deliver to Lagos');
    expect(reply.content).toContain('no delivery charges for Kaduna');
    expect(reply.content).toContain(`Delivered to Lagos, the 2024 Toyota RAV4 comes to about ${formatPlain(51_234_000, 'NGN', 'en')}`);
    expect(reply.content).toContain('3 to 7 days');
    for (const language of ['fr', 'ar', 'sw'] as const) {
      const said = answer('Do you deliver to Kaduna?', inLagos, language).content;
      expect(said, language).toContain('Kaduna');
      expect(said, language).toContain('Lagos');
      expect(said, language).not.toMatch(/\{\w+\}/);
    }
    // A delivery question that names no city is answered with the city quoted as an example.
    expect(answer('una dey deliver?', inLagos).content).toContain('Yes, we deliver. To Lagos, for example, the 2024 Toyota RAV4 comes to about');
  });

  it('a knowledge-base answer in the visitor’s language, cited; without one, a specialist', () => {
    const reply = answer('هل يوجد ضمان؟', noCar, 'ar', { warranty: { text: 'ضمان ستة أشهر على المحرك.', citation: { source: 'tara-answers/warranty' } } });
    expect(reply.content).toContain('ضمان ستة أشهر');
    expect(reply.citations).toContainEqual({ source: 'tara-answers/warranty' });
    const none = answer('Is there a warranty?', noCar, 'en', {});
    expect(none.content).toContain('a specialist from our team will follow up');
  });

  it('answers what it knows and leaves only the rest to a specialist', () => {
    const reply = answer('Is there a warranty, and what about inspection?', noCar);
    expect(reply.content).toContain('6-month engine');
    expect(reply.content).toContain('For the rest, a specialist');
  });

  it('finance: the amortised monthly figure of the first car and its terms, else the terms themselves', () => {
    const reply = answer('Can I pay monthly with a loan?', withCar);
    expect(reply.content).toContain(formatPlain(752_000, 'NGN', 'en'));
    expect(reply.content).toContain('60 months at 3.9% APR');
    expect(reply.citations.map((citation) => citation.source)).toContain('/vehicles/v1');
    const terms = answer('Do you have financing?', noCar, 'fr');
    expect(terms.content).toContain(`${DEFAULT_APR_PERCENT} % TAEG sur 12 à 72 mois`);
  });

  it('landed cost without a car: how to get the figure, never an invented one', () => {
    const reply = answer('how much to clear am?', noCar);
    expect(reply.content).toContain("Each car's page works out what it costs landed in your country");
    expect(reply.content).not.toMatch(/₦/);
  });

  it('trade-in, sell-car and reservation: the pages and the deposit', () => {
    const reply = answer('How much is the deposit to reserve it, and can I trade in my car?', withCar);
    expect(reply.content).toContain(formatPlain(RESERVATION_DEPOSIT_NGN, 'NGN', 'en'));
    expect(reply.content).toContain('/trade-in');
    expect(reply.content).toContain('/sell-car');
    expect(reply.citations.map((citation) => citation.source)).toEqual(expect.arrayContaining(['/trade-in', '/sell-car']));
  });

  it('a trade-in or sell-car question asked alone: its own answer with its page, not the reservation steps, in every language', () => {
    const tradeIn = answer('can I trade in my old car?', withCar);
    expect(tradeIn.content).toMatch(/^Yes, you can trade in your car: .*\/trade-in/);
    expect(tradeIn.content).not.toContain('Reserve Now');
    expect(tradeIn.citations.map((citation) => citation.source)).toContain('/trade-in');
    const sell = answer('I wan sell my car', withCar);
    expect(sell.content).toMatch(/^Yes, we buy cars: .*\/sell-car/);
    expect(sell.content).not.toContain('Reserve Now');
    for (const [language, text] of [['fr', 'je veux vendre ma voiture'], ['sw', 'nataka kuuza gari langu'], ['ar', 'أريد بيع سيارتي']] as const) {
      const reply = answer(text, withCar, language);
      expect(reply.content, language).toContain('/sell-car');
      expect(reply.content, language).not.toContain(formatPlain(RESERVATION_DEPOSIT_NGN, 'NGN', language));
    }
  });

  it('says the pricing reply once: a "thanks" or an "ok" right after it gets its short form, a question about paying all of it', () => {
    const at = (text: string, previous: string | null) => composeReply({ language: 'en', stage: 'pricing-options', understanding: read(text), matches: withCar, previous, turn: 3 }).content;
    const first = at('thanks', null);
    expect(first).toContain("press 'Reserve Now'");
    const second = at('thanks', first);
    expect(second).not.toContain("press 'Reserve Now'");
    expect(second).toContain(formatPlain(RESERVATION_DEPOSIT_NGN, 'NGN', 'en'));
    expect(second.length).toBeLessThan(first.length / 2);
    expect(at('ok', second)).not.toContain("press 'Reserve Now'");
    expect(at('how do I reserve it?', second)).toContain("press 'Reserve Now'");
  });

  it('answers in every language', () => {
    for (const language of ['en', 'fr', 'ar', 'sw'] as const) {
      const reply = answer('una dey deliver?', withCar, language);
      expect(reply.content, language).toContain('Kaduna');
      expect(reply.content, language).not.toMatch(/\{\w+\}/);
    }
  });
});
