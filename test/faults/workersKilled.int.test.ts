import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestDatabase } from '@autobest/db/testing';
import { allProjections } from '@autobest/projections';
import { differencesFromRebuild } from '@autobest/projections/testing';
import { ExitedBeforeReady, type ProductProcesses } from '../../infra/src/processes';
import { catalogueListings } from '../../infra/src/seed/catalogue';
import {
  contactMessage,
  createdId,
  enquiry,
  idsIn,
  inParallel,
  missingFrom,
  processorLag,
  reservation,
  sellCarForm,
  send,
  signIn,
  startProductOnItsOwn,
  totalLag,
  vehicleImportForm,
  type ProductOnItsOwn,
} from './support';

/**
 * kill -9 of the workers process while the projector works through a backlog, then a restart: nothing accepted is
 * lost, nothing is applied twice, and every read model is exactly what a rebuild from the events makes of it.
 */
let started: ProductOnItsOwn | undefined;
let testDb: TestDatabase;
let product: ProductProcesses;
beforeAll(async () => {
  // One address sends thousands of requests here: the limits stay counted but far out of reach.
  started = await startProductOnItsOwn('faults_workers_killed', { env: { PUBLIC_WRITE_LIMIT_SCALE: '1000000' } });
  ({ testDb, product } = started);
});
afterAll(async () => {
  await started?.stop();
});

const CONTACT_MESSAGES = 1_000;
const ENQUIRIES = 200;
const RESERVATIONS = 100;
const SELL_CAR_REQUESTS = 3;

/** Listings made from the shipped catalogue under new ids (`round` keeps each batch apart), at new prices. */
const listings = (round: string, count: number) =>
  catalogueListings()
    .slice(0, count)
    .map((vehicle, i) => ({ ...vehicle, id: `${vehicle.id}-${round}`, price: vehicle.price + 100 * (i + 1) }));

interface Moment {
  moved: string[];
  /** What the workers' connections were doing at that moment (pg_stat_activity). */
  workersBackends: Array<{ state: string; inTransaction: boolean; query: string }>;
}

/**
 * Polls the read models' checkpoints until one moves from where it was (a batch committed, more to come), and says
 * what the workers' connections were doing at that moment.
 */
async function firstCheckpointMove(db: TestDatabase, deadline: number): Promise<Moment> {
  const readModels = allProjections.map((projection) => projection.name);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const positions = async () =>
      new Map((await client.query<{ name: string; position: string }>('select processor_name as name, last_global_position::text as position from processor_checkpoints where processor_name = any($1)', [readModels])).rows.map((row) => [row.name, row.position]));
    const start = await positions();
    while (Date.now() < deadline) {
      const [now, backends] = await Promise.all([
        positions(),
        client.query<{ state: string; in_transaction: boolean; query: string }>(
          `select state, xact_start is not null as in_transaction, left(query, 80) as query from pg_stat_activity where datname = current_database() and application_name = 'autobest-workers'`,
        ),
      ]);
      const moved = [...now].filter(([name, position]) => start.get(name) !== position).map(([name]) => name);
      if (moved.length > 0) return { moved, workersBackends: backends.rows.map((row) => ({ state: row.state, inTransaction: row.in_transaction, query: row.query })) };
    }
    throw new Error('No checkpoint moved: the workers never started projecting');
  } finally {
    await client.end();
  }
}

