import { describe, expect, it } from 'vitest';
import {
  CHAT_MAX_MESSAGES,
  contextAfter,
  ConversationEventSchema,
  ConversationMovedOn,
  ConversationTooLong,
  decideConversation,
  EMPTY_CHAT_CONTEXT,
  evolveConversation,
  greetingFor,
  initialConversationState,
  nextStage,
  type ConversationCommand,
  type ConversationEvent,
  type ConversationState,
  type CurrencyCode,
  type ModelPhrasing,
  type SiteLanguage,
  type VehicleMatches,
} from '../src/index';
import { chatVehicleCard } from '../src/testFixtures';

const now = new Date('2026-11-25T10:00:00Z');
const id = '6f1c1d52-3c7e-4b8e-9d55-0f7c1f2b9a10';
const started: ConversationEvent = {
  type: 'ConversationStarted',
  data: { conversationId: id, language: 'en', currency: 'NGN', entry: 'widget', greeting: greetingFor('en'), startedAt: now.toISOString() },
};
const given = (...events: ConversationEvent[]): ConversationState => events.reduce(evolveConversation, initialConversationState);

const rav4 = chatVehicleCard('v-rav4', 'Toyota RAV4');
const noSearch: VehicleMatches = { kind: 'not-asked', vehicles: [], rates: null };

let counter = 0;
/** The API's two steps: what the message leads to (to find vehicles for it), then the decision. */
function message(state: ConversationState, text: string, matches: VehicleMatches = noSearch, language?: SiteLanguage, currency?: CurrencyCode): ConversationCommand {
  counter += 1;
  return { type: 'ReceiveBuyerMessage', text, language, currency, messageIds: { buyer: `b${counter}`, reply: `r${counter}` }, matches, matchedFor: contextAfter(state, text, language, currency), now };
}
/** Sends each text in turn, folding the events as the stream would. */
function converse(state: ConversationState, ...texts: string[]): { state: ConversationState; events: ConversationEvent[] } {
  const events: ConversationEvent[] = [];
  for (const text of texts) {
    const decided = decideConversation(message(state, text), state);
    events.push(...decided);
    state = decided.reduce(evolveConversation, state);
  }
  return { state, events };
}
const replies = (events: ConversationEvent[]) => events.flatMap((event) => (event.type === 'TaraReplied' ? [event.data] : []));

describe('starting a conversation', () => {
  it('records the language, currency, entry and the greeting in that language', () => {
    const events = decideConversation({ type: 'StartConversation', conversationId: id, language: 'fr', currency: 'XOF', entry: 'tara-page', topic: 'electric', now }, initialConversationState);
    expect(events).toEqual([
      {
        type: 'ConversationStarted',
        data: { conversationId: id, language: 'fr', currency: 'XOF', entry: 'tara-page', topic: 'electric', greeting: greetingFor('fr', 'electric'), startedAt: now.toISOString() },
      },
    ]);
    expect(greetingFor('fr', 'electric')).toContain('voiture électrique');
    const state = given(...events);
    expect(state).toMatchObject({ conversationId: id, language: 'fr', currency: 'XOF', stage: 'greeting', context: EMPTY_CHAT_CONTEXT, buyerMessages: 0 });
  });

  it('refuses to start twice, and refuses messages before the start', () => {
    expect(() => decideConversation({ type: 'StartConversation', conversationId: id, language: 'en', currency: 'NGN', now }, given(started))).toThrow(expect.objectContaining({ name: 'AlreadyExists', kind: 'conversation' }));
    expect(() => decideConversation(message(initialConversationState, 'hello'), initialConversationState)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'conversation' }));
  });
});

