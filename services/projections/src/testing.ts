import { sql } from 'kysely';
import type { Db } from '@autobest/db';
import type { Projection } from './projector/projection';
import { Projector } from './projector/projector';
import { allProjections } from './projections';

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

/**
 * Columns a rebuild cannot reproduce: when the row was written (`default clock_timestamp()`), there to measure
 * projection lag. Everything else must come back the same.
 */
const WRITTEN_AT_COLUMNS = ['projected_at'];

/**
 * Keys drawn from a sequence, which never goes back: a rebuild draws new numbers, and a batch rolled back by a kill
 * burns some. They are compared by what they stand for: the key left out of its own table, and each reference to it
 * replaced by the row it points at. Rows nothing refers to are left out: the vehicles projection adds a combination of
 * facet values when a vehicle first has it and never removes one, so a vehicle that changed between two batches leaves
 * its old combination behind live, where a rebuild that reads both changes in one batch never makes it (searches join
 * the combinations their rows refer to, and see none of those).
 */
const SEQUENCE_KEYS = [{ table: 'vehicle_facet_combinations', key: 'id', referencedBy: [{ table: 'vehicle_search', column: 'facets_id' }] }];

function rowsAsJson(table: string) {
  const keyed = SEQUENCE_KEYS.find((sequence) => sequence.table === table);
  const ignored = [...WRITTEN_AT_COLUMNS, ...(keyed ? [keyed.key] : [])];
  if (keyed) {
    const referenced = sql.join(keyed.referencedBy.map((by) => sql`exists (select from ${sql.table(by.table)} r where r.${sql.ref(by.column)} = t.${sql.ref(keyed.key)})`), sql` or `);
    return sql<{ row: string }>`select (to_jsonb(t) - ${sql.val(ignored)}::text[])::text as row from ${sql.table(table)} t where ${referenced}`;
  }
  const reference = SEQUENCE_KEYS.flatMap((sequence) => sequence.referencedBy.filter((by) => by.table === table).map((by) => ({ ...by, sequence })))[0];
  if (!reference) return sql<{ row: string }>`select (to_jsonb(t) - ${sql.val(ignored)}::text[])::text as row from ${sql.table(table)} t`;
  const { column, sequence } = reference;
  return sql<{ row: string }>`
    select ((to_jsonb(t) - ${sql.val([...ignored, column])}::text[]) || jsonb_build_object(${sql.val(column)}::text, to_jsonb(r) - ${sql.val(sequence.key)}::text))::text as row
    from ${sql.table(table)} t left join ${sql.table(sequence.table)} r on r.${sql.ref(sequence.key)} = t.${sql.ref(column)}`;
}

/** The rows of every table of the projections (all by default), as canonical JSON, sorted: as a rebuild must reproduce them. */
export async function readModelRows(db: Db, projections: readonly Projection[] = allProjections): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of projections.flatMap((projection) => projection.tables)) {
    rows[table] = (await rowsAsJson(table).execute(db)).rows.map((row) => row.row).sort();
  }
  return rows;
}

/**
 * Drops and replays the read models of the projections (all by default: what `npm run projections:rebuild` does), and
 * tells per table what differs from the rows before: an empty object when the read models were exactly what the events
 * say. Call it with no projector running.
 */
export async function differencesFromRebuild(
  db: Db,
  projections: readonly Projection[] = allProjections,
): Promise<Record<string, { rows: number; rebuilt: number; onlyBefore: string[]; onlyRebuilt: string[] }>> {
  const before = await readModelRows(db, projections);
  const projector = new Projector(db, projections);
  await projector.rebuild();
  await catchUpCompletely(projector);
  const rebuilt = await readModelRows(db, projections);
  const differences: Awaited<ReturnType<typeof differencesFromRebuild>> = {};
  for (const [table, rows] of Object.entries(before)) {
    const again = rebuilt[table] ?? [];
    if (JSON.stringify(rows) === JSON.stringify(again)) continue;
    const onlyBefore = rows.filter((row) => !again.includes(row));
    const onlyRebuilt = again.filter((row) => !rows.includes(row));
    differences[table] = { rows: rows.length, rebuilt: again.length, onlyBefore: onlyBefore.slice(0, 3), onlyRebuilt: onlyRebuilt.slice(0, 3) };
  }
  return differences;
}
