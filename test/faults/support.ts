import { sql } from 'kysely';
import { expect } from 'vitest';
import { eventsBehind, type Db } from '@autobest/db';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { SELL_CAR_PHOTO_SLOTS } from '@autobest/domain';
import { sellCarFormFields } from '@autobest/domain/testing';
import { createTestQueues, samplePhoto, type TestQueues } from '@autobest/runtime/testing';
import { PHOTO_EVENT_TYPES, PHOTO_PROCESSOR } from '@autobest/workers';
import { startProductProcesses, type ProductProcesses, type ProductProcessesOptions } from '../../infra/src/processes';

/**
 * What the fault tests share: the product's processes on a database and queue prefix of their own, requests as the
 * storefront and the console send them (over HTTP, to the API process), and the processors' lag. (The comparison of every read model with a rebuild is differencesFromRebuild, in
 * @autobest/projections/testing.)
 */

/** The product's processes on a database and a queue prefix made for one test file. */
export interface ProductOnItsOwn {
  testDb: TestDatabase;
  queues: TestQueues;
  product: ProductProcesses;
  /** Stops the processes, then drops the database and the queues. */
  stop(): Promise<void>;
}

/**
 * Starts the API and the workers (startProductProcesses, with `options`) on a new database and queue prefix, both
 * named `name`; `seed` fills the database before they start. A start that fails drops what it made.
 */
