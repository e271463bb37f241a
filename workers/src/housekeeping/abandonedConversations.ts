import { sql } from 'kysely';
import type { Sweep } from './housekeeping';

const DAY = 86_400_000;
/** Conversations per transaction: short ones, so the projector and the API never wait long on these rows. */
const BATCH = 500;

/**
 * Tara's conversations of visitors who left no contact, CHAT_RETENTION_DAYS (30 by default) after their last event:
 * what they typed is personal data kept for no one. Their events are deleted with their read-model rows, in one
 * transaction: for these streams privacy outranks replay (a rebuild simply no longer sees them, the same as the read
 * models after this sweep), and a half-done deletion must never leave the transcript in one place while it is gone
 * from the other. Candidates come from the read model (indexed); the events decide, in the same statement: a stream
 * with a hand-off or any event since the cutoff is kept, even when the read model has not shown it yet. Conversations
 * handed off to staff are leads and stay. Replicas on other hosts skip the rows one is deleting.
 */
export const abandonedConversations: Sweep = {
  name: 'abandoned-conversations',
  schedule: '50 * * * *',
  async run({ db, config, now }) {
    const cutoff = new Date(now.getTime() - config.chatRetentionDays * DAY);
    let removed = 0;
    for (;;) {
      const deleted = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`
          with candidates as (
            select id from conversations
            where handed_off_at is null and last_message_at < ${cutoff}
            order by last_message_at
            limit ${BATCH}
            for update skip locked
          ), doomed as (
            select c.id, 'conversation-' || c.id as stream_id from candidates c
            where not exists (
              select 1 from events e
              where e.stream_id = 'conversation-' || c.id and (e.type = 'ConversationHandedOff' or e.occurred_at >= ${cutoff})
            )
          ), erased_events as (
            delete from events e using doomed d where e.stream_id = d.stream_id
          ), erased_messages as (
            delete from conversation_messages m using doomed d where m.conversation_id = d.id
          )
          delete from conversations c using doomed d where c.id = d.id
          returning c.id`.execute(trx);
        return rows.length;
      });
      removed += deleted;
      if (deleted < BATCH) return removed;
    }
  },
};
