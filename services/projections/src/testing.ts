import { sql } from 'kysely';
import type { Db } from '@autobest/db';
import type { Projection } from './projector/projection';
import type { Projector } from './projector/projector';

/**
 * Catches up until the projector has applied every committed event. One pass can stop short: it reads only below
 * the cluster-wide snapshot horizon, which a transaction elsewhere on the same PostgreSQL (another test file's
 * database) holds back for as long as it is open.
 */
export async function catchUpCompletely(projector: Projector, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await projector.catchUp();
    const lag = await projector.lag();
    if (Object.values(lag).every((behind) => behind === 0)) return;
    if (Date.now() > deadline) throw new Error(`Read models still behind after ${timeoutMs} ms: ${JSON.stringify(lag)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A projection that counts how often each `Counted` event reached it (in test_applied_events, made by
 * createRecordingTable): the proof of exactly-once application.
 */
export const recordingProjection: Projection = {
  name: 'test-recording',
  tables: ['test_applied_events'],
  handles: new Set(['Counted']),
  async apply(trx, events) {
    await sql`
      insert into test_applied_events (event_id, times)
      select unnest(${events.map((event) => event.eventId)}::uuid[]), 1
      on conflict (event_id) do update set times = test_applied_events.times + 1`.execute(trx);
  },
};

export async function createRecordingTable(db: Db): Promise<void> {
  await sql`create table test_applied_events (event_id uuid primary key, times int not null)`.execute(db);
}

/** How often recordingProjection applied each event. */
export async function appliedCounts(db: Db): Promise<Array<{ event_id: string; times: number }>> {
  const rows = await sql<{ event_id: string; times: number }>`select event_id, times from test_applied_events`.execute(db);
  return rows.rows;
}

/** The ids of every `Counted` event in the store, sorted. */
export async function countedEventIds(db: Db): Promise<string[]> {
  const rows = await sql<{ event_id: string }>`select event_id from events where type = 'Counted'`.execute(db);
  return rows.rows.map((row) => row.event_id).sort();
}
