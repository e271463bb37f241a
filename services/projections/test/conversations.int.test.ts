import { describe, it } from 'vitest';
import { conversationStreamId, handoffReply, type ChatVehicleCard, type ConversationEvent, type ModelFallback, type TaraEngine } from '@autobest/domain';
import { chatVehicleCard as card } from '@autobest/domain/testing';
import { conversationsProjection } from '../src/assistant/conversationsProjection';
import { staffFollowUpOf, inStream, projectionSpec, staff, untouchedFollowUp, whatsappReplyOf } from './projectionSpec';

const id = 'e1e1e1e1-0000-4000-8000-000000000001';
const stream = conversationStreamId(id);
const context = { preferredVehicleType: 'suv', usage: 'family', budget: { amount: 50_000_000, currency: 'NGN' } } as const;

const started: ConversationEvent = {
  type: 'ConversationStarted',
  data: { conversationId: id, language: 'en', currency: 'NGN', entry: 'widget', topic: 'suv', greeting: 'Hello! I am Tara.', startedAt: '2026-11-01T09:00:00.000Z' },
};
const asked: ConversationEvent = { type: 'BuyerMessageReceived', data: { conversationId: id, messageId: 'm1', text: 'A family SUV under 50 million naira', receivedAt: '2026-11-01T09:01:00.000Z' } };
/** Tara's reply; `turn` says which engine answered (replies recorded before engines were recorded say none). */
const replied = (messageId: string, vehicles: ChatVehicleCard[], repliedAt: string, turn: { engine?: TaraEngine; fallback?: ModelFallback } = {}): ConversationEvent => ({
  type: 'TaraReplied',
  data: {
    ...turn,
    conversationId: id,
    messageId,
    stage: 'vehicle-selection',
    content: 'Here are SUVs within your budget.',
    citations: [{ source: '/vehicle/rav4', label: 'RAV4' }],
    context,
    vehicles,
    matchKind: 'within-budget',
    suggestions: [{ label: 'Talk to a person', text: 'I want to talk to a person', action: 'handoff' }],
    repliedAt,
  },
});
const askedAgain: ConversationEvent = { type: 'BuyerMessageReceived', data: { conversationId: id, messageId: 'm3', text: 'Anything else?', receivedAt: '2026-11-01T09:03:00.000Z' } };
const toFrench: ConversationEvent = { type: 'ConversationLanguageChanged', data: { conversationId: id, from: 'en', to: 'fr', changedAt: '2026-11-01T09:04:00.000Z' } };
const toCedis: ConversationEvent = { type: 'ConversationCurrencyChanged', data: { conversationId: id, from: 'NGN', to: 'GHS', changedAt: '2026-11-01T09:04:30.000Z' } };
const handedOff: ConversationEvent = { type: 'ConversationHandedOff', data: { conversationId: id, name: 'Kemi Adeyemi', phone: '+234 803 555 0106', email: 'kemi@example.ng', handedOffAt: '2026-11-01T09:05:00.000Z' } };
const { contacted, noted } = staffFollowUpOf('Conversation', { conversationId: id }, 'Wants a test drive');
// The lead answered our WhatsApp message.
const leadReply = whatsappReplyOf('Conversation', { conversationId: id }, 'Saturday morning works', '2026-11-01T10:30:00.000Z');
const leadReplied: ConversationEvent = leadReply.replied;

