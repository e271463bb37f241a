import { sql, type Kysely } from 'kysely';

/**
 * The activity trail rows of WhatsApp messages sent again and of edits to Tara's answers, recorded before the trail
 * knew those streams, get the record the projection now gives them (`activityRecordOf`: the kind, and the id after
 * the stream's prefix), so the console links and groups the old rows as it does new ones. Rows of other streams, and
 * rows that already name a record, are left as they are.
 */
const RECORDS = [
  { kind: 'whatsapp-messages', prefix: 'whatsapp-message-' },
  { kind: 'tara-answers', prefix: 'tara-answer-' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { kind, prefix } of RECORDS) {
    await sql`
      update staff_activity
      set record_kind = ${kind}, record_id = substr(stream_id, ${prefix.length + 1})
      where record_kind is null and starts_with(stream_id, ${prefix}) and length(stream_id) > ${prefix.length}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { kind } of RECORDS) await sql`update staff_activity set record_kind = null, record_id = null where record_kind = ${kind}`.execute(db);
}
