import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'kysely';
import { appendToStream, type Db } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import type { DomainEvent, EventMetadata } from '@autobest/domain';
import { catchUpCompletely, differencesFromRebuild, readModelRows } from '../src/testing';
import { Projector, type Projection } from '../src/index';

/**
 * Given events, expect rows (emmett's PostgreSQLProjectionSpec, on our own store and projector): the events are appended
 * through the event store and applied by the Projector to a real database, then the projection's tables are read.
 *
 *   const { given } = projectionSpec(enquiriesProjection);
 *   await given(inStream(enquiryStreamId(id), [received]))
 *     .when(inStream(enquiryStreamId(id), [statusChanged], staff))
 *     .then({ enquiries: [{ id, status: 'contacted', ... }] });
 *
 * `given` and each `when` are appended and applied in turn, each by its own catch-up (the projection sees them in
 * separate batches); every spec starts from an empty store and empty tables, with global positions from 1. Called in a
 * test file or a describe, it makes a database of their own for their specs (`db()`), dropped after them.
 */

type Actor = EventMetadata['actor'];
export const visitor: Actor = { kind: 'visitor' };
export const staff = { kind: 'staff', staffUserId: '00000000-0000-4000-8000-0000000000a1', email: 'ops@autobest.test' } as const satisfies Actor;

/** Events appended to one stream in one append, by one actor. */
export interface StreamEvents {
  streamId: string;
  events: readonly DomainEvent<string, object>[];
  actor: Actor;
}

/** A followed-up request's row before staff have touched it (the columns every followed-up read model has). */
export const untouchedFollowUp = { status: 'new', status_history: [], notes: [], last_updated: null } as const;

/**
 * The staff follow-up events of one request, as its area names them: `followUpEventsOf('Enquiry', { enquiryId })`
 * makes EnquiryStatusChanged and EnquiryNoteAdded events of that enquiry.
 */
export function followUpEventsOf<Area extends string, Key extends object>(area: Area, key: Key) {
  return {
    statusChanged: <Status extends string>(from: Status, to: Status, changedAt: string) => ({ type: `${area}StatusChanged` as const, data: { ...key, from, to, changedAt } }),
    noteAdded: (text: string, addedAt: string) => ({ type: `${area}NoteAdded` as const, data: { ...key, text, addedAt } }),
  };
}

/**
 * What staff usually do to a request in these specs: contact the buyer at 10:00, note `note` at 10:05, close it on
 * 2 November at 08:00; and the follow-up columns of its row once `staff` has done all three.
 */
export function staffFollowUpOf<Area extends string, Key extends object>(area: Area, key: Key, note: string) {
  const { statusChanged, noteAdded } = followUpEventsOf(area, key);
  return {
    contacted: statusChanged('new', 'contacted', '2026-11-01T10:00:00.000Z'),
    noted: noteAdded(note, '2026-11-01T10:05:00.000Z'),
    closed: statusChanged('contacted', 'closed', '2026-11-02T08:00:00.000Z'),
    closedRow: {
      status: 'closed',
      status_history: [
        { from: 'new', to: 'contacted', at: '2026-11-01T10:00:00.000Z', by: staff.email },
        { from: 'contacted', to: 'closed', at: '2026-11-02T08:00:00.000Z', by: staff.email },
      ],
      notes: [{ text: note, at: '2026-11-01T10:05:00.000Z', by: staff.email }],
      last_updated: '2026-11-02T08:00:00.000Z',
    },
  };
}

/**
 * A customer's WhatsApp reply to one request, as the webhook records it on the request's stream
 * (`whatsappReplyOf('Submission', { submissionId }, text, receivedAt)` makes a SubmissionWhatsAppReplyReceived), and
 * the note staff then see on the request.
 */
export function whatsappReplyOf<Area extends string, Key extends object>(area: Area, key: Key, text: string, receivedAt: string) {
  return {
    replied: { type: `${area}WhatsAppReplyReceived` as const, data: { ...key, waMessageId: `wamid.${area}-${receivedAt}`, phone: '2348035550100', text, receivedAt } },
    note: { text, at: receivedAt, by: 'Customer on WhatsApp' },
  };
}

