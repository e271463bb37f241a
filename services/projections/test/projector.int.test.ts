import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { appendToStream, createDb, ensureCheckpoint, type StoredEvent } from '@autobest/db';
import { createTestDatabase, untilEveryEventReadable, type TestDatabase } from '@autobest/db/testing';
import { decideContactMessage, initialContactMessageState, type EventMetadata } from '@autobest/domain';
import { appliedCounts, catchUpCompletely, createRecordingTable, recordingProjection } from '../src/testing';
import { allProjections, Projector } from '../src/index';
import { contactMessagesProjection } from '../src/contact/contactMessagesProjection';

const metadata: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'corr', causationId: null, requestId: null };

async function receiveContactMessage(db: TestDatabase['db'], n: number): Promise<string> {
  const contactMessageId = crypto.randomUUID();
  const events = decideContactMessage(
    {
      type: 'ReceiveContactMessage',
      contactMessageId,
      now: new Date(Date.UTC(2026, 10, 1, 9, n)),
      input: { firstName: `Ada${n}`, lastName: 'Obi', email: `ada${n}@example.ng`, phone: '+234 803 555 0101', message: `Hello ${n}` },
    },
    initialContactMessageState,
  );
  await appendToStream(db, `contact-message-${contactMessageId}`, 0, events, metadata);
  return contactMessageId;
}

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase('projector');
  await createRecordingTable(testDb.db);
});
afterAll(async () => {
  await testDb?.drop();
});
beforeEach(async () => {
  await sql`truncate events, processor_checkpoints, test_applied_events, contact_messages`.execute(testDb.db);
});

