import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApi, type RunningApi } from '@autobest/api';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { loadRuntimeConfig } from '@autobest/domain';
import { createTestQueues, type TestQueues } from '@autobest/runtime/testing';
import { sendEnquiry } from '../../web-storefront/src/enquiries/api';

/** The storefront's client against a real, listening API: the browser's fetch resolves /api against it. */
describe('sendEnquiry', () => {
  let testDb: TestDatabase;
  let queues: TestQueues;
  let api: RunningApi;

  beforeAll(async () => {
    testDb = await createTestDatabase('send_enquiry');
    queues = createTestQueues('send_enquiry');
    const config = loadRuntimeConfig({ DATABASE_URL: testDb.url, REDIS_URL: queues.redisUrl, QUEUE_PREFIX: queues.prefix, PORT: '0', LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'a long and secret password' });
    api = await startApi(config, { migrate: false, logger: false, webApps: { storefrontDir: '/nonexistent', adminDir: '/nonexistent' } });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => realFetch(new URL(path, api.url), init));
  });

  afterAll(async () => {
    vi.unstubAllGlobals();
    await api?.close();
    await testDb?.drop();
    await queues?.drop();
  });

  const enquiry = { kind: 'insurance-quote' as const, fullName: 'Kemi Ade', phone: '08035550123', email: '', subject: 'Comprehensive plan', details: { plan: 'Comprehensive' }, sourcePath: '/insurance' };

  it('answers the id, and the same id for a retry with the same key', async () => {
    const key = crypto.randomUUID();
    const first = await sendEnquiry(enquiry, key);
    expect(first).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await sendEnquiry(enquiry, key)).toEqual(first);
  });

  it('answers the form messages per field for bad input', async () => {
    expect(await sendEnquiry({ ...enquiry, phone: '0803', email: 'kemi@' }, crypto.randomUUID())).toEqual({
      ok: false,
      status: 400,
      message: expect.stringContaining('phone'),
      fields: { phone: { code: 'phoneInvalid', message: 'Please enter a valid phone number' }, email: { code: 'emailInvalid', message: 'Please enter a valid email address' } },
    });
  });
});
