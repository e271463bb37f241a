import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConversationsTable, Db } from '@autobest/db';
import {
  CHAT_STAGES,
  ConversationRecordSchema,
  conversationStreamId,
  decideConversation,
  fullContext,
  SITE_LANGUAGES,
  understoodSummary,
  whatsappUrl,
  type ConversationRecord,
  STAFF_AREAS,
} from '@autobest/domain';
import { handleCommand, STREAMS } from '../http/commands';
import { FOLLOW_UP, FOLLOW_UP_SORTABLE, followUpCsv, followUpFieldsOf, followUpStatusFilter, registerFollowUpRoutes } from '../followUps/routes';
import { simpleRestList } from '../http/simpleRest';
import { fieldsOf, sortableColumns } from '../http/apiFields';

/** A lead or not: the console's toggle sends a boolean, a typed URL may say yes or no. */
const leadFilter = z
  .union([z.boolean(), z.enum(['yes', 'no'])], { error: 'lead must be true or false (or yes or no)' })
  .transform((lead) => lead === true || lead === 'yes')
  .optional();

const conversations = simpleRestList({
  resource: 'conversations',
  from: (db) => db.selectFrom('conversations'),
  sortable: {
    ...sortableColumns('started_at', 'last_message_at', 'stage', 'language'),
    budget: 'budget_amount',
    ...sortableColumns('message_count', 'handed_off_at'),
    ...FOLLOW_UP_SORTABLE,
  },
  defaultSort: ['startedAt', 'DESC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`concat_ws(' ', id::text, search_text) ilike ${pattern}` },
  filters: {
    stage: z.enum(CHAT_STAGES, { error: `Stage must be one of: ${CHAT_STAGES.join(', ')}` }).optional(),
    language: z.enum(SITE_LANGUAGES, { error: `Language must be one of: ${SITE_LANGUAGES.join(', ')}` }).optional(),
    lead: leadFilter,
    status: followUpStatusFilter,
  },
  equals: { stage: 'stage', language: 'language', status: 'status' },
  where: (query, { lead }) => (lead === undefined ? query : query.where('handed_off_at', lead ? 'is not' : 'is', null)),
  uuidIds: true,
  toRecord: toConversation,
});

/** The transcript, read only for one record. */
async function withTranscript(db: Db, record: ConversationRecord): Promise<ConversationRecord> {
  const messages = await db.selectFrom('conversation_messages').selectAll().where('conversation_id', '=', record.id).orderBy('position').execute();
  return {
    ...record,
    transcript: messages.map((message) => ({
      id: message.id,
      content: message.content,
      isUser: message.is_user,
      timestamp: new Date(message.at).toISOString(),
      ...(message.citations.length > 0 ? { citations: message.citations } : {}),
      // Tara's replies: the engine that answered and the slots after the turn.
      ...(message.engine ? { engine: message.engine } : {}),
      ...(message.fallback ? { fallback: message.fallback } : {}),
      ...(message.context ? { context: fullContext(message.context) } : {}),
      ...(message.model_slots ? { modelSlots: message.model_slots } : {}),
    })),
  };
}

/** Staff find Tara's conversations and follow up the buyers who asked for a person (resource `conversations`). */
export const assistantAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerFollowUpRoutes(app, {
    resource: 'conversations',
    tags: ['assistant'],
    permissions: STAFF_AREAS.requests,
    noun: 'Conversation',
    statuses: FOLLOW_UP,
    recordSchema: ConversationRecordSchema,
    list: conversations,
    withDetail: withTranscript,
    arrivedAt: 'started_at',
    csv: followUpCsv<Selectable<ConversationsTable>>({
      columns: ['ID', 'Started', 'Last Message', 'Language', 'Currency', 'Opened From', 'Stage', 'Understood', 'Messages', 'Vehicles Shown', 'Lead', 'Phone', 'Email', 'Handed Off'],
      cells: (row) => [
        row.id,
        new Date(row.started_at).toISOString(),
        new Date(row.last_message_at).toISOString(),
        row.language,
        row.currency,
        row.entry ?? '',
        row.stage,
        understoodSummary(row.context),
        String(row.message_count),
        row.vehicles_shown.map((vehicle) => vehicle.name).join(' | '),
        row.lead_name ?? '',
        row.lead_phone ?? '',
        row.lead_email ?? '',
        row.handed_off_at ? new Date(row.handed_off_at).toISOString() : '',
      ],
    }),
    followUp: (request, id, command, expectedVersion) =>
      handleCommand(app, request, STREAMS.conversation, conversationStreamId(id), (state) => decideConversation(command, state), {
        by: 'staff',
        expectedVersion,
        readYourWrite: true,
      }),
  });
};

function toConversation(row: Selectable<ConversationsTable>): ConversationRecord {
  const lead = row.lead_name
    ? {
        name: row.lead_name,
        phone: row.lead_phone,
        email: row.lead_email,
        handedOffAt: new Date(row.handed_off_at!).toISOString(),
        whatsappUrl: whatsappUrl({ name: row.lead_name, phone: row.lead_phone }, row.context),
      }
    : null;
  return {
    ...fieldsOf(row, ['id', 'stage', 'language', 'currency', 'entry', 'topic', 'started_at', 'last_message_at', 'message_count', 'vehicles_shown']),
    context: fullContext(row.context),
    lead,
    transcript: [],
    ...followUpFieldsOf(row),
  };
}
