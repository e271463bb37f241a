import { describe, expect, it } from 'vitest';
import { EMPTY_CHAT_CONTEXT, understandMessage, type ChatContext, type CurrencyCode } from '../src/index';

/**
 * How buyers actually write to Tara, in English, French, Arabic, Swahili and Nigerian Pidgin (issue 40): each
 * conversation is a list of messages, and after each one the slots it must have set (with what came before kept).
 * `asks` says what else the message is: a question about price, a question Tara leaves to a specialist, a wish to
 * talk to a person.
 */
interface Turn {
  text: string;
  /** The slots the context must hold after this message (the others may be anything). */
  slots: Partial<ChatContext>;
  /** Slots that must still be empty after it. */
  empty?: Array<keyof ChatContext>;
  asks?: 'pricing' | 'other' | 'person';
}
const ngn = (amount: number) => ({ amount, currency: 'NGN' as const });

const CORPUS: Array<{ language: 'en' | 'fr' | 'ar' | 'sw' | 'pcm'; currency?: CurrencyCode; turns: Turn[] }> = [
  // The examples
  {
    language: 'pcm',
    turns: [
      { text: 'Abeg I wan buy family car, SUV, my budget na 15m', slots: { bodyType: 'suv', usage: 'family', seats: 5, budget: ngn(15_000_000) } },
      { text: 'e go dey for Lagos traffic, fuel economy matter pass', slots: { bodyType: 'suv', usage: 'family', budget: ngn(15_000_000), priority: 'economy', preferredVehicleType: 'suv' }, empty: ['location'] },
    ],
  },
  {
    language: 'en',
    turns: [
      { text: 'Looking for a pickup for my farm, under ₦40 million', slots: { bodyType: 'pickup', usage: 'off-road', budget: ngn(40_000_000) } },
      { text: 'diesel preferred, 4x4', slots: { bodyType: 'pickup', preferredVehicleType: 'pickup', fuel: 'diesel', drive: '4x4', budget: ngn(40_000_000) } },
    ],
  },
  { language: 'fr', currency: 'XOF', turns: [{ text: 'autonomie au moins 400 km', slots: { minRangeKm: 400 }, empty: ['budget'] }] },
  // Pidgin budgets, needs and questions
  { language: 'pcm', turns: [{ text: 'I wan buy motor, 15 milli', slots: { budget: ngn(15_000_000) } }] },
  { language: 'pcm', turns: [{ text: 'fifteen million naira', slots: { budget: ngn(15_000_000) } }] },
  { language: 'pcm', turns: [{ text: 'my budget na 15m', slots: { budget: ngn(15_000_000) } }] },
  { language: 'pcm', turns: [{ text: 'my money no pass twenty-five million', slots: { budget: ngn(25_000_000) } }] },
  { language: 'pcm', turns: [{ text: 'I need motor wey no dey drink fuel', slots: { priority: 'economy' } }] },
  { language: 'pcm', turns: [{ text: 'na for Lagos traffic I go use am', slots: { priority: 'economy' }, empty: ['location'] }] },
  { language: 'pcm', turns: [{ text: 'tokunbo Toyota, e no pass 2018', slots: { condition: 'used', make: 'Toyota', minYear: 2018 } }] },
  { language: 'pcm', turns: [{ text: 'wetin be the price?', slots: {}, asks: 'pricing' }] },
  { language: 'pcm', turns: [{ text: 'una dey deliver?', slots: {}, asks: 'other' }] },
  { language: 'pcm', turns: [{ text: 'abeg make una call me', slots: {}, asks: 'person' }] },
  // English
  { language: 'en', turns: [{ text: 'Do you deliver to Kaduna, and how long does it take?', slots: {}, asks: 'other' }] },
  { language: 'en', turns: [{ text: 'a 7-seater, 2020 or newer, in Abuja', slots: { seats: 7, minYear: 2020, location: 'Abuja' } }] },
  { language: 'en', turns: [{ text: 'brand new electric car with at least 400 km range', slots: { condition: 'new', fuel: 'electric', minRangeKm: 400 } }] },
  { language: 'en', turns: [{ text: 'call me on 0803 2020 123', slots: {}, empty: ['minYear', 'budget'], asks: 'person' }] },
  { language: 'en', turns: [{ text: 'model 2021, budget 2000 dollars', slots: { minYear: 2021, budget: { amount: 2000, currency: 'USD' } } }] },
  { language: 'en', turns: [{ text: 'AWD hybrid crossover', slots: { drive: '4x4', fuel: 'hybrid', bodyType: 'crossover', preferredVehicleType: 'hybrid' } }] },
  {
    language: 'en',
    turns: [
      { text: 'a used Kia under 20m', slots: { make: 'Kia', condition: 'used', budget: ngn(20_000_000) } },
      { text: 'actually make it 25m', slots: { make: 'Kia', condition: 'used', budget: ngn(25_000_000) } },
      { text: 'any budget', slots: { make: 'Kia', condition: 'used' }, empty: ['budget'] },
    ],
  },
  // French
  { language: 'fr', currency: 'XOF', turns: [{ text: 'une voiture neuve à Dakar, 7 places, diesel', slots: { condition: 'new', location: 'Dakar', seats: 7, fuel: 'diesel' } }] },
  {
    language: 'fr',
    currency: 'XOF',
    turns: [
      { text: 'Je cherche un SUV familial, 15 millions FCFA', slots: { bodyType: 'suv', usage: 'family', budget: { amount: 15_000_000, currency: 'XOF' } } },
      { text: 'en 4x4 et hybride si possible', slots: { bodyType: 'suv', drive: '4x4', fuel: 'hybrid', usage: 'family' } },
    ],
  },
  { language: 'fr', turns: [{ text: 'Vous livrez à Abidjan ? Et la douane ?', slots: {}, asks: 'other' }] },
  // Arabic
  { language: 'ar', turns: [{ text: 'سيارة كهربائية بمدى 400 كم على الأقل', slots: { fuel: 'electric', minRangeKm: 400 } }] },
  { language: 'ar', turns: [{ text: 'سيارة ديزل مستعملة موديل 2021', slots: { fuel: 'diesel', condition: 'used', minYear: 2021 } }] },
  { language: 'ar', turns: [{ text: 'هل يوجد ضمان؟', slots: {}, asks: 'other' }] },
  // Swahili
  { language: 'sw', currency: 'KES', turns: [{ text: 'gari la dizeli 4x4 viti 7 mwaka 2021', slots: { fuel: 'diesel', drive: '4x4', seats: 7, minYear: 2021 } }] },
  { language: 'sw', currency: 'KES', turns: [{ text: 'nataka gari jipya huko Nairobi, bajeti milioni 3', slots: { condition: 'new', location: 'Nairobi', budget: { amount: 3_000_000, currency: 'KES' } } }] },
  { language: 'sw', currency: 'KES', turns: [{ text: 'mnafikisha Mombasa? na forodha je?', slots: {}, asks: 'other' }] },
];

