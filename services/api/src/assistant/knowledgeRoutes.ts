import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TaraAnswersTable } from '@autobest/db';
import { KNOWLEDGE_TOPICS, SITE_LANGUAGES, STAFF_AREAS, TaraAnswerBodySchema, TaraAnswerRecordSchema, taraAnswerStreamId, type TaraAnswerChanged, type TaraAnswerRecord } from '@autobest/domain';
import { errorResponses, notFound } from '../http/errors';
import { simpleRestList } from '../http/simpleRest';
import { sortableColumns } from '../http/apiFields';
import { requireStaff, staffEventMetadata } from '../plugins/auth';
import type { KnowledgeBase } from './knowledge';

const tags = ['assistant'];
const IdParams = z.object({ id: z.string().max(100) });

const taraAnswers = simpleRestList({
  resource: 'tara-answers',
  from: (db) => db.selectFrom('tara_answers'),
  sortable: sortableColumns('topic', 'language', 'updated_at'),
  defaultSort: ['topic', 'ASC'],
  search: { maxLength: 200, matches: (pattern) => sql<boolean>`text ilike ${pattern}` },
  filters: {
    topic: z.enum(KNOWLEDGE_TOPICS, { error: `Topic must be one of: ${KNOWLEDGE_TOPICS.join(', ')}` }).optional(),
    language: z.enum(SITE_LANGUAGES, { error: `Language must be one of: ${SITE_LANGUAGES.join(', ')}` }).optional(),
  },
  equals: { topic: 'topic', language: 'language' },
  uuidIds: false,
  toRecord: toTaraAnswer,
});

function toTaraAnswer(row: Selectable<TaraAnswersTable>): TaraAnswerRecord {
  return TaraAnswerRecordSchema.parse({
    id: row.id,
    topic: row.topic,
    language: row.language,
    text: row.text,
    updatedBy: row.updated_by,
    updatedAt: new Date(row.updated_at).toISOString(),
  });
}

/**
 * Staff edit what Tara answers about delivery times, documents and customs, inspection and warranty, in each language
 * (resource `tara-answers`; the news area's permissions, which cover the console's Content group: inventory and admins change it, sales and viewers read it). An edit reaches her next reply at once.
 */
export const knowledgeRoutes: FastifyPluginAsyncZod<{ knowledge: KnowledgeBase }> = async (app, { knowledge }) => {
  app.get(
    '/api/admin/tara-answers',
    { config: { staffPermission: STAFF_AREAS.news.read }, schema: { tags, summary: "Tara's knowledge base: one answer per topic and language (ra-data-simple-rest)", querystring: taraAnswers.querystring, response: { 200: z.array(TaraAnswerRecordSchema), ...errorResponses } } },
    async (request, reply) => taraAnswers.answer(app.db, request.query, reply),
  );

  app.get(
    '/api/admin/tara-answers/:id',
    { config: { staffPermission: STAFF_AREAS.news.read }, schema: { tags, summary: 'One answer of Tara’s knowledge base (id topic:language)', params: IdParams, response: { 200: TaraAnswerRecordSchema, ...errorResponses } } },
    async (request) => {
      const row = await app.db.selectFrom('tara_answers').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!row) throw notFound('Answer');
      return toTaraAnswer(row);
    },
  );

  app.put(
    '/api/admin/tara-answers/:id',
    { config: { staffPermission: STAFF_AREAS.news.write }, schema: { tags, summary: 'Change what Tara answers on one topic in one language', params: IdParams, body: TaraAnswerBodySchema, response: { 200: TaraAnswerRecordSchema, ...errorResponses } } },
    async (request) => {
      const staff = requireStaff(request);
      // The row and the event saying who changed it commit together, as every staff change does (activity trail).
      const row = await app.eventStore.recordInTransaction(async (trx, record) => {
        const changed = await trx
          .updateTable('tara_answers')
          .set({ text: request.body.text, updated_by: staff.displayName, updated_at: new Date() })
          .where('id', '=', request.params.id)
          .returningAll()
          .executeTakeFirst();
        if (changed) {
          const event: TaraAnswerChanged = { type: 'TaraAnswerChanged', data: { answerId: changed.id } };
          await record(taraAnswerStreamId(changed.id), [event], staffEventMetadata(request));
        }
        return changed;
      });
      if (!row) throw notFound('Answer');
      knowledge.changed();
      return toTaraAnswer(row);
    },
  );
};
