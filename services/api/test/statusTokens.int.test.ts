import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { newSubmissionId, SELL_CAR_PHOTO_SLOTS, submissionStreamId } from '@autobest/domain';
import { allProjections, Projector } from '@autobest/projections';
import { startSmtpSink, type SmtpSink } from '@autobest/workers/testing';
import { up as migration0017 } from '../../db/src/migrations/0017_status_tokens';
import { createTestApp, everyProcessorCaughtUp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, type TestApp } from './support';
import { multipartBody, photoOfSize, type FilePart } from './images';

const sellFields = {
  fullName: 'Chidi Okafor',
  phoneNumber: '+234 803 555 0190',
  email: 'chidi@example.ng',
  make: 'Lexus',
  model: 'RX 350',
  year: '2019',
  odometer: '61000',
  fuelType: 'petrol',
  transmission: 'automatic',
  underFinance: 'no',
  askingPrice: '21000000',
  consent: 'true',
};
const photos = async (size = 4_000): Promise<FilePart[]> => {
  const content = await photoOfSize(size);
  return SELL_CAR_PHOTO_SLOTS.map(({ slot }) => ({ name: slot, filename: `${slot}.jpg`, type: 'image/jpeg', content }));
};

const log: string[] = [];
let sink: SmtpSink;
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  const stream = new Writable({
    write(line: Buffer, _encoding, done) {
      log.push(line.toString());
      done();
    },
  });
  t = await createTestApp('api_status_tokens', { ...LOOSE_PUBLIC_WRITE_LIMITS, SMTP_URL: sink.url, PUBLIC_URL: 'https://autobest.example' }, { withWorkers: true, logger: { level: 'info', stream } });
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