describe('stages (spec 001 section 4)', () => {
  it('moves one stage per buyer message, from greeting to needs-assessment on the first, and pricing-options stays', () => {
    expect(nextStage('greeting')).toBe('needs-assessment');
    expect(nextStage('needs-assessment')).toBe('vehicle-selection');
    expect(nextStage('vehicle-selection')).toBe('pricing-options');
    expect(nextStage('pricing-options')).toBe('pricing-options');
    const { events, state } = converse(given(started), 'hello', 'a family SUV', 'under 30 million naira', 'ok', 'and then?');
    expect(replies(events).map((reply) => reply.stage)).toEqual(['needs-assessment', 'vehicle-selection', 'pricing-options', 'pricing-options', 'pricing-options']);
    expect(state.stage).toBe('pricing-options');
    expect(state.buyerMessages).toBe(5);
  });

  it('records the message and the reply with what was understood, the cards shown and how they relate to the ask', () => {
    const state = given(started);
    const text = 'I need a family SUV under 30 million naira';
    const matches: VehicleMatches = { kind: 'within-budget', vehicles: [rav4], rates: null };
    const events = decideConversation(message(state, text, matches), state);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ type: 'BuyerMessageReceived', data: { conversationId: id, text, receivedAt: now.toISOString() } });
    const reply = replies(events)[0]!;
    expect(reply).toMatchObject({
      conversationId: id,
      stage: 'needs-assessment',
      context: { preferredVehicleType: 'suv', usage: 'family', budget: { amount: 30_000_000, currency: 'NGN' } },
      vehicles: [rav4],
      matchKind: 'within-budget',
      citations: [{ source: '/vehicle/v-rav4', label: 'Toyota RAV4' }],
    });
    expect(reply.content).toContain('Toyota RAV4 (₦28,000,000)');
    expect(reply.content).toContain('budget up to ₦30,000,000');
    for (const event of events) expect(ConversationEventSchema.parse(event)).toEqual(event);
  });

  it('records the cards in the order the reply lists them when the buyer asks for a sort', () => {
    const cheaper = { ...rav4, id: 'v-tiggo', name: 'Chery Tiggo 4 Pro', price: { amount: 24_000_000, currency: 'NGN' }, path: '/vehicle/v-tiggo' };
    const state = given(started);
    const matches: VehicleMatches = { kind: 'within-budget', vehicles: [rav4, cheaper], rates: null };
    const reply = replies(decideConversation(message(state, 'SUVs under 30m, cheapest first', matches), state))[0]!;
    expect(reply.vehicles.map((vehicle) => vehicle.id)).toEqual(['v-tiggo', 'v-rav4']);
    expect(reply.content.indexOf('Chery Tiggo 4 Pro')).toBeLessThan(reply.content.indexOf('Toyota RAV4'));
    const unsorted = replies(decideConversation(message(state, 'SUVs under 30m', matches), state))[0]!;
    expect(unsorted.vehicles.map((vehicle) => vehicle.id)).toEqual(['v-rav4', 'v-tiggo']);
  });

  it('answers in the language the buyer writes in now, recording the switch once', () => {
    const state = given(started);
    const text = "J'ai besoin d'un SUV familial à moins de 30 millions de nairas";
    const events = decideConversation(message(state, text, noSearch, 'fr'), state);
    expect(events.map((event) => event.type)).toEqual(['ConversationLanguageChanged', 'BuyerMessageReceived', 'TaraReplied']);
    expect(events[0]).toEqual({ type: 'ConversationLanguageChanged', data: { conversationId: id, from: 'en', to: 'fr', changedAt: now.toISOString() } });
    expect(replies(events)[0]!.content).toContain("Entendu : budget jusqu'à");
    for (const event of events) expect(ConversationEventSchema.parse(event)).toEqual(event);
    const after = events.reduce(evolveConversation, state);
    expect(after.language).toBe('fr');
    // The same language again, or none said, records no switch.
    expect(decideConversation(message(after, 'ok', noSearch, 'fr'), after).map((event) => event.type)).toEqual(['BuyerMessageReceived', 'TaraReplied']);
    expect(decideConversation(message(after, 'ok'), after).map((event) => event.type)).toEqual(['BuyerMessageReceived', 'TaraReplied']);
  });

  it('prices the cards in the currency the visitor has now, recording the change once; a budget without a currency is read in it', () => {
    const state = given(started);
    const events = decideConversation(message(state, 'an SUV under 4 million', noSearch, undefined, 'KES'), state);
    expect(events.map((event) => event.type)).toEqual(['ConversationCurrencyChanged', 'BuyerMessageReceived', 'TaraReplied']);
    expect(events[0]).toEqual({ type: 'ConversationCurrencyChanged', data: { conversationId: id, from: state.currency, to: 'KES', changedAt: now.toISOString() } });
    for (const event of events) expect(ConversationEventSchema.parse(event)).toEqual(event);
    const after = events.reduce(evolveConversation, state);
    expect(after.currency).toBe('KES');
    expect(after.context.budget).toEqual({ amount: 4_000_000, currency: 'KES' });
    // The same currency again, or none said, records no change.
    expect(decideConversation(message(after, 'ok', noSearch, undefined, 'KES'), after).map((event) => event.type)).toEqual(['BuyerMessageReceived', 'TaraReplied']);
    expect(decideConversation(message(after, 'ok'), after).map((event) => event.type)).toEqual(['BuyerMessageReceived', 'TaraReplied']);
  });

  it('keeps what was understood across messages, and a correction replaces only what it says', () => {
    const { state } = converse(given(started), 'a family SUV', 'under 30 million naira', 'actually a sedan');
    expect(state.context).toMatchObject({ preferredVehicleType: 'sedan', bodyType: 'sedan', usage: 'family', budget: { amount: 30_000_000, currency: 'NGN' } });
  });

  it('reads a budget without a currency in the visitor’s currency', () => {
    const kenyan = given({ ...started, data: { ...started.data, currency: 'KES' } } as ConversationEvent);
    expect(converse(kenyan, 'budget 2.5m').state.context.budget).toEqual({ amount: 2_500_000, currency: 'KES' });
  });
});

