import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { createDb, insertRows, type Db } from '../src/index';

let testDb: TestDatabase;
let counted: Db;
const statements: string[] = [];
beforeAll(async () => {
  testDb = await createTestDatabase('insert_rows');
  counted = createDb({ connectionString: testDb.url, maxConnections: 2, onQuery: ({ sql: text }) => void (text.includes('unnest') && statements.push(text)) });
});
afterAll(async () => {
  await counted?.destroy();
  await testDb?.drop();
});

const message = (n: number, text: string) => ({
  id: randomUUID(),
  first_name: 'Ada',
  last_name: `Obi ${n}`,
  email: `ada.${n}@example.ng`,
  phone: '+234 803 555 0142',
  message: text,
  language: 'en' as const,
  received_at: new Date(Date.UTC(2026, 10, 29, 10, 0, n)).toISOString(),
  status: 'new' as const,
  status_history: JSON.stringify([{ from: 'new', to: 'contacted', at: '2026-11-29T10:00:00.000Z', by: 'ops@autobest.test' }]),
  notes: JSON.stringify([]),
  last_updated: null,
  version: 1,
  global_position: 1_000 + n,
});

it('writes every value as the table types it, whatever its text holds, in one statement whose text does not grow with the rows', async () => {
  const awkward = ['quotes " and \' and \\ backslash', 'braces {a,b} and, commas', 'NULL', '', 'Ọjọ́ àìkú — ₦4,500,000 🚗', 'line\nbreak\ttab'];
  const rows = awkward.map((text, n) => message(n, text));
  await insertRows(counted, 'contact_messages', rows);
  await insertRows(counted, 'contact_messages', [message(50, 'one more'), message(51, 'and another')]);

  const stored = await testDb.db.selectFrom('contact_messages').selectAll().where('global_position', '>=', 1_000).orderBy('global_position').execute();
  expect(stored.map((row) => row.message)).toEqual([...awkward, 'one more', 'and another']);
  expect(stored[0]!.received_at).toEqual(new Date('2026-11-29T10:00:00.000Z'));
  // JSON text given as kysely takes it becomes JSON, not a string of it.
  expect(stored[0]!.status_history).toEqual([{ from: 'new', to: 'contacted', at: '2026-11-29T10:00:00.000Z', by: 'ops@autobest.test' }]);
  expect(stored[0]!.notes).toEqual([]);
  expect(stored[0]!.last_updated).toBeNull();
  // A column no row gives keeps its default.
  expect(stored.every((row) => row.projected_at instanceof Date)).toBe(true);
  expect(new Set(statements).size).toBe(1);
});

it('gives computed columns their expression and leaves out rows whose key is taken', async () => {
  const eventId = randomUUID();
  const email = (template: string, to: string) => ({ event_id: eventId, template, to_address: to, subject: 'S', html: '<p>H</p>', text: 'T', status: 'pending' as const });
  await insertRows(testDb.db, 'sent_emails', [email('first', 'a@example.ng')], { computed: { next_attempt_at: sql`now()` }, onConflictDoNothing: ['event_id', 'template'] });
  await insertRows(testDb.db, 'sent_emails', [email('first', 'again@example.ng'), email('second', 'b@example.ng')], {
    computed: { next_attempt_at: sql`now()` },
    onConflictDoNothing: ['event_id', 'template'],
  });
  const rows = await testDb.db.selectFrom('sent_emails').select(['template', 'to_address', 'attempts', 'next_attempt_at']).where('event_id', '=', eventId).orderBy('template').execute();
  expect(rows.map(({ template, to_address, attempts }) => [template, to_address, attempts])).toEqual([
    ['first', 'a@example.ng', 0],
    ['second', 'b@example.ng', 0],
  ]);
  expect(rows.every((row) => row.next_attempt_at instanceof Date)).toBe(true);
});

it('refuses rows that do not all give the same columns, naming the column, and writes none of them', async () => {
  const [first, second] = [message(60, 'first'), message(61, 'second')];
  const { phone: _left, ...withoutPhone } = second;
  await expect(insertRows(testDb.db, 'contact_messages', [first, withoutPhone as typeof first])).rejects.toThrow('every row inserted into contact_messages must give phone');
  await expect(insertRows(testDb.db, 'contact_messages', [withoutPhone as typeof first, first])).rejects.toThrow('every row inserted into contact_messages must give the same columns: phone is not in the first');
  expect(await testDb.db.selectFrom('contact_messages').select('id').where('id', '=', first.id).execute()).toEqual([]);
});

it('refuses a column of arrays, which unnest would take apart, before writing anything', async () => {
  await expect(insertRows(testDb.db, 'collected_records', [{ variant_id: 'v-1', issues: ['no price'] } as never])).rejects.toThrow('insertRows cannot write collected_records.issues, a column of arrays');
});