async function sell(body: { payload: Buffer; headers: Record<string, string> }, key?: string) {
  return t.app.inject({ method: 'POST', url: '/api/sell-car-submissions', payload: body.payload, headers: { ...body.headers, ...(key ? { 'idempotency-key': key } : {}) } });
}
const openStatus = (id: string, token: string) => t.app.inject({ method: 'GET', url: `/api/sell-car-submissions/${id}/status?token=${token}` });
const tokenOf = (statusUrl: string) => new URL(statusUrl, 'https://x').searchParams.get('token')!;
// Requests only: the photo processor records its own events about accepted requests whenever it gets to them.
const eventCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events where type like '%Submitted'`.execute(t.testDb.db)).rows[0]?.n);
const everyEventData = async () => (await sql<{ data: string }>`select string_agg(data::text, ' ') as data from events`.execute(t.testDb.db)).rows[0]?.data ?? '';
const caughtUp = () => everyProcessorCaughtUp(t.testDb.db);

describe('status links', () => {
  let id: string;
  let token: string;
  beforeAll(async () => {
    const created = await sell(await multipartBody(sellFields, await photos()));
    expect(created.statusCode).toBe(201);
    ({ id } = created.json<{ id: string }>());
    token = tokenOf(created.json<{ statusUrl: string }>().statusUrl);
    await caughtUp();
  });

  it('opens the status page from the link in the 201 answer and from the link in the email the owner receives', async () => {
    expect((await openStatus(id, token)).json()).toMatchObject({ id, status: 'pending' });

    await vi.waitFor(() => expect(sink.received.some((mail) => mail.to[0] === 'chidi@example.ng')).toBe(true), { timeout: 10_000 });
    const email = sink.received.find((mail) => mail.to[0] === 'chidi@example.ng')!;
    const link = email.body.match(/https:\/\/autobest\.example(\/sell-car-status\/[^\s"<]+)/)?.[1];
    // The page opens in the language the owner used (an English form here).
    expect(link).toBe(`/sell-car-status/${id}?token=${token}&lang=en`);
    expect((await openStatus(id, tokenOf(link!))).statusCode).toBe(200);
  });

  it('keeps the token nowhere: not in events, not in the emails kept, not in what the console shows', async () => {
    await vi.waitFor(async () => expect(await t.testDb.db.selectFrom('sent_emails').select('id').where('related_id', '=', id).execute()).toHaveLength(2), { timeout: 10_000 });
    expect(await everyEventData()).not.toContain(token);
    const submitted = await t.testDb.db.selectFrom('events').select('data').where('stream_id', '=', submissionStreamId('sell-car', id)).executeTakeFirstOrThrow();
    expect(Object.keys(submitted.data as object)).not.toContain('statusToken');

    const kept = await t.testDb.db.selectFrom('sent_emails').selectAll().where('related_id', '=', id).where('template', '=', 'customer-confirmation').executeTakeFirstOrThrow();
    expect(kept.text).toContain(`/sell-car-status/${id}?token=[redacted]`);
    expect(kept.html).toContain(`/sell-car-status/${id}?token=[redacted]`);
    const console = await t.app.inject({ method: 'GET', url: `/api/admin/emails?filter=${encodeURIComponent(JSON.stringify({ relatedId: id }))}`, headers: { cookie } });
    expect(console.json<unknown[]>()).toHaveLength(2);
    expect(console.body).not.toContain(token);
    const read = await t.testDb.db.selectFrom('submissions').select('status_token_hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(read.status_token_hash).toBeNull();
  });

  it('answers 404 to a token one character off, to another request id, and to the other kind', async () => {
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const oneOff = `${token.slice(0, -1)}${last}`;
    expect(oneOff).toHaveLength(token.length);
    const other = (await sell(await multipartBody({ ...sellFields, email: 'other@example.ng' }, await photos()))).json<{ id: string }>().id;
    await caughtUp();
    const refused = [
      await openStatus(id, oneOff),
      await openStatus(other, token),
      await t.app.inject({ method: 'GET', url: `/api/trade-in-submissions/${id}/status?token=${token}` }),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'not_found', message: 'Request not found' });
    }
    expect((await openStatus(id, token)).statusCode).toBe(200);
  });

  it('keeps the links of requests made before tokens were derived working through migration 0017 and a rebuild', async () => {
    // As the code before 0017 wrote them: a random token in clear in the event, its digest in the read model,
    // the working link in the kept email, and the link in the idempotency row.
    const legacyId = newSubmissionId('sell-car', new Date(), randomBytes(6));
    const legacyToken = randomBytes(24).toString('base64url');
    const digest = createHash('sha256').update(legacyToken).digest('hex');
    const event = {
      type: 'SellCarSubmitted',
      data: {
        submissionId: legacyId,
        submittedAt: new Date().toISOString(),
        personalInfo: { fullName: 'Amaka Eze', phoneNumber: '08035550111', email: 'amaka@example.ng' },
        vehicleInfo: { make: 'Kia', model: 'Rio', year: '2017', odometer: '90000', fuelType: 'petrol', transmission: 'manual', vin: null, knownIssues: null, underFinance: false, askingPrice: '3000000' },
        photos: [],
        statusToken: legacyToken,
      },
    };
    await t.app.eventStore.append(submissionStreamId('sell-car', legacyId), 0, [event], { actor: { kind: 'visitor' }, correlationId: 'legacy', causationId: null, requestId: null });
    await caughtUp();
    await t.testDb.db.updateTable('submissions').set({ status_token_hash: digest }).where('id', '=', legacyId).execute();
    const legacyLink = `https://autobest.example/sell-car-status/${legacyId}?token=${legacyToken}`;
    await t.testDb.db
      .insertInto('sent_emails')
      .values({ event_id: randomUUID(), template: 'customer-confirmation', to_address: 'amaka@example.ng', subject: 'We received your Sell Car request', text: `Follow your request: ${legacyLink}\n`, html: `<a href="${legacyLink}">Follow your request</a>`, status: 'sent', sent_at: new Date(), transport: 'log', related_id: legacyId })
      .execute();
    await t.testDb.db.insertInto('idempotency_keys').values({ scope: 'sell-car', key: 'legacy-key-1', request_digest: 'unbound', response: JSON.stringify({ id: legacyId, statusUrl: legacyLink }) }).execute();
    expect((await openStatus(legacyId, legacyToken)).statusCode).toBe(200);

    await migration0017(t.testDb.db as unknown as Kysely<unknown>);

    expect(await everyEventData()).not.toContain(legacyToken);
    const scrubbed = await t.testDb.db.selectFrom('events').select('data').where('stream_id', '=', submissionStreamId('sell-car', legacyId)).where('type', '=', 'SellCarSubmitted').executeTakeFirstOrThrow();
    expect(scrubbed.data).toMatchObject({ submissionId: legacyId, legacyStatusTokenDigest: digest });
    expect(Object.keys(scrubbed.data as object)).not.toContain('statusToken');
    const kept = await t.testDb.db.selectFrom('sent_emails').select(['text', 'html']).where('related_id', '=', legacyId).where('transport', '=', 'log').executeTakeFirstOrThrow();
    expect(kept.text).toBe(`Follow your request: https://autobest.example/sell-car-status/${legacyId}?token=[redacted]\n`);
    expect(kept.html).toBe(`<a href="https://autobest.example/sell-car-status/${legacyId}?token=[redacted]">Follow your request</a>`);
    expect(await t.testDb.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'legacy-key-1').execute()).toEqual([]);
    const history = await t.app.inject({ method: 'GET', url: `/api/admin/sell-car-submissions/${legacyId}/history`, headers: { cookie } });
    expect(history.json<Array<{ data: object }>>()[0]!.data).toMatchObject({ submissionId: legacyId });
    expect(history.body).not.toContain(digest);

    // The photo processor records its (empty) outcome for the request on its own time: the rebuild must see it too.
    await caughtUp();
    const before = await t.testDb.db.selectFrom('submissions').selectAll().where('id', '=', legacyId).executeTakeFirstOrThrow();
    await new Projector(t.testDb.db, allProjections).rebuild(['submissions']);
    expect(await t.testDb.db.selectFrom('submissions').selectAll().where('id', '=', legacyId).executeTakeFirstOrThrow()).toEqual(before);
    expect((await openStatus(legacyId, legacyToken)).json()).toMatchObject({ id: legacyId, status: 'pending' });
    // Emails sent since carry the derived token, which opens the same page.
    await vi.waitFor(() => expect(sink.received.some((mail) => mail.to[0] === 'amaka@example.ng')).toBe(true), { timeout: 10_000 });
    const derived = sink.received.find((mail) => mail.to[0] === 'amaka@example.ng')!.body.match(/\?token=([A-Za-z0-9_-]+)/)?.[1];
    expect(derived).toBeDefined();
    expect(derived).not.toBe(legacyToken);
    expect((await openStatus(legacyId, derived!)).statusCode).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  // Six photos just under the 5 MB limit: what a phone camera sends, about 30 MB in all.
  const large = () => photos(4.9 * 1024 * 1024);
  const incomingFiles = async () => readdir(`${t.config.uploadsDir}/.incoming`).catch(() => [] as string[]);

  it('answers a retry of six large photos with the first answer (201, Idempotent-Replayed), adding nothing', async () => {
    const body = await multipartBody({ ...sellFields, email: 'retry@example.ng' }, await large());
    const key = randomUUID();
    const before = await eventCount();
    const first = await sell(body, key);
    expect(first.statusCode).toBe(201);
    const retry = await sell(body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await eventCount()).toBe(before + 1);
    expect(await incomingFiles()).toEqual([]);
    await caughtUp();
    const { id, statusUrl } = retry.json<{ id: string; statusUrl: string }>();
    expect((await openStatus(id, tokenOf(statusUrl))).statusCode).toBe(200);
    const stored = await t.testDb.db.selectFrom('idempotency_keys').select('response').where('key', '=', key).executeTakeFirstOrThrow();
    expect(stored.response).toEqual({ id });
  });

  it('refuses the same key with other text or another photo (422) and never hands out the link', async () => {
    const files = await photos();
    const key = randomUUID();
    const first = await sell(await multipartBody(sellFields, files), key);
    expect(first.statusCode).toBe(201);
    const { id, statusUrl } = first.json<{ id: string; statusUrl: string }>();
    const before = await eventCount();

    const otherPhoto = files.map((file, index) => (index === 3 ? { ...file, content: Buffer.concat([file.content.subarray(0, 10), Buffer.from([0x21]), file.content.subarray(11)]) } : file));
    const refused = [await sell(await multipartBody({ ...sellFields, askingPrice: '19000000' }, files), key), await sell(await multipartBody(sellFields, otherPhoto), key)];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({ error: 'idempotency_key_reused', message: expect.stringMatching(/new key/) });
      expect(answer.body).not.toContain(id);
      expect(answer.body).not.toContain(tokenOf(statusUrl));
    }
    expect(await eventCount()).toBe(before);
    expect(await incomingFiles()).toEqual([]);
  });

  it('treats a key older than 24 hours as new, and a claim sweeps every expired key', async () => {
    const body = await multipartBody({ ...sellFields, email: 'later@example.ng' }, await photos());
    const [key, forgotten] = [randomUUID(), randomUUID()];
    const first = (await sell(body, key)).json<{ id: string }>().id;
    expect((await sell(await multipartBody(sellFields, await photos()), forgotten)).statusCode).toBe(201);
    await sql`update idempotency_keys set created_at = now() - interval '24 hours 1 minute' where key in (${key}, ${forgotten})`.execute(t.testDb.db);

    const later = await sell(body, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json<{ id: string }>().id).not.toBe(first);
    expect(await t.testDb.db.selectFrom('idempotency_keys').select('key').where('key', '=', forgotten).execute()).toEqual([]);
    expect((await sell(body, key)).json<{ id: string }>().id).toBe(later.json<{ id: string }>().id);
  });
});