describe('the workers process killed with -9 in the middle of a projection batch', () => {
  it('loses nothing, applies nothing twice, and leaves every read model equal to a rebuild from the events', { timeout: 120_000 }, async () => {
    const laps: string[] = [];
    let lapStarted = Date.now();
    const lap = (name: string) => {
      laps.push(`${name} ${((Date.now() - lapStarted) / 1000).toFixed(1)} s`);
      lapStarted = Date.now();
    };
    const cookie = await signIn(product);
    // Some history while the workers run: listings, then staff delist and reprice some of them (facet counts go down as well as up).
    const firstListings = listings('fault-a', 40);
    const imported = await send(product, 'POST', '/api/admin/vehicles/import', vehicleImportForm(firstListings), { cookie });
    expect(imported.body).toMatchObject({ succeeded: firstListings.length, failed: 0 });
    // An import does not wait for the read model (the console reloads the list); staff edit what they see listed.
    await vi.waitFor(async () => expect(missingFrom(firstListings.map((vehicle) => vehicle.id), await idsIn(testDb.db, 'vehicles'))).toEqual([]), { timeout: 15_000, interval: 100 });
    for (const vehicle of firstListings.slice(0, 5)) expect((await send(product, 'DELETE', `/api/admin/vehicles/${vehicle.id}`, undefined, { cookie })).status).toBe(200);
    for (const { id, ...vehicle } of firstListings.slice(5, 10)) {
      expect((await send(product, 'PUT', `/api/admin/vehicles/${id}`, { ...vehicle, price: vehicle.price * 2 }, { cookie })).status).toBe(200);
    }

    // A backlog while no worker runs: every kind of command the storefront and the console send.
    lap('history');
    await product.workers.stop();
    lap('workers stopped');
    const listed = firstListings.slice(5);
    const laterListings = listings('fault-b', 120);
    const [contactIds, enquiryIds, reservationIds, sellCarIds, importAnswer] = await Promise.all([
      inParallel(CONTACT_MESSAGES, 8, async (i) => createdId(await send(product, 'POST', '/api/contact-messages', contactMessage(i)), 'contact message')),
      inParallel(ENQUIRIES, 4, async (i) => createdId(await send(product, 'POST', '/api/enquiries', enquiry(i)), 'enquiry')),
      inParallel(RESERVATIONS, 2, async (i) => createdId(await send(product, 'POST', `/api/vehicles/${listed[i % listed.length]!.id}/reservations`, reservation(i)), 'reservation')),
      inParallel(SELL_CAR_REQUESTS, 1, async (i) => createdId(await send(product, 'POST', '/api/sell-car-submissions', await sellCarForm(i)), 'sell-car request')),
      send(product, 'POST', '/api/admin/vehicles/import', vehicleImportForm(laterListings), { cookie }),
    ]);
    expect(importAnswer.body).toMatchObject({ succeeded: laterListings.length, failed: 0 });
    const backlog = totalLag(await processorLag(testDb.db));
    lap('backlog sent');

    // The workers start on the backlog; the moment a checkpoint moves they are killed, in the middle of the catch-up.
    const starting = product.workers.start().catch((error: unknown) => {
      if (!(error instanceof ExitedBeforeReady)) throw error;
    });
    const moment = await firstCheckpointMove(testDb, Date.now() + 60_000);
    await product.workers.kill('SIGKILL');
    await starting;
    lap('workers started and killed');
    const leftBehind = await processorLag(testDb.db);
    const openBatches = moment.workersBackends.filter((backend) => backend.inTransaction);
    console.info(
      `kill -9 once ${moment.moved.join(', ')} had committed a batch: ` +
        (openBatches.length > 0 ? `the workers had a batch transaction open (${openBatches.map((backend) => `${backend.state}: ${backend.query}`).join('; ')})` : 'between two batches (no transaction open)') +
        `; ${totalLag(leftBehind)} of ${backlog} events were still to handle: ${JSON.stringify(leftBehind)}`,
    );
    // The kill fell inside the catch-up, not after it: otherwise this test proves nothing.
    expect(totalLag(leftBehind)).toBeGreaterThan(0);

    await product.workers.start();
    await vi.waitFor(
      async () => {
        expect(Number((await sql<{ n: number }>`select count(*)::int as n from events where type = 'SubmissionPhotosProcessed'`.execute(testDb.db)).rows[0]?.n)).toBe(SELL_CAR_REQUESTS);
        expect(totalLag(await processorLag(testDb.db))).toBe(0);
      },
      { timeout: 45_000, interval: 200 },
    );
    lap('restarted and caught up');

    // Every accepted command is in its read model...
    expect(missingFrom(contactIds, await idsIn(testDb.db, 'contact_messages'))).toEqual([]);
    expect(missingFrom(enquiryIds, await idsIn(testDb.db, 'enquiries'))).toEqual([]);
    expect(missingFrom(reservationIds, await idsIn(testDb.db, 'reservation_requests'))).toEqual([]);
    expect(missingFrom(sellCarIds, await idsIn(testDb.db, 'submissions'))).toEqual([]);
    expect(missingFrom([...listed, ...laterListings].map((vehicle) => vehicle.id), await idsIn(testDb.db, 'vehicles'))).toEqual([]);
    // ...and every read model is exactly what the events make of it (no row lost, doubled or left half-written).
    await product.workers.stop();
    lap('checked and workers stopped');
    expect(await differencesFromRebuild(testDb.db)).toEqual({});
    lap('rebuilt and compared');
    console.info(`took: ${laps.join(', ')}`);
  });
});