describe('the API found vehicles for another context', () => {
  it('refuses the decision when another message changed what Tara understood meanwhile', () => {
    const state = given(started);
    const stale = message(state, 'a sedan');
    const moved = converse(state, 'a family SUV').state;
    expect(() => decideConversation(stale, moved)).toThrow(ConversationMovedOn);
  });
});

describe('too long', () => {
  it(`reads at most ${CHAT_MAX_MESSAGES} buyer messages, then offers a person instead`, () => {
    const state = { ...given(started), buyerMessages: CHAT_MAX_MESSAGES - 1 };
    const last = converse(state, 'one more');
    expect(last.state.buyerMessages).toBe(CHAT_MAX_MESSAGES);
    expect(() => decideConversation(message(last.state, 'and another'), last.state)).toThrow(ConversationTooLong);
  });
});

describe('hand-off', () => {
  it('records the name and contact once; the same again changes nothing; a new contact is recorded', () => {
    const state = given(started);
    const handOff = { type: 'HandOff' as const, name: 'Amina Yusuf', phone: '+234 803 555 0142', now };
    const events = decideConversation(handOff, state);
    expect(events).toEqual([{ type: 'ConversationHandedOff', data: { conversationId: id, name: 'Amina Yusuf', phone: '+234 803 555 0142', handedOffAt: now.toISOString() } }]);
    const after = given(started, ...events);
    expect(after.handoff).toEqual({ name: 'Amina Yusuf', phone: '+234 803 555 0142', whatsappUpdates: false });
    expect(decideConversation(handOff, after)).toEqual([]);
    expect(decideConversation({ ...handOff, email: 'amina@example.ng' }, after)).toHaveLength(1);
  });

  it('records "Send me updates on WhatsApp" only with a phone to send them to; ticking it later is a new hand-off', () => {
    const state = given(started);
    const handOff = { type: 'HandOff' as const, name: 'Amina Yusuf', phone: '+234 803 555 0142', now };
    const withoutPhone = decideConversation({ type: 'HandOff', name: 'Amina Yusuf', email: 'amina@example.ng', whatsappUpdates: true, now }, state);
    expect(withoutPhone[0]?.data).not.toHaveProperty('whatsappUpdates');
    const unticked = given(started, ...decideConversation(handOff, state));
    const ticked = decideConversation({ ...handOff, whatsappUpdates: true }, unticked);
    expect(ticked).toEqual([{ type: 'ConversationHandedOff', data: { conversationId: id, name: 'Amina Yusuf', phone: '+234 803 555 0142', whatsappUpdates: true, handedOffAt: now.toISOString() } }]);
    expect(given(started, ...ticked).handoff?.whatsappUpdates).toBe(true);
  });

  it('can be asked for in words at any stage: the reply offers a person in the conversation’s language', () => {
    const swahili = given({ ...started, data: { ...started.data, language: 'sw' } } as ConversationEvent);
    const reply = replies(converse(swahili, 'nataka kuongea na mtu').events)[0]!;
    expect(reply.content).toContain('mtu wa timu yetu ya mauzo');
    expect(reply.suggestions.map((suggestion) => suggestion.text)).toContain('Ongea na mtu');
  });

  it('refuses a hand-off before the conversation started', () => {
    expect(() => decideConversation({ type: 'HandOff', name: 'Amina', email: 'a@example.ng', now }, initialConversationState)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'conversation' }));
  });
});