describe('the corpus of buyer phrasings (issue 40): every message yields its slots and keeps the earlier ones', () => {
  it.each(CORPUS.map((entry) => [entry.turns.map((turn) => turn.text).join(' → '), entry] as const))('%s', (_, { language, currency = 'NGN', turns }) => {
    let prior: ChatContext = EMPTY_CHAT_CONTEXT;
    for (const turn of turns) {
      const understanding = understandMessage(turn.text, { language: language === 'pcm' ? 'en' : language, currency, prior });
      expect(understanding.context, turn.text).toMatchObject(turn.slots);
      for (const slot of turn.empty ?? []) expect(understanding.context[slot], `${turn.text}: ${slot}`).toBeNull();
      expect(understanding.asksPricing, `${turn.text}: pricing`).toBe(turn.asks === 'pricing');
      expect(understanding.asksOther, `${turn.text}: other question`).toBe(turn.asks === 'other');
      expect(understanding.wantsPerson, `${turn.text}: person`).toBe(turn.asks === 'person');
      // A slot the message did not name is never dropped.
      for (const [slot, value] of Object.entries(prior) as Array<[keyof ChatContext, unknown]>) {
        if (value === null || slot === 'preferredVehicleType' || slot in understanding.said || understanding.cleared) continue;
        expect(understanding.context[slot], `${turn.text} dropped ${slot}`).toEqual(value);
      }
      prior = understanding.context;
    }
  });
});
