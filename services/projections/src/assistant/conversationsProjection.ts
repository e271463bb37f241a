import { sql, type Transaction } from 'kysely';
import { parseStoredEvent, type Database } from '@autobest/db';
import {
  CONVERSATION_EVENT_TYPES,
  ConversationEventSchema,
  transcriptMessage,
  WHATSAPP_REPLY_AUTHOR,
  type ChatFilterSlot,
  type ChatMessage,
  type ConversationEvent,
  type ModelFallback,
  type SiteLanguage,
  type StoredChatContext,
  type TaraEngine,
} from '@autobest/domain';
import { staffEmailOf, type Projection } from '../projector/projection';
import { applyNote, applyStatusChange, NEW_FOLLOW_UP } from '../followUps/followUps';

/**
 * A message of a conversation the read model has. The retention sweep deletes a conversation's events and rows
 * together; a message a buyer sent at that very moment may still land on the emptied stream, and is then left out
 * here (the updates of the row find none too) instead of stopping the projector on a missing conversation.
 */
async function addMessage(trx: Transaction<Database>, conversationId: string, position: number, message: ChatMessage, turn: TurnFacts | null) {
  await sql`
    insert into conversation_messages (conversation_id, position, id, is_user, content, citations, at, engine, fallback, context, model_slots)
    select ${conversationId}::uuid, ${position}, ${message.id}, ${message.isUser}, ${message.content}, ${JSON.stringify(message.citations ?? [])}::jsonb, ${message.timestamp}::timestamptz,
           ${turn?.engine ?? null}, ${turn?.fallback ?? null}, ${turn ? JSON.stringify(turn.context) : null}::jsonb,
           ${turn?.modelSlots ? JSON.stringify(turn.modelSlots) : null}::jsonb
    where exists (select 1 from conversations where id = ${conversationId}::uuid)`.execute(trx);
}

/** What the console shows of a reply's turn: the engine that answered it (older replies were the rules engine's) and the slots after it. */
interface TurnFacts {
  engine: TaraEngine;
  fallback: ModelFallback | null;
  context: StoredChatContext;
  /** The slots the language model read in the message, when it set any. */
  modelSlots: ChatFilterSlot[] | null;
}
const turnOf = (event: ConversationEvent): TurnFacts | null =>
  event.type === 'TaraReplied' ? { engine: event.data.engine ?? 'rules', fallback: event.data.fallback ?? null, context: event.data.context, modelSlots: event.data.modelSlots ?? null } : null;

/** What `q` finds a conversation by, appended as the conversation goes on. */
const searchable = (...parts: Array<string | undefined>) => sql<string>`concat_ws(' ', search_text, ${parts.filter(Boolean).join(' ')}::text)`;

/**
 * Tara's conversations as staff list, search and follow them up (with the whole transcript) and the analytics funnel
 * counts them: what Tara understood, the stage reached, the vehicles shown, and the lead once the buyer asked for a
 * person.
 */
export const conversationsProjection: Projection = {
  name: 'conversations',
  tables: ['conversation_messages', 'conversations'],
  handles: CONVERSATION_EVENT_TYPES,
  async apply(trx, events) {
    for (const stored of events) {
      const event = parseStoredEvent(ConversationEventSchema, stored);
      const version = stored.streamPosition;
      const conversationId = event.data.conversationId;
      const languageOf = async (): Promise<SiteLanguage> =>
        (await trx.selectFrom('conversations').select('language').where('id', '=', conversationId).executeTakeFirst())?.language ?? 'en';
      switch (event.type) {
        case 'ConversationStarted': {
          const { language, currency, entry, topic, startedAt } = event.data;
          // A plain insert, not an upsert: applying an event twice would be a bug, and it should fail loudly.
          await trx
            .insertInto('conversations')
            .values({
              id: conversationId,
              language,
              currency,
              entry: entry ?? null,
              topic: topic ?? null,
              stage: 'greeting',
              context: JSON.stringify({ preferredVehicleType: null, usage: null, budget: null }),
              started_at: startedAt,
              last_message_at: startedAt,
              message_count: 0,
              vehicles_shown: JSON.stringify([]),
              search_text: '',
              ...NEW_FOLLOW_UP,
              version,
              global_position: stored.globalPosition,
            })
            .execute();
          break;
        }
        case 'ConversationLanguageChanged':
          await trx.updateTable('conversations').set({ language: event.data.to, version, global_position: stored.globalPosition }).where('id', '=', conversationId).execute();
          break;
        case 'ConversationCurrencyChanged':
          await trx.updateTable('conversations').set({ currency: event.data.to, version, global_position: stored.globalPosition }).where('id', '=', conversationId).execute();
          break;
        case 'BuyerMessageReceived': {
          const { text, receivedAt } = event.data;
          await trx
            .updateTable('conversations')
            .set({
              message_count: sql`message_count + 1`,
              last_message_at: receivedAt,
              search_text: searchable(text),
              version,
              global_position: stored.globalPosition,
            })
            .where('id', '=', conversationId)
            .execute();
          break;
        }
        case 'TaraReplied': {
          const { stage, context, vehicles, content, repliedAt } = event.data;
          const shown = vehicles.map((vehicle) => ({ id: vehicle.id, name: vehicle.name }));
          await trx
            .updateTable('conversations')
            .set({
              stage,
              context: JSON.stringify(context),
              budget_amount: context.budget?.amount ?? null,
              budget_currency: context.budget?.currency ?? null,
              vehicle_type: context.preferredVehicleType,
              usage: context.usage,
              last_message_at: repliedAt,
              // Each vehicle once, in the order first shown.
              vehicles_shown: sql`vehicles_shown || coalesce((
                select jsonb_agg(shown.vehicle order by shown.n) from jsonb_array_elements(${JSON.stringify(shown)}::jsonb) with ordinality as shown(vehicle, n)
                where not vehicles_shown @> jsonb_build_array(jsonb_build_object('id', shown.vehicle->'id'))), '[]'::jsonb)`,
              search_text: searchable(content),
              version,
              global_position: stored.globalPosition,
            })
            .where('id', '=', conversationId)
            .execute();
          break;
        }
        case 'ConversationHandedOff': {
          const { name, phone, email, handedOffAt } = event.data;
          await trx
            .updateTable('conversations')
            .set({
              lead_name: name,
              lead_phone: phone ?? null,
              lead_email: email ?? null,
              handed_off_at: handedOffAt,
              last_message_at: handedOffAt,
              search_text: searchable(name, phone, email),
              version,
              global_position: stored.globalPosition,
            })
            .where('id', '=', conversationId)
            .execute();
          break;
        }
        case 'ConversationStatusChanged': {
          const { from, to, changedAt } = event.data;
          await applyStatusChange(trx, 'conversations', conversationId, { from, to, at: changedAt, by: staffEmailOf(stored) }, { atPosition: version });
          break;
        }
        case 'ConversationNoteAdded':
          await applyNote(trx, 'conversations', conversationId, { text: event.data.text, at: event.data.addedAt, by: staffEmailOf(stored) }, { atPosition: version });
          break;
        case 'ConversationWhatsAppReplyReceived':
          await applyNote(trx, 'conversations', conversationId, { text: event.data.text, at: event.data.receivedAt, by: WHATSAPP_REPLY_AUTHOR }, { atPosition: version });
          break;
      }
      // Only a hand-off's answer depends on the conversation's language.
      const language = event.type === 'ConversationHandedOff' ? await languageOf() : 'en';
      const message = transcriptMessage(event, { language, position: version });
      if (message) await addMessage(trx, conversationId, version, message, turnOf(event));
    }
  },
};
