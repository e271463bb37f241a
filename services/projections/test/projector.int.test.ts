import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { appendToStream, type StoredEvent } from '@autobest/db';
import { createTestDatabase, untilEveryEventReadable, type TestDatabase } from '@autobest/db/testing';
import { decideContactMessage, initialContactMessageState, type EventMetadata } from '@autobest/domain';
import { appliedCounts, catchUpCompletely, createRecordingTable, recordingProjection } from '../src/testing';
import { allProjections, Projector } from '../src/index';

const metadata: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'corr', causationId: null, requestId: null };

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
    for (let n = 0; n < 25; n++) {
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
      await appendToStream(testDb.db, `contact-message-${contactMessageId}`, 0, events, metadata);
    }
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

  it('refuses to rebuild a projection it does not know, naming the ones it does', async () => {
    await expect(new Projector(testDb.db, allProjections).rebuild(['nope'])).rejects.toThrow(/Unknown projection "nope". Known: contact-messages, enquiries, submissions, vehicles, collected-records/);
  });
});