export async function startProductOnItsOwn(
  name: string,
  { seed, ...options }: Omit<ProductProcessesOptions, 'databaseUrl' | 'redisUrl' | 'queuePrefix'> & { seed?: (db: Db) => Promise<unknown> } = {},
): Promise<ProductOnItsOwn> {
  const testDb = await createTestDatabase(name);
  const queues = createTestQueues(name);
  const drop = async () => {
    await testDb.drop();
    await queues.drop();
  };
  try {
    await seed?.(testDb.db);
    const product = await startProductProcesses({ databaseUrl: testDb.url, redisUrl: queues.redisUrl, queuePrefix: queues.prefix, ...options });
    return {
      testDb,
      queues,
      product,
      async stop() {
        await product.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A request to the API process; a connection the API dropped answers status 0. */
export async function send(product: ProductProcesses, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const isForm = body instanceof FormData;
  try {
    const response = await fetch(`${product.url}${path}`, {
      method,
      headers: { ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the failure message.
    }
    return { status: response.status, body: parsed, headers: response.headers };
  } catch (error) {
    return { status: 0, body: String(error), headers: new Headers() };
  }
}

/** The `id` of a 201/200 answer; throws with the answer otherwise. */
export function createdId(answer: Answer, what: string): string {
  const id = (answer.body as { id?: unknown } | null)?.id;
  if ((answer.status !== 201 && answer.status !== 200) || typeof id !== 'string') throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return id;
}

/** Signs in as the first staff account and returns the Cookie header for staff requests. */
export async function signIn(product: ProductProcesses): Promise<string> {
  const response = await fetch(`${product.url}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(product.staff),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Runs `work(i)` for i in 0..total-1, at most `concurrency` at a time. */
export async function inParallel<T>(total: number, concurrency: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(total);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

const phone = (i: number) => `+234 803 ${String(1_000_000 + i).slice(-7)}`;

export const contactMessage = (i: number) => ({
  firstName: 'Adaeze',
  lastName: `Okafor ${i}`,
  email: `adaeze.${i}@example.ng`,
  phone: phone(i),
  message: `Fault test message ${i}: how much is the Chery Omoda 5 delivered to Lagos?`,
});

const ENQUIRIES = [
  { kind: 'deal', subject: 'Chery Tiggo 8 Pro 2024 deal', details: { dealId: 'deal-7', salePrice: 38_500_000 }, sourcePath: '/on-sale' },
  { kind: 'rental', subject: 'Toyota Hilux rental', preferredDate: '2026-12-24', details: { car: 'Toyota Hilux', days: 3, estimateNgn: 255_000 }, sourcePath: '/rent-lease' },
  { kind: 'service-booking', subject: 'Brake service', preferredDate: '2026-12-02', sourcePath: '/service' },
  { kind: 'insurance-quote', subject: 'Comprehensive plan', details: { plan: 'Comprehensive' }, sourcePath: '/insurance' },
] as const;

/** An enquiry whose message names `marker`, so the test can find its event. */
export const enquiry = (i: number, marker = `fault test enquiry ${i}`) => ({
  ...ENQUIRIES[i % ENQUIRIES.length],
  fullName: `Ifeoma Nwosu ${i}`,
  phone: phone(i),
  email: `ifeoma.${i}@example.ng`,
  message: marker,
});

export const reservation = (i: number) => ({ name: `Tunde Bakare ${i}`, phone: phone(500_000 + i) });

/** A sell-car request as the storefront sends it: the fields (and `extra` ones, e.g. whatsappUpdates) and six small photos. */
export async function sellCarForm(i: number, extra: Record<string, string> = {}): Promise<FormData> {
  const photo = new Blob([new Uint8Array(await samplePhoto())], { type: 'image/jpeg' });
  const form = new FormData();
  const fields = sellCarFormFields({ fullName: 'Chinedu Eze', phoneNumber: phone(900_000 + i), email: `chinedu.${i}@example.ng` });
  for (const [name, value] of Object.entries({ ...fields, ...extra })) form.append(name, value);
  for (const { slot } of SELL_CAR_PHOTO_SLOTS) form.append(slot, photo, `${slot}.jpg`);
  return form;
}

/** A vehicle import file (the console's JSON format) with one listing per given vehicle. */
export function vehicleImportForm(vehicles: readonly object[]): FormData {
  const form = new FormData();
  form.append('file', new Blob([JSON.stringify(vehicles)], { type: 'application/json' }), 'vehicles.json');
  return form;
}

/**
 * Events each processor (read models, notifier, photo processor) has not handled yet; for the photo processor, only
 * the events it acts on (it passes over the others whenever it is next woken, by submission events or its safety net).
 */
export async function processorLag(db: Db): Promise<Record<string, number>> {
  const rows = await sql<{ name: string; transaction_id: string; global_position: number }>`
    select processor_name as name, last_transaction_id::text as transaction_id, last_global_position as global_position from processor_checkpoints`.execute(db);
  const lag: Record<string, number> = {};
  for (const row of rows.rows) {
    const checkpoint = { transactionId: row.transaction_id, globalPosition: Number(row.global_position) };
    lag[row.name] = await eventsBehind(db, checkpoint, row.name === PHOTO_PROCESSOR ? PHOTO_EVENT_TYPES : undefined);
  }
  return lag;
}

export const totalLag = (lag: Record<string, number>) => Object.values(lag).reduce((sum, behind) => sum + behind, 0);

/** Ids of rows in a read-model table, for "is every accepted command in its read model". */
export async function idsIn(db: Db, table: string): Promise<Set<string>> {
  const result = await sql<{ id: string }>`select id::text as id from ${sql.table(table)}`.execute(db);
  return new Set(result.rows.map((row) => row.id));
}

export const missingFrom = (ids: Iterable<string>, present: Set<string>) => [...ids].filter((id) => !present.has(id));

/**
 * After the workers were killed mid-send: how often each message (by its key) reached the server, checked against the
 * outbox's keys (every one arrived, and nothing else); only the messages in flight at the kill, at most the four the
 * delivery sends at once, may have arrived twice, never more. Answers the keys that arrived twice.
 */
export function expectOnceExceptInFlight(arrived: readonly string[], outbox: readonly string[]): string[] {
  const copies = new Map<string, number>();
  for (const key of arrived) copies.set(key, (copies.get(key) ?? 0) + 1);
  expect([...copies.keys()].sort()).toEqual([...outbox].sort());
  const twice = [...copies].filter(([, count]) => count > 1);
  expect(twice.length).toBeLessThanOrEqual(4);
  expect(twice.every(([, count]) => count === 2)).toBe(true);
  return twice.map(([key]) => key);
}