describe('projector', () => {
  it('loses and duplicates nothing when it crashes between applying a batch and moving its checkpoint', async () => {
    for (let stream = 0; stream < 10; stream++) {
      for (let version = 0; version < 10; version++) {
        await appendToStream(testDb.db, `crash-${stream}`, version, [{ type: 'Counted', data: { stream, version } }], metadata);
      }
    }
    // The third batch must exist for the crash to happen: all 100 events readable in one go.
    await untilEveryEventReadable(testDb.db);
    let batches = 0;
    const crashing = new Projector(testDb.db, [recordingProjection], {
      batchSize: 15,
      beforeCommit: (_name: string, batch: readonly StoredEvent[]) => {
        batches++;
        if (batches === 3) throw new Error(`simulated crash with ${batch.length} events applied but not committed`);
      },
    });
    await expect(crashing.catchUp()).rejects.toThrow(/simulated crash/);
    // The two committed batches are in, the crashed one left no trace.
    expect(await appliedCounts(testDb.db)).toHaveLength(30);

    const restarted = new Projector(testDb.db, [recordingProjection], { batchSize: 15 });
    await restarted.catchUp();
    const counts = await appliedCounts(testDb.db);
    expect(counts).toHaveLength(100);
    expect(counts.every((row) => row.times === 1)).toBe(true);
    expect(await restarted.lag()).toEqual({ 'test-recording': 0 });
  });

  it('rebuilds the contact messages read model to the same rows', async () => {
    for (let n = 0; n < 25; n++) await receiveContactMessage(testDb.db, n);
    const projector = new Projector(testDb.db, allProjections, { batchSize: 7 });
    await catchUpCompletely(projector);
    const snapshot = () =>
      testDb.db
        .selectFrom('contact_messages')
        .select(['id', 'first_name', 'last_name', 'email', 'phone', 'message', 'received_at', 'global_position'])
        .orderBy('id')
        .execute();
    const before = await snapshot();
    expect(before).toHaveLength(25);

    const { applied } = await projector.rebuild();
    // Every projection is rebuilt; only the contact messages projection had events to apply, and the activity trail,
    // which reads every event, keeps none of a visitor's.
    expect(applied).toEqual({ ...Object.fromEntries(allProjections.map((projection) => [projection.name, 0])), 'contact-messages': 25, 'staff-activity': 25 });
    expect(await snapshot()).toEqual(before);
    expect(await testDb.db.selectFrom('staff_activity').select('id').execute()).toEqual([]);
  });

  it('catches up a batch for every projection in one transaction, one read of the events and six statements', async () => {
    const statements: string[] = [];
    const counted = createDb({ connectionString: testDb.url, maxConnections: 2, onQuery: (query) => statements.push(query.sql) });
    try {
      const projector = new Projector(counted, allProjections);
      // The first catch-up makes the checkpoints; what follows is a catch-up as the workers run one all day.
      await projector.catchUp();
      const ids: string[] = [];
      for (let n = 0; n < 30; n++) ids.push(await receiveContactMessage(testDb.db, n));
      await untilEveryEventReadable(testDb.db);
      statements.length = 0;
      const { applied } = await projector.catchUp();

      expect(applied).toMatchObject({ 'contact-messages': 30, 'staff-activity': 30 });
      const count = (pattern: RegExp) => statements.filter((statement) => pattern.test(statement)).length;
      // Ten projections, one transaction: the checkpoints locked in one statement and moved in one, the events read
      // once, the thirty messages inserted in one statement (the activity trail keeps nothing of a visitor's).
      expect(count(/^begin$/i)).toBe(1);
      expect(count(/^commit$/i)).toBe(1);
      expect(count(/processor_checkpoints/)).toBe(2);
      expect(count(/from events/)).toBe(1);
      expect(count(/insert into "contact_messages"/)).toBe(1);
      expect(statements).toHaveLength(6);
      expect((await testDb.db.selectFrom('contact_messages').select('id').execute()).map((row) => row.id).sort()).toEqual(ids.sort());
    } finally {
      await counted.destroy();
    }
  });

  it('catches up a projection behind the others alongside them, each event applied once by each', async () => {
    const counted = async (from: number, to: number) => {
      for (let n = from; n < to; n++) await appendToStream(testDb.db, `behind-${n}`, 0, [{ type: 'Counted', data: { n } }], metadata);
    };
    await counted(0, 10);
    for (let n = 0; n < 5; n++) await receiveContactMessage(testDb.db, n);
    await counted(10, 20);
    // The contact messages alone first, as the API's read-your-writes catch-up moves one read model ahead of the others.
    await catchUpCompletely(new Projector(testDb.db, [contactMessagesProjection]));
    for (let n = 5; n < 12; n++) await receiveContactMessage(testDb.db, n);
    await counted(20, 30);

    // The recording projection starts from the first event; in batches of 7, the contact messages' checkpoint (at the
    // 25th event) falls inside the fourth, where they take only the events after it. A message applied twice would
    // fail its plain insert.
    const projector = new Projector(testDb.db, [contactMessagesProjection, recordingProjection], { batchSize: 7 });
    await catchUpCompletely(projector);

    const counts = await appliedCounts(testDb.db);
    expect(counts).toHaveLength(30);
    expect(counts.every((row) => row.times === 1)).toBe(true);
    expect(await testDb.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(12);
    expect(await projector.lag()).toEqual({ 'contact-messages': 0, 'test-recording': 0 });
  });

  it('keeps the others moving while a projection far behind replays the store: its first transaction applies their new events too', async () => {
    for (let n = 0; n < 20; n++) await appendToStream(testDb.db, `far-${n}`, 0, [{ type: 'Counted', data: { n } }], metadata);
    await catchUpCompletely(new Projector(testDb.db, [contactMessagesProjection]));
    const message = await receiveContactMessage(testDb.db, 1);
    await untilEveryEventReadable(testDb.db);

    // The recording projection starts from the first event, 21 behind; in batches of 5, the message lies four batches
    // beyond its first one. Were the others held back until it caught up, the message would wait for its fifth batch.
    const heard: string[] = [];
    const projector = new Projector(testDb.db, [recordingProjection, contactMessagesProjection], {
      batchSize: 5,
      beforeCommit: (name, batch) => void heard.push(`${name}:${batch.length}`),
    });
    const committed: Array<Record<string, number>> = [];
    await projector.catchUp((applied) => committed.push(applied));

    expect(heard.slice(0, 2)).toEqual(['test-recording:5', 'contact-messages:1']);
    expect(committed[0]).toEqual({ 'test-recording': 5, 'contact-messages': 1 });
    expect(await testDb.db.selectFrom('contact_messages').select('id').execute()).toEqual([{ id: message }]);
    const counts = await appliedCounts(testDb.db);
    expect(counts).toHaveLength(20);
    expect(counts.every((row) => row.times === 1)).toBe(true);
    expect(await projector.lag()).toEqual({ 'contact-messages': 0, 'test-recording': 0 });
  });

  it('tells what each batch applied once it has committed, also when a later batch of the same catch-up fails', async () => {
    for (let n = 0; n < 12; n++) await appendToStream(testDb.db, `told-${n}`, 0, [{ type: 'Counted', data: { n } }], metadata);
    await untilEveryEventReadable(testDb.db);
    let batches = 0;
    const projector = new Projector(testDb.db, [recordingProjection], {
      batchSize: 5,
      beforeCommit: () => {
        batches++;
        if (batches === 2) throw new Error('simulated failure of the second batch');
      },
    });
    const committed: Array<Record<string, number>> = [];
    await expect(projector.catchUp((applied) => committed.push(applied))).rejects.toThrow(/second batch/);
    // The first batch is in and was told (the workers ring the email delivery from it); the failed one was not.
    expect(committed).toEqual([{ 'test-recording': 5 }]);
    expect(await appliedCounts(testDb.db)).toHaveLength(5);
  });

  it("leaves a checkpoint another catch-up holds to it when told to skip (the API's read-your-writes), and waits for it by default", async () => {
    const message = await receiveContactMessage(testDb.db, 1);
    await untilEveryEventReadable(testDb.db);
    await catchUpCompletely(new Projector(testDb.db, [recordingProjection]));
    await ensureCheckpoint(testDb.db, contactMessagesProjection.name);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // The workers' batch: the contact messages' checkpoint locked until released.
    const workers = testDb.db.transaction().execute(async (trx) => {
      await sql`select 1 from processor_checkpoints where processor_name = 'contact-messages' for update`.execute(trx);
      holding();
      await released;
    });
    await held;
    // Held briefly: a transaction holding a row lock holds the cluster's snapshot horizon, so every test database's
    // projector waits for it meanwhile.
    const timedOut = Symbol('still waiting');
    const within = <T>(work: Promise<T>, ms: number) => Promise.race([work, new Promise<typeof timedOut>((resolve) => setTimeout(() => resolve(timedOut), ms))]);

    let waiting: Promise<unknown> | undefined;
    try {
      const skipping = new Projector(testDb.db, [contactMessagesProjection, recordingProjection], { whenLocked: 'skip' });
      expect(await within(skipping.catchUp(), 2_000)).toEqual({ applied: { 'contact-messages': 0, 'test-recording': 0 } });
      waiting = new Projector(testDb.db, [contactMessagesProjection]).catchUp();
      expect(await within(waiting, 300)).toBe(timedOut);
    } finally {
      release();
      await workers;
    }
    expect(await waiting).toEqual({ applied: { 'contact-messages': 1 } });
    expect(await testDb.db.selectFrom('contact_messages').select('id').execute()).toEqual([{ id: message }]);
  });

  it('applies the status changes and notes of contact messages received in the same batch, after their arrival', async () => {
    const first = await receiveContactMessage(testDb.db, 1);
    const staff: EventMetadata = { actor: { kind: 'staff', staffUserId: '00000000-0000-4000-8000-000000000001', email: 'ops@autobest.test' }, correlationId: 'corr', causationId: null, requestId: null };
    await appendToStream(testDb.db, `contact-message-${first}`, 1, [
      { type: 'ContactMessageStatusChanged', data: { contactMessageId: first, from: 'new', to: 'contacted', changedAt: '2026-11-01T10:00:00.000Z' } },
      { type: 'ContactMessageNoteAdded', data: { contactMessageId: first, text: 'Called back', addedAt: '2026-11-01T10:01:00.000Z' } },
    ], staff);
    const second = await receiveContactMessage(testDb.db, 2);
    await untilEveryEventReadable(testDb.db);
    await new Projector(testDb.db, [contactMessagesProjection]).catchUp();

    const rows = await testDb.db.selectFrom('contact_messages').select(['id', 'status', 'notes', 'version']).orderBy('global_position').execute();
    expect(rows.map((row) => [row.id, row.status, row.notes.map((note) => note.text), row.version])).toEqual([
      [first, 'contacted', ['Called back'], 3],
      [second, 'new', [], 1],
    ]);
  });

  it('refuses to rebuild a projection it does not know, naming the ones it does', async () => {
    await expect(new Projector(testDb.db, allProjections).rebuild(['nope'])).rejects.toThrow(/Unknown projection "nope". Known: contact-messages, enquiries, submissions, vehicles, collected-records/);
  });
});