describe('the request log', () => {
  it('holds no status token: redacted from URLs however the name is spelt, and no Cookie or Authorization header', async () => {
    const created = await sell(await multipartBody({ ...sellFields, email: 'logged@example.ng' }, await photos()));
    const { id, statusUrl } = created.json<{ id: string; statusUrl: string }>();
    const token = tokenOf(statusUrl);
    await caughtUp();
    log.length = 0;

    expect((await openStatus(id, token)).statusCode).toBe(200);
    // Fastify decodes the name, so this link works too and must not leak through the log either.
    expect((await t.app.inject({ method: 'GET', url: `/api/sell-car-submissions/${id}/status?lang=fr&%74oken=${token}` })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: statusUrl });
    await t.app.inject({ method: 'GET', url: `/api/nowhere?token=${token}`, headers: { authorization: `Bearer ${token}`, cookie: `autobest_session=${token}` } });

    const written = log.join('');
    expect(written).toContain('incoming request');
    expect(written).toContain(`/api/sell-car-submissions/${id}/status?token=[redacted]`);
    expect(written).toContain(`/api/sell-car-submissions/${id}/status?lang=fr&%74oken=[redacted]`);
    expect(written).toContain(`/sell-car-status/${id}?token=[redacted]`);
    expect(written).not.toContain(token);
  });
});