export const inStream = (streamId: string, events: readonly DomainEvent<string, object>[], actor: Actor = visitor): StreamEvents => ({ streamId, events, actor });

type Row = Record<string, unknown>;

/**
 * The order rows are compared in: the order the events made them where the table keeps the event's global position
 * (their ids may be random), then the primary key. A key the database numbers itself (an identity column) says only
 * in which order one statement happened to insert a batch's rows, which no projection promises: such a table's rows
 * are ordered by their other columns instead.
 */
async function rowOrderOf(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string; identity: boolean }>`
    select attname as name, false as identity from pg_attribute
    where attrelid = ${table}::regclass and attname = 'global_position' and not attisdropped
    union all
    (select key_column.attname, key_column.attidentity <> ''
     from pg_index key_index join pg_attribute key_column on key_column.attrelid = key_index.indrelid and key_column.attnum = any(key_index.indkey)
     where key_index.indrelid = ${table}::regclass and key_index.indisprimary
     order by array_position(key_index.indkey::int2[], key_column.attnum))`.execute(db);
  if (!rows.some((row) => row.identity)) return rows.map((row) => row.name);
  const { rows: columns } = await sql<{ name: string }>`
    select attname as name from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and not attisdropped and attidentity = '' order by attnum`.execute(db);
  return columns.map((column) => column.name);
}

/** Every row of a table in that order, times as ISO strings (as events carry them). */
async function rowsOf(db: Db, table: string): Promise<Row[]> {
  const order = await rowOrderOf(db, table);
  const { rows } = await sql<Row>`select * from ${sql.table(table)} order by ${sql.join(order.map((column) => sql.ref(column)))}`.execute(db);
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, value instanceof Date ? value.toISOString() : value])));
}

export function projectionSpec(projection: Projection) {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase(`${projection.name}-projection`);
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  const db = (): Db => {
    if (!testDb) throw new Error('The database of projectionSpec is made before the tests of the file or describe it was called in');
    return testDb.db;
  };

  /** Appends each batch and applies it by a catch-up of its own, from an empty store. */
  async function project(batches: readonly StreamEvents[][]) {
    await sql`truncate table events, processor_checkpoints, ${sql.join(projection.tables.map((table) => sql.table(table)))} restart identity`.execute(db());
    const projector = new Projector(db(), [projection]);
    for (const batch of batches) {
      for (const { streamId, events, actor } of batch) {
        await appendToStream(db(), streamId, 'any', events, { actor, correlationId: 'projection-spec', causationId: null, requestId: null });
      }
      await catchUpCompletely(projector);
    }
  }

  const spec = (batches: readonly StreamEvents[][]) => ({
    when: (...streams: StreamEvents[]) => spec([...batches, streams]),
    /**
     * Each named table holds exactly the expected rows, in rowOrderOf's order; each row is compared on the columns
     * its expected row names (leave out what the projection does not decide, such as projected_at).
     */
    async then(expected: Record<string, Row[]>) {
      await project(batches);
      const actual: Record<string, Row[]> = {};
      for (const [table, rows] of Object.entries(expected)) {
        // A row beyond the expected ones shows the columns any expected row names.
        const named = [...new Set(rows.flatMap((row) => Object.keys(row)))];
        actual[table] = (await rowsOf(db(), table)).map((row, index) => Object.fromEntries((rows[index] ? Object.keys(rows[index]) : named).map((column) => [column, row[column]])));
      }
      expect(actual).toEqual(expected);
    },
    /**
     * Dropping the projection's tables and replaying the store in one go gives the rows the batches gave live. Every
     * table of the projection must have rows by then, or the comparison would prove nothing of it.
     */
    async thenRebuildGivesTheSameRows() {
      await project(batches);
      const live = await readModelRows(db(), [projection]);
      expect(Object.keys(live).filter((table) => live[table]!.length === 0)).toEqual([]);
      expect(await differencesFromRebuild(db(), [projection])).toEqual({});
    },
  });

  return { given: (...streams: StreamEvents[]) => spec([streams]), db };
}
