import { catchUpCompletely } from '@autobest/projections/testing';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { Projector, allProjections } from '@autobest/projections';
import { appendToStream } from '@autobest/db';
import {
  contactMessageStreamId,
  decideReservationRequest,
  foldReservationRequest,
  reservationRequestStreamId,
  vehicleStreamId,
  type EventMetadata,
} from '@autobest/domain';
import { listVehicle, receiveContactMessage, requestReservation, sampleVenza } from '@autobest/domain/testing';
import { SHIPPED_CATALOGUE_SIZE, seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { createTestApp, signIn, type TestApp } from './support';

interface Result {
  id: string;
  status: 'pass' | 'warning' | 'fail';
  detail: string;
}

/** Runs every check an admin may run, or only those named (the mail server check is limited to a few a minute). */
async function runAll(t: TestApp, only?: string[]): Promise<Record<string, Result>> {
  const cookie = await signIn(t.app);
  // The sign-in itself is an event (the activity trail): applied before the read-model check looks.
  await catchUpCompletely(new Projector(t.testDb.db, allProjections));
  const listed = await t.app.inject({ method: 'GET', url: '/api/admin/qa-checks', headers: { cookie } });
  expect(listed.statusCode).toBe(200);
  const results: Record<string, Result> = {};
  for (const { id } of listed.json<{ checks: Array<{ id: string }> }>().checks.filter(({ id }) => !only || only.includes(id))) {
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/qa-checks/${id}/run`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    results[id] = response.json<Result>();
  }
  return results;
}

describe('QA dashboard checks on a bare system (no workers, no vehicles, no mail server, no rate service)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('api_qa_bare');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says what is wrong, check by check, and only to staff', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/qa-checks' })).statusCode).toBe(401);
    const results = await runAll(t);
    expect(results['postgres']!.status).toBe('pass');
    expect(results['redis']!.status).toBe('pass');
    expect(results['migrations']).toMatchObject({ status: 'pass', detail: 'Every migration has run' });
    expect(results['workers']).toMatchObject({ status: 'fail', detail: expect.stringContaining('No worker is connected') });
    expect(results['schedules']).toMatchObject({ status: 'fail', detail: 'Missing: projector safety net, photo safety net, email delivery safety net, exchange-rate refresh, news feed refresh' });
    expect(results['news-feeds']).toMatchObject({ status: 'warning', detail: 'No news source is enabled: /news shows the fallback articles' });
    expect(results['catalogue']).toMatchObject({ status: 'fail', detail: 'No vehicle is listed: the inventory pages are empty' });
    expect(results['rates']).toMatchObject({ status: 'warning', detail: 'Fallback rates in use: RATES_URL is not set' });
    expect(results['email']).toMatchObject({ status: 'warning', detail: expect.stringContaining('SMTP_URL is not set') });
    expect(results['waiting-requests']!.status).toBe('pass');
    expect(results['analytics']!.status).toBe('warning');
    const cookie = await signIn(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/qa-checks/no-such-check/run', headers: { cookie } })).statusCode).toBe(404);
  });

  it('flags contact messages and reservation requests still new after 24 hours, not those answered or younger', async () => {
    const visitor: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'c', causationId: null, requestId: null };
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const results = async () => {
      await catchUpCompletely(new Projector(t.testDb.db, allProjections));
      const all = await runAll(t, ['waiting-contact-messages', 'waiting-reservations']);
      return { contact: all['waiting-contact-messages']!, reservations: all['waiting-reservations']! };
    };
    expect(await results()).toMatchObject({ contact: { status: 'pass' }, reservations: { status: 'pass' } });

    const message = async (id: string, hours: number, answered = false) => {
      const input = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng', phone: '08035550101', message: 'Hello' };
      const events = receiveContactMessage(id, input, hoursAgo(hours));
      if (answered) events.push({ type: 'ContactMessageStatusChanged', data: { contactMessageId: id, from: 'new', to: 'contacted', changedAt: hoursAgo(1).toISOString() } });
      await appendToStream(t.testDb.db, contactMessageStreamId(id), 0, events, visitor);
    };
    await message('6d1c3a52-0000-4000-8000-0000000c0001', 25);
    await message('6d1c3a52-0000-4000-8000-0000000c0002', 30);
    await message('6d1c3a52-0000-4000-8000-0000000c0003', 30, true);
    await message('6d1c3a52-0000-4000-8000-0000000c0004', 23);

    const listed = listVehicle(sampleVenza, hoursAgo(100));
    await appendToStream(t.testDb.db, vehicleStreamId(sampleVenza.id), 0, listed, visitor);
    const reserve = async (reservationId: string, phone: string, hours: number, closedHoursAgo?: number) => {
      let events = requestReservation(reservationId, listed, { name: 'Chidi', phone }, hoursAgo(hours));
      if (closedHoursAgo !== undefined) events = [...events, ...decideReservationRequest({ type: 'ChangeStatus', status: 'closed', now: hoursAgo(closedHoursAgo) }, foldReservationRequest(events))];
      await appendToStream(t.testDb.db, reservationRequestStreamId(reservationId), 0, events, visitor);
    };
    await reserve('6d1c3a52-0000-4000-8000-0000000e0001', '08035550111', 48);
    await reserve('6d1c3a52-0000-4000-8000-0000000e0002', '08035550112', 2);
    await reserve('6d1c3a52-0000-4000-8000-0000000e0003', '08035550113', 26, 1);

    expect(await results()).toMatchObject({
      contact: { status: 'warning', detail: '2 contact messages still new after 24 hours (the contact page promises an answer within 24 hours)' },
      reservations: { status: 'warning', detail: '1 reservation request still new after 24 hours: the buyers are waiting for a call' },
    });
  });

  it('judges the exchange rates by their age', async () => {
    const snapshot = async (minutesOld: number) => {
      await t.testDb.db.deleteFrom('rate_snapshots').execute();
      await t.testDb.db.insertInto('rate_snapshots').values({ source: 'openexchangerates', fetched_at: new Date(Date.now() - minutesOld * 60_000), rates: JSON.stringify({ NGN: 1600 }) }).execute();
      return (await runAll(t, ['rates']))['rates']!;
    };
    // By the default RATES_CRON, every 6 hours: no fetch was due a minute ago; two were missed in 12 hours and 5; in 30 hours, 5.
    expect(await snapshot(1)).toMatchObject({ status: 'pass', detail: 'From openexchangerates, 0.0 hours old' });
    expect(await snapshot(12 * 60 + 5)).toMatchObject({ status: 'warning', detail: 'From openexchangerates, 12.1 hours old: 2 scheduled fetches missed (RATES_CRON "0 */6 * * *")' });
    expect(await snapshot(30 * 60)).toMatchObject({ status: 'fail', detail: expect.stringContaining('scheduled fetches missed (RATES_CRON "0 */6 * * *"), the rate service has been failing for a day') });
  });
});

describe('QA dashboard checks on a running system', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let smtpUrl: string;
  beforeAll(async () => {
    smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    t = await createTestApp('api_qa_running', { SMTP_URL: smtpUrl }, { withWorkers: true });
    await seedCatalogue(t.testDb.db);
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    // The running workers may still hold a projection's lock; wait until every read model has every event.
    await vi.waitFor(async () => expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json<{ checks: { projector: { eventsBehind: number } } }>().checks.projector.eventsBehind).toBe(0), { timeout: 15_000, interval: 100 });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('passes what works: workers, schedules, catalogue, featured cars, prices, mail server', async () => {
    const results = await runAll(t);
    for (const id of ['workers', 'schedules', 'catalogue', 'featured', 'prices', 'email', 'read-models']) expect(results[id], id).toMatchObject({ status: 'pass' });
    const inStock = await t.testDb.db.selectFrom('vehicles').select((eb) => eb.fn.countAll<string>().as('count')).where('in_stock', '=', true).executeTakeFirstOrThrow();
    expect(results['catalogue']!.detail).toBe(`${SHIPPED_CATALOGUE_SIZE} vehicles listed, ${inStock.count} in stock`);
    expect(results['email']!.detail).toBe(`The mail server at ${new URL(smtpUrl).host} accepts our sign-in`);
  });

  it('without RATES_URL the rates queue has its worker and schedule, and the status says the fallback rates are in use', async () => {
    // The queue dashboard's "No workers" would show on an empty list.
    expect(await t.app.queues.rates.getWorkers()).not.toHaveLength(0);
    const results = await runAll(t, ['schedules', 'rates']);
    expect(results['schedules']).toMatchObject({ status: 'pass', detail: expect.stringContaining('exchange-rate refresh, news feed refresh (no rate service configured: fallback rates in use)') });
    expect(results['rates']).toMatchObject({ status: 'warning', detail: 'Fallback rates in use: RATES_URL is not set' });
    expect((await t.app.inject({ method: 'GET', url: '/api/rates' })).json()).toMatchObject({ source: 'fallback' });
  });

  it('fails the mail check when the mail server does not answer', async () => {
    // A port that was free a moment ago: nothing listens there now.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const broken = await createTestApp('api_qa_nomail', { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      expect((await runAll(broken))['email']).toMatchObject({ status: 'fail', detail: expect.stringContaining('The mail server refused or did not answer') });
    } finally {
      await broken.close();
    }
  });
});
