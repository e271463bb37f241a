import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '@autobest/db';
import type { FollowUpNote, FollowUpStatus, FollowUpStatusChange } from '@autobest/domain';
import { appendedTo } from '../projector/projection';

/** The read models of followed-up requests: each has the columns of FollowUpColumns (services/db schema). */
type FollowedUpTable = 'enquiries' | 'contact_messages' | 'reservation_requests' | 'conversations';

/**
 * The row's version after this event: its stream position where the request has a stream of its own, or one more than
 * before where it shares its stream (the reservation requests earlier versions kept on their vehicle's).
 */
export type FollowUpVersion = { atPosition: number } | 'next';

const versionAfter = (version: FollowUpVersion) => (version === 'next' ? sql`version + 1` : sql`${version.atPosition}`);

async function update(trx: Transaction<Database>, table: FollowedUpTable, id: string, changes: RawBuilder<unknown>, at: string, version: FollowUpVersion) {
  await sql`update ${sql.table(table)} set ${changes}, last_updated = ${at}, version = ${versionAfter(version)} where id = ${id}`.execute(trx);
}

/** One way for every followed-up read model to record a status change: the status, and the change at the end of its history. */
export async function applyStatusChange(
  trx: Transaction<Database>,
  table: FollowedUpTable,
  id: string,
  change: { from: FollowUpStatus; to: FollowUpStatus; at: string; by: string | null },
  version: FollowUpVersion,
) {
  const entry: FollowUpStatusChange = change;
  await update(trx, table, id, sql`status = ${change.to}, status_history = ${appendedTo('status_history', entry)}`, change.at, version);
}

/** One way for every followed-up read model to record a staff note, at the end of its notes. */
export async function applyNote(trx: Transaction<Database>, table: FollowedUpTable, id: string, note: FollowUpNote, version: FollowUpVersion) {
  await update(trx, table, id, sql`notes = ${appendedTo('notes', note)}`, note.at, version);
}

/** What a new row of a followed-up read model starts with. */
export const NEW_FOLLOW_UP = { status: 'new', status_history: JSON.stringify([]), notes: JSON.stringify([]), last_updated: null } as const;
