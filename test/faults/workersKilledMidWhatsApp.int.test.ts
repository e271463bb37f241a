import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestDatabase } from '@autobest/db/testing';
import { startCloudApiStandIn, type CloudApiStandIn } from '@autobest/workers/testing';
import type { ProductProcesses } from '../../infra/src/processes';
import { createdId, expectOnceExceptInFlight, idsIn, inParallel, missingFrom, sellCarForm, send, startProductOnItsOwn, type ProductOnItsOwn } from './support';

/**
 * kill -9 of the workers process while it sends WhatsApp messages (issue 41), then a restart: the Cloud API ends up with
 * every message. One arrives twice only when the kill fell after the API took it and before the outbox recorded that
 * (the API has no idempotency key for us to send); at most the messages in flight, four. The test says which case it hit.
 */
let cloudApi: CloudApiStandIn;
let started: ProductOnItsOwn | undefined;
let testDb: TestDatabase;
let product: ProductProcesses;
beforeAll(async () => {
  cloudApi = await startCloudApiStandIn();
  started = await startProductOnItsOwn('faults_mid_whatsapp', {
    env: {
      PUBLIC_WRITE_LIMIT_SCALE: '1000000',
      WHATSAPP_API_URL: cloudApi.url,
      WHATSAPP_TOKEN: cloudApi.token,
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_RETRY_DELAY_MS: '200',
      // The killed process's run of the delivery is taken up within a few seconds; its claimed messages after 25 s.
      EMAIL_JOB_LOCK_MS: '2000',
    },
  });
  ({ testDb, product } = started);
});
afterAll(async () => {
  await started?.stop();
  await cloudApi?.close();
});

/** Each sell-car request that asks for WhatsApp updates makes one message: its confirmation. */
const REQUESTS = 24;

describe('the workers killed while sending WhatsApp messages', () => {
  it('delivers every message after a restart, at most the four in flight twice', { timeout: 180_000 }, async () => {
    // The API takes each message 300 ms after reading it, so sending them all takes a few seconds to kill into.
    cloudApi.delayAcceptance(300);
    const ids = await inParallel(REQUESTS, 4, async (i) => createdId(await send(product, 'POST', '/api/sell-car-submissions', await sellCarForm(i, { whatsappUpdates: 'yes' })), 'sell-car request'));

    await vi.waitFor(() => expect(cloudApi.received.length).toBeGreaterThanOrEqual(6), { timeout: 90_000, interval: 10 });
    await product.workers.kill();
    const takenAtKill = cloudApi.received.length;
    expect(takenAtKill, 'the kill fell while messages were still going out').toBeLessThan(REQUESTS);

    cloudApi.delayAcceptance(0);
    await product.workers.start();
    await vi.waitFor(
      async () => {
        const statuses = await testDb.db.selectFrom('whatsapp_messages').select('status').execute();
        expect(statuses.length).toBe(REQUESTS);
        expect(statuses.filter(({ status }) => status !== 'sent')).toEqual([]);
      },
      { timeout: 120_000, interval: 250 },
    );

    const rows = await testDb.db.selectFrom('whatsapp_messages').select(['related_id', 'to_phone', 'wa_message_id']).execute();
    // Every message of the outbox reached the API (the confirmation names its request: [name, request id, status
    // link]), to its own phone, and nothing else did.
    const twice = expectOnceExceptInFlight(
      cloudApi.received.map((message) => message.parameters[1]!),
      rows.map((row) => row.related_id!),
    );
    for (const row of rows) {
      expect(cloudApi.received.filter((message) => message.parameters[1] === row.related_id).every((message) => message.to === row.to_phone)).toBe(true);
      // The outbox keeps the id of the copy the API answered last.
      expect(cloudApi.received.map((message) => message.waMessageId)).toContain(row.wa_message_id);
    }
    console.info(
      twice.length > 0
        ? `kill fell between the API taking ${twice.length} message(s) and the outbox recording it: each arrived twice (${twice.join(', ')})`
        : `kill fell before the API took the messages in flight (${takenAtKill} taken): none arrived twice`,
    );

    // Read models never waited on the Cloud API.
    expect(missingFrom(ids, await idsIn(testDb.db, 'submissions'))).toEqual([]);
  });
});
