import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appendToStream } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { up } from '../src/migrations/0040_outbox_send_order';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase('outbox_send_order_migration');
});
afterAll(async () => {
  await testDb?.drop();
});

it("gives outbox rows recorded before it their event's place in the store, which the delivery sends ties in", async () => {
  const metadata = { actor: { kind: 'system' as const, name: 'test' }, correlationId: 'test', causationId: null, requestId: null };
  await appendToStream(testDb.db, 'contact-message-older', 0, [{ type: 'ContactMessageReceived', data: {} }], metadata);
  const [event] = await testDb.db.selectFrom('events').select(['event_id', sql<string>`transaction_id::text`.as('transaction_id'), 'global_position']).where('stream_id', '=', 'contact-message-older').execute();
  // As the notifier wrote them before 0040: no place.
  await testDb.db
    .insertInto('sent_emails')
    .values({ event_id: event!.event_id, template: 'staff-contact', to_address: 'sales@example.ng', subject: 'S', html: 'H', text: 'T', status: 'pending', next_attempt_at: new Date() })
    .execute();
  await testDb.db
    .insertInto('whatsapp_messages')
    .values({ event_id: event!.event_id, template: 'request_received', language: 'en', to_phone: '2348030000000', parameters: '[]', related_id: null, status_token_for: null, status: 'pending', next_attempt_at: new Date() })
    .execute();
  await up(testDb.db as unknown as Kysely<unknown>);
  for (const table of ['sent_emails', 'whatsapp_messages'] as const) {
    const { rows } = await sql<{ transaction_id: string; position: string }>`
      select event_transaction_id::text as transaction_id, event_global_position::text as position from ${sql.table(table)} where event_id = ${event!.event_id}`.execute(testDb.db);
    expect(rows).toEqual([{ transaction_id: event!.transaction_id, position: String(event!.global_position) }]);
  }
});