describe('follow-up by staff', () => {
  it('moves the lead from new to contacted to closed, with notes, and never back to new', () => {
    let state = given(started);
    const contacted = decideConversation({ type: 'ChangeStatus', status: 'contacted', now }, state);
    expect(contacted).toEqual([{ type: 'ConversationStatusChanged', data: { conversationId: id, from: 'new', to: 'contacted', changedAt: now.toISOString() } }]);
    state = contacted.reduce(evolveConversation, state);
    expect(state.status).toBe('contacted');
    expect(decideConversation({ type: 'ChangeStatus', status: 'contacted', now }, state)).toEqual([]);
    expect(decideConversation({ type: 'AddNote', text: 'Called, prefers the RAV4', now }, state)).toEqual([
      { type: 'ConversationNoteAdded', data: { conversationId: id, text: 'Called, prefers the RAV4', addedAt: now.toISOString() } },
    ]);
    expect(() => decideConversation({ type: 'ChangeStatus', status: 'new', now }, state)).toThrow();
    state = decideConversation({ type: 'ChangeStatus', status: 'closed', now }, state).reduce(evolveConversation, state);
    expect(state.status).toBe('closed');
  });
});

describe('replies read like a person wrote them (issue 40, point 4)', () => {
  const asks = ['What is your budget?', 'What will you mostly use the car for', 'Which kind of car do you like'];
  const opening = (text: string) => text.toLowerCase().split(/[\s,.:;!?]+/).filter(Boolean).slice(0, 3).join(' ');

  it('over a long conversation: no two replies in a row start with the same words, one question at a time, what was understood said only when it changed', () => {
    const texts = [
      'hello',
      'hi again',
      'Abeg I wan buy family car, SUV, my budget na 15m',
      'e go dey for Lagos traffic, fuel economy matter pass',
      'ok',
      'ok',
      'una dey deliver?',
      'diesel preferred, 4x4',
      'thanks',
      'thanks',
      'show me more',
      'hello',
    ];
    let state = given(started);
    let previous = greetingFor('en');
    const contents: string[] = [];
    for (const text of texts) {
      const before = state.context;
      const decided = decideConversation(message(state, text, { kind: 'within-budget', vehicles: [rav4], rates: null }), state);
      state = decided.reduce(evolveConversation, state);
      const reply = replies(decided)[0]!;
      expect(opening(reply.content), `${text}: ${reply.content}`).not.toBe(opening(previous));
      expect(asks.filter((ask) => reply.content.includes(ask)).length, reply.content).toBeLessThanOrEqual(1);
      const summed = /^(Sure\. |Alright\. |Okay\. )?(Got it: |Okay, so: |Noted: |Right, that's )/.test(reply.content);
      if (JSON.stringify(before) !== JSON.stringify(state.context)) expect(summed, `${text}: ${reply.content}`).toBe(true);
      contents.push(reply.content);
      previous = reply.content;
    }
    // "ok" after "ok", "thanks" after "thanks": nothing changed, nothing summed up again.
    expect(contents[5]).not.toMatch(/Got it|Okay, so|Noted|Right, that's/);
    expect(contents[9]).not.toMatch(/Got it|Okay, so|Noted|Right, that's/);
    // The Pidgin conversation kept the SUV and added fuel economy, diesel and 4x4.
    expect(state.context).toMatchObject({ bodyType: 'suv', usage: 'family', priority: 'economy', fuel: 'diesel', drive: '4x4', budget: { amount: 15_000_000, currency: 'NGN' } });
  });

  it('a question Tara cannot answer yet gets a specialist and the hand-off, never the qualification questions back', () => {
    const reply = replies(converse(given(started), 'Do you deliver to Kaduna, and how long does it take?').events)[0]!;
    expect(reply.content).toContain('a specialist from our team will follow up');
    for (const ask of asks) expect(reply.content).not.toContain(ask);
    expect(reply.suggestions[0]).toMatchObject({ action: 'handoff' });
  });

  it('reads conversations stored before the slots: an old reply’s type, usage and budget fold into them', () => {
    const old = {
      type: 'TaraReplied',
      data: {
        conversationId: id,
        messageId: 'r-old',
        stage: 'needs-assessment',
        content: "Here's what I have so far: budget up to ₦30,000,000, for the family, SUV. Tell me if anything is off.",
        citations: [],
        context: { preferredVehicleType: 'suv', usage: 'family', budget: { amount: 30_000_000, currency: 'NGN' } },
        vehicles: [],
        matchKind: 'not-asked',
        suggestions: [],
        repliedAt: now.toISOString(),
      },
    };
    const parsed = ConversationEventSchema.parse(old);
    const state = given(started, parsed);
    expect(state.context).toEqual({ ...EMPTY_CHAT_CONTEXT, preferredVehicleType: 'suv', bodyType: 'suv', usage: 'family', budget: { amount: 30_000_000, currency: 'NGN' } });
    // The next message adds to it.
    const { state: after, events } = converse(state, 'diesel, 4x4');
    expect(after.context).toMatchObject({ bodyType: 'suv', fuel: 'diesel', drive: '4x4', usage: 'family', budget: { amount: 30_000_000, currency: 'NGN' } });
    expect(replies(events)[0]!.content.startsWith("Here's")).toBe(false);
  });
});

describe('which engine answered a turn (issue 40.5)', () => {
  const state = given(started);
  const text = 'I need a family SUV under 30 million naira';
  const matches: VehicleMatches = { kind: 'within-budget', vehicles: [rav4], rates: null };
  const reply = (phrasing?: ModelPhrasing) => replies(decideConversation({ ...message(state, text, matches), phrasing } as ConversationCommand, state))[0]!;

  it('records the rules engine when no model is configured, with its own words and the cards', () => {
    const rules = reply();
    expect(rules.engine).toBe('rules');
    expect(rules).not.toHaveProperty('fallback');
    expect(rules.content).toContain('Toyota RAV4');
  });

  it("records the model's words, with the same cards, context and suggestions, citing the tool-found cars it names", () => {
    const rules = reply();
    const model = reply({ engine: 'model', content: 'The Toyota RAV4 fits your family and your budget. Shall I quote it delivered to Lagos?', citations: [{ source: '/vehicle/v-other', label: 'Other' }] });
    expect(model.engine).toBe('model');
    expect(model.content).toBe('The Toyota RAV4 fits your family and your budget. Shall I quote it delivered to Lagos?');
    expect(model.vehicles).toEqual(rules.vehicles);
    expect(model.context).toEqual(rules.context);
    expect(model.citations).toEqual([...rules.citations, { source: '/vehicle/v-other', label: 'Other' }]);
    expect(model.suggestions).toEqual(rules.suggestions);
  });

  it("records the rules engine's words and why when the model was tried and did not answer", () => {
    const fallback = reply({ engine: 'rules', fallback: 'invented-vehicle' });
    expect(fallback).toMatchObject({ engine: 'rules', fallback: 'invented-vehicle', content: reply().content });
  });

  it('reads a reply recorded before engines were as the rules engine’s', () => {
    const { engine: _engine, ...older } = reply();
    const parsed = ConversationEventSchema.parse({ type: 'TaraReplied', data: older });
    expect(parsed.type === 'TaraReplied' && (parsed.data.engine ?? 'rules')).toBe('rules');
  });
});
