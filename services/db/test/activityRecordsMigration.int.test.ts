import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activityRecordOf } from '@autobest/domain';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { up } from '../src/migrations/0038_activity_outbox_and_tara_records';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase('activity_records_migration');
});
afterAll(async () => {
  await testDb?.drop();
});

it('gives the activity rows of WhatsApp retries and Tara answer edits recorded before the record the projection gives them now, and leaves others alone', async () => {
  const streams = ['whatsapp-message-7f3c', 'tara-answer-warranty:fr', 'email-91ab', 'whatsapp-message-', 'system-setup'];
  await testDb.db
    .insertInto('staff_activity')
    .values(
      streams.map((streamId, position) => ({
        id: randomUUID(),
        global_position: position + 1,
        occurred_at: new Date(),
        actor_kind: 'staff' as const,
        action: 'Changed',
        stream_id: streamId,
        // The email's row already names its record; the others were written before the trail knew their streams.
        record_kind: streamId.startsWith('email-') ? 'emails' : null,
        record_id: streamId.startsWith('email-') ? '91ab' : null,
        summary: 'changed',
      })),
    )
    .execute();
  await up(testDb.db as unknown as Kysely<unknown>);
  const rows = await testDb.db.selectFrom('staff_activity').select(['stream_id', 'record_kind', 'record_id']).orderBy('global_position').execute();
  expect(rows.map(({ record_kind, record_id }) => (record_kind === null ? null : { kind: record_kind, id: record_id }))).toEqual(streams.map(activityRecordOf));
  expect(rows.map((row) => row.record_kind)).toEqual(['whatsapp-messages', 'tara-answers', 'emails', null, null]);
});