describe('conversations projection', () => {
  const { given } = projectionSpec(conversationsProjection);

  it("starts a conversation at the greeting, with Tara's greeting as its first message", async () => {
    await given(inStream(stream, [started]))
      .then({
        conversations: [
          {
            id,
            language: 'en',
            currency: 'NGN',
            entry: 'widget',
            topic: 'suv',
            stage: 'greeting',
            context: { preferredVehicleType: null, usage: null, budget: null },
            budget_amount: null,
            budget_currency: null,
            vehicle_type: null,
            usage: null,
            started_at: '2026-11-01T09:00:00.000Z',
            last_message_at: '2026-11-01T09:00:00.000Z',
            message_count: 0,
            vehicles_shown: [],
            lead_name: null,
            lead_phone: null,
            lead_email: null,
            handed_off_at: null,
            search_text: '',
            ...untouchedFollowUp,
            version: 1,
            global_position: 1,
          },
        ],
        conversation_messages: [{ conversation_id: id, position: 1, id: 'greeting', is_user: false, content: 'Hello! I am Tara.', citations: [], at: '2026-11-01T09:00:00.000Z' }],
      });
  });

  it("keeps the transcript, what Tara understood, each vehicle shown once, the buyer's language and currency, and the lead", async () => {
    await given(inStream(stream, [started]))
      .when(inStream(stream, [asked, replied('m2', [card('rav4', 'Toyota RAV4'), card('crv', 'Honda CR-V')], '2026-11-01T09:02:00.000Z')]))
      .when(inStream(stream, [askedAgain, replied('m4', [card('crv', 'Honda CR-V'), card('tucson', 'Hyundai Tucson')], '2026-11-01T09:03:30.000Z'), toFrench, toCedis, handedOff]))
      .then({
        conversations: [
          {
            id,
            language: 'fr',
            currency: 'GHS',
            stage: 'vehicle-selection',
            context,
            budget_amount: 50_000_000,
            budget_currency: 'NGN',
            vehicle_type: 'suv',
            usage: 'family',
            last_message_at: '2026-11-01T09:05:00.000Z',
            message_count: 2,
            vehicles_shown: [
              { id: 'rav4', name: 'Toyota RAV4' },
              { id: 'crv', name: 'Honda CR-V' },
              { id: 'tucson', name: 'Hyundai Tucson' },
            ],
            lead_name: 'Kemi Adeyemi',
            lead_phone: '+234 803 555 0106',
            lead_email: 'kemi@example.ng',
            handed_off_at: '2026-11-01T09:05:00.000Z',
            // Each part joined with a space to what was there, the empty start included.
            search_text: ' A family SUV under 50 million naira Here are SUVs within your budget. Anything else? Here are SUVs within your budget. Kemi Adeyemi +234 803 555 0106 kemi@example.ng',
            version: 8,
            global_position: 8,
          },
        ],
        conversation_messages: [
          { position: 1, id: 'greeting', is_user: false },
          { position: 2, id: 'm1', is_user: true, content: 'A family SUV under 50 million naira', citations: [], at: '2026-11-01T09:01:00.000Z' },
          { position: 3, id: 'm2', is_user: false, content: 'Here are SUVs within your budget.', citations: [{ source: '/vehicle/rav4', label: 'RAV4' }], at: '2026-11-01T09:02:00.000Z' },
          { position: 4, id: 'm3', is_user: true, content: 'Anything else?' },
          { position: 5, id: 'm4', is_user: false },
          // The hand-off's answer is in the language the buyer went on in.
          { position: 8, id: 'handoff-8', is_user: false, content: handoffReply('fr', 'Kemi Adeyemi'), citations: [], at: '2026-11-01T09:05:00.000Z' },
        ],
      });
  });

  it("records staff's status changes and notes, without adding them to the transcript", async () => {
    await given(inStream(stream, [started, asked, handedOff]))
      .when(inStream(stream, [contacted, noted], staff))
      .then({
        conversations: [
          {
            id,
            status: 'contacted',
            status_history: [{ from: 'new', to: 'contacted', at: '2026-11-01T10:00:00.000Z', by: 'ops@autobest.test' }],
            notes: [{ text: 'Wants a test drive', at: '2026-11-01T10:05:00.000Z', by: 'ops@autobest.test' }],
            last_updated: '2026-11-01T10:05:00.000Z',
            last_message_at: '2026-11-01T09:05:00.000Z',
            version: 5,
          },
        ],
        conversation_messages: [{ id: 'greeting' }, { id: 'm1' }, { id: 'handoff-3', content: handoffReply('en', 'Kemi Adeyemi') }],
      });
  });

  it("marks each of Tara's replies with the engine that answered it, why the model did not, and what she understood after it", async () => {
    const askedThird: ConversationEvent = { type: 'BuyerMessageReceived', data: { conversationId: id, messageId: 'm5', text: 'And a cheaper one?', receivedAt: '2026-11-01T09:04:00.000Z' } };
    await given(inStream(stream, [started, asked, replied('m2', [card('rav4', 'Toyota RAV4')], '2026-11-01T09:02:00.000Z')]))
      .when(inStream(stream, [askedAgain, replied('m4', [card('crv', 'Honda CR-V')], '2026-11-01T09:03:30.000Z', { engine: 'model' })]))
      .when(inStream(stream, [askedThird, replied('m6', [], '2026-11-01T09:04:30.000Z', { engine: 'rules', fallback: 'invented-price' })]))
      .then({
        conversation_messages: [
          { id: 'greeting', engine: null, fallback: null, context: null },
          { id: 'm1', engine: null, fallback: null, context: null },
          // A reply recorded before engines were is the rules engine's.
          { id: 'm2', engine: 'rules', fallback: null, context },
          { id: 'm3', engine: null, fallback: null, context: null },
          { id: 'm4', engine: 'model', fallback: null, context },
          { id: 'm5', engine: null, fallback: null, context: null },
          { id: 'm6', engine: 'rules', fallback: 'invented-price', context },
        ],
      });
  });

  it("keeps the lead's WhatsApp reply as a note after staff's, signed as the customer's, outside the transcript", async () => {
    await given(inStream(stream, [started, asked, handedOff]))
      .when(inStream(stream, [contacted, noted], staff))
      .when(inStream(stream, [leadReplied]))
      .then({
        conversations: [
          {
            id,
            status: 'contacted',
            notes: [{ text: 'Wants a test drive', at: '2026-11-01T10:05:00.000Z', by: 'ops@autobest.test' }, leadReply.note],
            last_updated: '2026-11-01T10:30:00.000Z',
            last_message_at: '2026-11-01T09:05:00.000Z',
            version: 6,
          },
        ],
        conversation_messages: [{ id: 'greeting' }, { id: 'm1' }, { id: 'handoff-3' }],
      });
  });

  it('leaves out a message that lands on a conversation the retention sweep emptied, instead of stopping', async () => {
    // The sweep deleted the conversation's events and rows; the buyer's last message was appended at that moment.
    await given(inStream(stream, [asked]))
      .then({ conversations: [], conversation_messages: [] });
  });

  it('rebuilds the rows it kept live', async () => {
    await given(inStream(stream, [started, asked]))
      .when(inStream(stream, [replied('m2', [card('rav4', 'Toyota RAV4')], '2026-11-01T09:02:00.000Z'), askedAgain]))
      .when(inStream(stream, [replied('m4', [card('rav4', 'Toyota RAV4'), card('crv', 'Honda CR-V')], '2026-11-01T09:03:30.000Z', { engine: 'model' }), toFrench, handedOff]))
      .when(inStream(stream, [contacted, noted], staff))
      .when(inStream(stream, [leadReplied]))
      .thenRebuildGivesTheSameRows();
  });
});
