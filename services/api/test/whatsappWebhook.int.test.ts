import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readStream } from '@autobest/db';
import { SELL_CAR_PHOTO_SLOTS, WHATSAPP_WITHDRAWN_STOPPED } from '@autobest/domain';
import { sellCarFormFields } from '@autobest/domain/testing';
import { samplePhoto } from '@autobest/runtime/testing';
import { SERVER_ERROR, startCloudApiStandIn, type CloudApiStandIn } from '@autobest/workers/testing';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, minimalListing, signIn, signInAs, STAFF_EMAIL, type TestApp } from './support';
import { multipartBody } from './images';

const APP_SECRET = 'the app secret of the WhatsApp Business app';
const VERIFY_TOKEN = 'a verify token chosen in the Meta dashboard';

const sellFields = sellCarFormFields({ fullName: 'Tunde Bakare', phoneNumber: '0803 555 0142', email: 'chinedu@example.ng' });
const JPEG = await samplePhoto({ width: 64, height: 48 });

let t: TestApp;
let cloudApi: CloudApiStandIn;
let cookie: string;
beforeAll(async () => {
  cloudApi = await startCloudApiStandIn();
  t = await createTestApp(
    'api_whatsapp',
    {
      ...LOOSE_PUBLIC_WRITE_LIMITS,
      WHATSAPP_API_URL: cloudApi.url,
      WHATSAPP_TOKEN: cloudApi.token,
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      PROJECTOR_SAFETY_NET_MS: '500',
    },
    { withWorkers: true },
  );
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
  await cloudApi?.close();
});

async function sell(fields: Record<string, string>) {
  const body = await multipartBody(fields, SELL_CAR_PHOTO_SLOTS.map(({ slot }) => ({ name: slot, filename: `${slot}.jpg`, type: 'image/jpeg', content: JPEG })));
  return t.app.inject({ method: 'POST', url: '/api/sell-car-submissions', payload: body.payload, headers: body.headers });
}

const messagesAbout = (id: string) => t.testDb.db.selectFrom('whatsapp_messages').selectAll().where('related_id', '=', id).orderBy('created_at').orderBy('template').execute();
const settledAbout = (id: string, count: number) =>
  vi.waitFor(
    async () => {
      const rows = await messagesAbout(id);
      expect(rows).toHaveLength(count);
      expect(rows.filter((row) => row.status === 'pending')).toEqual([]);
      return rows;
    },
    { timeout: 20_000, interval: 50 },
  );

/** A webhook as Meta sends it, signed with `secret` over its exact bytes. */
function webhook(value: object, secret = APP_SECRET) {
  const payload = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' }, ...value } }] }] });
  const signature = `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
  return { payload, signature };
}
const post = ({ payload, signature }: { payload: string; signature: string | undefined }) =>
  t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload, headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) } });
const statusUpdate = (id: string, status: string, extra: object = {}) =>
  webhook({ statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '2348035550142', ...extra }] });
let replies = 0;
const reply = (from: string, text: string, id = `wamid.reply${++replies}`) =>
  webhook({ contacts: [{ profile: { name: 'Tunde' }, wa_id: from }], messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }] });

const outboxCheck = async () => (await t.app.inject({ method: 'POST', url: '/api/admin/qa-checks/whatsapp-outbox/run', headers: { cookie } })).json<{ status: string; detail: string }>();
const whatsappHealth = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json<{ checks: { whatsapp: object } }>().checks.whatsapp;

describe('GET /api/whatsapp/webhook', () => {
  it("answers Meta's handshake with the challenge as text when the verify token matches, and 403 otherwise", async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/whatsapp/webhook', query: { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    const refusedQueries: Record<string, string>[] = [
      { 'hub.mode': 'subscribe', 'hub.verify_token': 'a guess', 'hub.challenge': '1158201444' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' },
      { 'hub.challenge': '1158201444' },
    ];
    for (const query of refusedQueries) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/whatsapp/webhook', query });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('1158201444');
    }
  });
});

describe('WhatsApp updates of a sell-car request, end to end', () => {
  let id: string;
  let confirmationId: string;

  it('records the choice on the request (no when the form does not say, 400 naming the field for nonsense) and sends the confirmation', async () => {
    const unasked = (await sell({ ...sellFields, phoneNumber: '0803 555 0143' })).json<{ id: string }>().id;
    expect((await readStream(t.testDb.db, `sell-car-${unasked}`))[0]?.data).toMatchObject({ whatsappUpdates: false });
    const nonsense = await sell({ ...sellFields, whatsappUpdates: 'please' });
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json<{ fields: Record<string, unknown> }>().fields).toHaveProperty('whatsappUpdates');

    const sent = await sell({ ...sellFields, whatsappUpdates: 'yes' });
    expect(sent.statusCode).toBe(201);
    id = sent.json<{ id: string }>().id;
    expect((await readStream(t.testDb.db, `sell-car-${id}`))[0]?.data).toMatchObject({ whatsappUpdates: true });
    const [confirmation] = await settledAbout(id, 1);
    expect(confirmation).toMatchObject({ template: 'confirmation', status: 'sent', to_phone: '2348035550142' });
    confirmationId = confirmation!.wa_message_id!;
    expect(await outboxCheck()).toMatchObject({ status: 'pass', detail: 'No WhatsApp message waiting to be sent' });
    expect(cloudApi.received.map((message) => message.waMessageId)).toContain(confirmationId);
    expect(await messagesAbout(unasked)).toEqual([]);
  });

  it('refuses a webhook whose signature is missing, wrong, or made with another secret (401), and changes nothing', async () => {
    const signed = statusUpdate(confirmationId, 'delivered');
    for (const signature of [undefined, 'sha256=00', `sha256=${'0'.repeat(64)}`, webhook({}, 'another secret').signature, signed.signature.replace('sha256=', 'sha1=')]) {
      expect((await post({ payload: signed.payload, signature })).statusCode).toBe(401);
    }
    // The right signature over other bytes: one space more is another body.
    expect((await post({ payload: `${signed.payload} `, signature: signed.signature })).statusCode).toBe(401);
    // Nor does another content type get a body past the signature; signed, only JSON is read.
    const as = (type: string, signature?: string) =>
      t.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: signed.payload, headers: { 'content-type': type, ...(signature ? { 'x-hub-signature-256': signature } : {}) } });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) expect((await as(type)).statusCode).toBe(401);
    expect((await as('text/plain', signed.signature)).statusCode).toBe(415);
    expect((await messagesAbout(id))[0]).toMatchObject({ status: 'sent', delivered_at: null });
    // Signed or not, a body over the API's 64 KB is not read.
    const large = webhook({ statuses: [], padding: 'x'.repeat(70 * 1024) });
    expect((await post(large)).statusCode).toBe(413);
  });

  it('records delivered and read against the message id the API gave, never moving back for a late webhook', async () => {
    const delivered = await post(statusUpdate(confirmationId, 'delivered'));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ statuses: 1, stops: 0, replies: 0 });
    expect((await messagesAbout(id))[0]).toMatchObject({ status: 'delivered' });
    await post(statusUpdate(confirmationId, 'read'));
    await post(statusUpdate(confirmationId, 'delivered'));
    const [row] = await messagesAbout(id);
    expect(row).toMatchObject({ status: 'read' });
    expect(row!.delivered_at).toBeInstanceOf(Date);
    expect(row!.read_at).toBeInstanceOf(Date);
    // A status about a message that is not ours is no error: Meta would retry it for days.
    expect((await post(statusUpdate('wamid.someone-else', 'read'))).json()).toEqual({ statuses: 0, stops: 0, replies: 0 });
  });

  it('keeps statuses that come before the send result is written, and applies them with it, never moving back', async () => {
    const answers: unknown[] = [];
    // Meta posts "delivered", then a late "sent", while our deliverer still waits for the API's answer with the id.
    cloudApi.beforeAnswering(async (message) => {
      if (message.to !== '2348035550180') return;
      answers.push((await post(statusUpdate(message.waMessageId, 'delivered'))).json(), (await post(statusUpdate(message.waMessageId, 'sent'))).json());
      expect(await t.testDb.db.selectFrom('whatsapp_messages').select('id').where('wa_message_id', '=', message.waMessageId).execute()).toEqual([]);
    });
    try {
      const early = (await sell({ ...sellFields, phoneNumber: '0803 555 0180', whatsappUpdates: 'yes' })).json<{ id: string }>().id;
      const [row] = await settledAbout(early, 1);
      // Nothing to record against yet: kept, not lost.
      expect(answers).toEqual([{ statuses: 0, stops: 0, replies: 0 }, { statuses: 0, stops: 0, replies: 0 }]);
      expect(row).toMatchObject({ status: 'delivered', wa_message_id: cloudApi.received.find((message) => message.to === '2348035550180')!.waMessageId });
      expect(row!.delivered_at).toBeInstanceOf(Date);
      expect(await t.testDb.db.selectFrom('whatsapp_early_statuses').selectAll().where('wa_message_id', '=', row!.wa_message_id!).execute()).toEqual([]);
      // From now on a status finds its message at once.
      expect((await post(statusUpdate(row!.wa_message_id!, 'read'))).json()).toEqual({ statuses: 1, stops: 0, replies: 0 });
      expect((await messagesAbout(early))[0]).toMatchObject({ status: 'read' });
    } finally {
      cloudApi.beforeAnswering(null);
    }
  });

  it('records a failure with its error code', async () => {
    const other = (await sell({ ...sellFields, phoneNumber: '+234 803 555 0144', whatsappUpdates: 'yes' })).json<{ id: string }>().id;
    const [sent] = await settledAbout(other, 1);
    await post(statusUpdate(sent!.wa_message_id!, 'failed', { errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message' }] }));
    expect((await messagesAbout(other))[0]).toMatchObject({ status: 'failed', error_code: 131047, last_error: '131047: Re-engagement message' });
    expect(await whatsappHealth()).toEqual({ ok: true, pending: 0, failed: 1, oldestPendingSeconds: null });
    // The QA check beside the email outbox's points staff to it.
    expect(await outboxCheck()).toMatchObject({ status: 'warning', detail: '1 WhatsApp message failed in the last 7 days (see WhatsApp, filter Failed, and Retry once fixed)' });
  });

  it('stops the updates of a phone that replies STOP: the status change after it sends nothing', async () => {
    const stopped = await post(reply('2348035550142', 'Stop'));
    expect(stopped.json()).toEqual({ statuses: 0, stops: 1, replies: 0 });
    expect(await t.testDb.db.selectFrom('whatsapp_stops').select('phone').execute()).toEqual([{ phone: '2348035550142' }]);
    // Any other text is not a STOP: it is a reply, kept in that phone's open request.
    expect((await post(reply('2348035550144', 'Please stop by on Monday'))).json()).toEqual({ statuses: 0, stops: 0, replies: 1 });

    expect((await t.app.inject({ method: 'POST', url: `/api/admin/sell-car-submissions/${id}/status`, payload: { status: 'reviewed' }, headers: { cookie } })).statusCode).toBe(200);
    // A request from another phone, made after the change, shows the notifier has gone past it.
    const later = (await sell({ ...sellFields, phoneNumber: '0803 555 0145', whatsappUpdates: 'yes' })).json<{ id: string }>().id;
    await settledAbout(later, 1);
    expect(await messagesAbout(id)).toHaveLength(1);
    expect(cloudApi.received.filter((message) => message.to === '2348035550142')).toHaveLength(1);
  });

  it('keeps a STOP to the requests made before it when Meta posts it again, or late: a request made after it gets its updates', async () => {
    // Two requests from one phone, then STOP: it stops both.
    const before = (await sell({ ...sellFields, phoneNumber: '0803 555 0146', whatsappUpdates: 'yes' })).json<{ id: string }>().id;
    const beforeToo = (await sell({ ...sellFields, phoneNumber: '+234 803 555 0146', whatsappUpdates: 'yes' })).json<{ id: string }>().id;
    await settledAbout(before, 1);
    await settledAbout(beforeToo, 1);
    const stop = reply('2348035550146', 'STOP', 'wamid.stop-0146');
    expect((await post(stop)).json()).toEqual({ statuses: 0, stops: 1, replies: 0 });

    // They change their mind and ask again on a new request, whose confirmation waits while the API fails.
    cloudApi.failNext(1_000, SERVER_ERROR);
    const after = (await sell({ ...sellFields, phoneNumber: '0803 555 0146', whatsappUpdates: 'yes' })).json<{ id: string }>().id;
    await vi.waitFor(async () => expect((await messagesAbout(after))[0]).toMatchObject({ status: 'pending', attempts: 1 }), { timeout: 20_000, interval: 50 });
    // Meta posts the same STOP again (it thought we missed it): the new request's confirmation still waits.
    expect((await post(stop)).json()).toEqual({ statuses: 0, stops: 0, replies: 0 });
    expect((await messagesAbout(after))[0]).toMatchObject({ status: 'pending' });
    cloudApi.failNext(0);
    expect((await settledAbout(after, 1))[0]).toMatchObject({ template: 'confirmation', status: 'sent' });

    // Staff review all three: the request made after the STOP hears of it, those made before do not.
    for (const id of [before, beforeToo, after]) {
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/sell-car-submissions/${id}/status`, payload: { status: 'reviewed' }, headers: { cookie } })).statusCode).toBe(200);
    }
    expect((await settledAbout(after, 2)).map((row) => [row.template, row.status])).toEqual([['confirmation', 'sent'], ['status', 'sent']]);
    for (const id of [before, beforeToo]) expect((await messagesAbout(id)).map((row) => row.template)).toEqual(['confirmation']);

    // Failed, the confirmation of the request made after the STOP can be sent again on Retry; one made before cannot.
    const [afterConfirmation] = await messagesAbout(after);
    const [beforeConfirmation] = await messagesAbout(before);
    const setStatus = (ids: string[], status: 'failed' | 'sent') => t.testDb.db.updateTable('whatsapp_messages').set({ status }).where('id', 'in', ids).execute();
    const retry = (messageId: string) => t.app.inject({ method: 'POST', url: `/api/admin/whatsapp-messages/${messageId}/retry`, headers: { cookie } });
    await setStatus([afterConfirmation!.id, beforeConfirmation!.id], 'failed');
    expect((await retry(beforeConfirmation!.id)).statusCode).toBe(409);
    const retried = await retry(afterConfirmation!.id);
    expect(retried.statusCode, retried.body).toBe(200);
    await vi.waitFor(async () => expect((await messagesAbout(after))[0]).toMatchObject({ status: 'sent', attempts: 1 }), { timeout: 20_000, interval: 50 });
    await setStatus([beforeConfirmation!.id], 'sent');
  });

  it("lists the messages to staff, newest first, with status, time and the API's answer, searchable by phone and message id", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/whatsapp-messages' })).statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/whatsapp-messages', query: { filter: JSON.stringify({ q: '8035550142' }) }, headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('whatsapp-messages 0-0/1');
    const [message] = list.json<Array<Record<string, unknown>>>();
    expect(message).toMatchObject({ to: '2348035550142', relatedId: id, template: 'confirmation', language: 'en', status: 'read', waMessageId: confirmationId, transport: 'cloud-api' });
    expect(message!['statusAt']).toEqual(expect.any(String));
    expect(JSON.stringify(message)).toContain('?token=[redacted]');
    // The phone as the request shows it, as the form took it, finds it too.
    for (const q of ['0803 555 0142', '+234 803 555 0142']) {
      const asTyped = await t.app.inject({ method: 'GET', url: '/api/admin/whatsapp-messages', query: { filter: JSON.stringify({ q }) }, headers: { cookie } });
      expect(asTyped.json<Array<{ id: string }>>().map((row) => row.id)).toEqual([message!['id']]);
    }
    const byId = await t.app.inject({ method: 'GET', url: '/api/admin/whatsapp-messages', query: { filter: JSON.stringify({ q: confirmationId }) }, headers: { cookie } });
    expect(byId.json<Array<{ id: string }>>().map((row) => row.id)).toEqual([message!['id']]);
    const failed = await t.app.inject({ method: 'GET', url: '/api/admin/whatsapp-messages', query: { filter: JSON.stringify({ status: 'failed' }) }, headers: { cookie } });
    expect(failed.json()).toEqual([expect.objectContaining({ status: 'failed', errorCode: 131047, lastError: '131047: Re-engagement message' })]);
  });

  it('sends a failed message again on Retry, once, and refuses to for a sent one, a withdrawn one or a phone that said STOP', async () => {
    const admin = (url: string, headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'POST', url, headers });
    const [failed] = (await t.app.inject({ method: 'GET', url: '/api/admin/whatsapp-messages', query: { filter: JSON.stringify({ status: 'failed' }) }, headers: { cookie } })).json<Array<{ id: string; to: string; attempts: number }>>();
    const before = cloudApi.received.filter((message) => message.to === failed!.to).length;
    const retried = await admin(`/api/admin/whatsapp-messages/${failed!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed!.id, status: 'pending', attempts: 0 });
    const [row] = await vi.waitFor(
      async () => {
        const rows = await t.testDb.db.selectFrom('whatsapp_messages').selectAll().where('id', '=', failed!.id).execute();
        expect(rows[0]?.status).toBe('sent');
        return rows;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(row).toMatchObject({ attempts: 1, transport: 'cloud-api' });
    expect(cloudApi.received.filter((message) => message.to === failed!.to)).toHaveLength(before + 1);
    expect(await whatsappHealth()).toMatchObject({ ok: true, pending: 0, failed: 0 });
    expect((await readStream(t.testDb.db, `whatsapp-message-${failed!.id}`)).map((event) => event.type)).toEqual(['WhatsAppRetryRequested']);

    // Only a failed message can be sent again; an unknown one is 404; staff only.
    expect((await admin(`/api/admin/whatsapp-messages/${failed!.id}/retry`)).json()).toMatchObject({ error: 'conflict', message: expect.stringMatching(/sent already/) });
    expect((await admin('/api/admin/whatsapp-messages/00000000-0000-4000-8000-000000000000/retry')).statusCode).toBe(404);
    expect((await admin('/api/admin/whatsapp-messages/not-an-id/retry')).statusCode).toBe(404);
    expect((await admin(`/api/admin/whatsapp-messages/${failed!.id}/retry`, {})).statusCode).toBe(401);
    await t.testDb.db.updateTable('whatsapp_messages').set({ status: 'withdrawn' }).where('id', '=', failed!.id).execute();
    expect((await admin(`/api/admin/whatsapp-messages/${failed!.id}/retry`)).json()).toMatchObject({ error: 'conflict', message: expect.stringMatching(/withdrawn/) });

    // The phone that replied STOP: its failed message stays failed.
    const [stoppedMessage] = await messagesAbout(id);
    await t.testDb.db.updateTable('whatsapp_messages').set({ status: 'failed' }).where('id', '=', stoppedMessage!.id).execute();
    const refused = await admin(`/api/admin/whatsapp-messages/${stoppedMessage!.id}/retry`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/stopped WhatsApp updates/);
    expect((await messagesAbout(id))[0]).toMatchObject({ status: 'failed' });
  });
});

describe('Stop WhatsApp updates from the status page', () => {
  it('stops them with the status token (the same 404 as the status page for a wrong one) and withdraws what waits', async () => {
    // The API is failing, so the confirmation waits to be retried.
    cloudApi.failNext(1_000, SERVER_ERROR);
    const created = await sell({ ...sellFields, phoneNumber: '0803 555 0150', whatsappUpdates: 'yes' });
    expect(created.statusCode).toBe(201);
    const { id, statusUrl } = created.json<{ id: string; statusUrl: string }>();
    const token = new URL(statusUrl, 'http://localhost').searchParams.get('token')!;
    await vi.waitFor(async () => expect((await messagesAbout(id))[0]).toMatchObject({ status: 'pending', attempts: 1 }), { timeout: 20_000, interval: 50 });
    const status = () => t.app.inject({ method: 'GET', url: `/api/sell-car-submissions/${id}/status`, query: { token } });
    expect((await status()).json()).toMatchObject({ id, whatsappUpdates: true });
    const stop = (payload: object, requestId = id, resource = 'sell-car-submissions') =>
      t.app.inject({ method: 'POST', url: `/api/${resource}/${requestId}/whatsapp-stop`, payload });

    const missing = await stop({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, unknown> }>().fields).toHaveProperty('token');
    for (const refused of [await stop({ token: 'a guess' }), await stop({ token }, '00000000-0000-4000-8000-000000000000'), await stop({ token }, id, 'trade-in-submissions')]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual((await t.app.inject({ method: 'GET', url: `/api/sell-car-submissions/${id}/status`, query: { token: 'a guess' } })).json());
    }
    expect(await t.testDb.db.selectFrom('whatsapp_stops').select('phone').where('phone', '=', '2348035550150').execute()).toEqual([]);

    const stopped = await stop({ token });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toEqual({ whatsappUpdates: false });
    cloudApi.failNext(0);
    expect(await t.testDb.db.selectFrom('whatsapp_stops').select(['phone', 'wa_message_id']).where('phone', '=', '2348035550150').execute()).toEqual([{ phone: '2348035550150', wa_message_id: null }]);
    expect((await messagesAbout(id))[0]).toMatchObject({ status: 'withdrawn', last_error: WHATSAPP_WITHDRAWN_STOPPED });
    expect((await status()).json()).toMatchObject({ whatsappUpdates: false });
    // Asking again changes nothing and answers the same.
    expect((await stop({ token })).json()).toEqual({ whatsappUpdates: false });

    // A request that did not ask for updates has none to stop.
    const unasked = (await sell({ ...sellFields, phoneNumber: '0803 555 0151' })).json<{ id: string; statusUrl: string }>();
    const unaskedToken = new URL(unasked.statusUrl, 'http://localhost').searchParams.get('token')!;
    // Once the projector has the request (its status page answers 404 until then).
    await vi.waitFor(
      async () => expect((await t.app.inject({ method: 'GET', url: `/api/sell-car-submissions/${unasked.id}/status`, query: { token: unaskedToken } })).json()).toMatchObject({ id: unasked.id, whatsappUpdates: false }),
      { timeout: 20_000, interval: 50 },
    );
  });
});

describe("A customer's text reply", () => {
  const staffNotices = (relatedId: string) => t.testDb.db.selectFrom('sent_emails').selectAll().where('template', '=', 'staff-whatsapp-reply').where('related_id', '=', relatedId).execute();
  const notesOf = async (resource: string, id: string) => (await t.app.inject({ method: 'GET', url: `/api/admin/${resource}/${id}`, headers: { cookie } })).json<{ notes: Array<{ text: string; by: string | null }> }>().notes;
  const admin = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, payload, headers: { cookie } });

  it("lands in the newest open request of that phone as a note, once however often the webhook comes, and its staff get an email", async () => {
    const sellCar = (await sell({ ...sellFields, phoneNumber: '0803 555 0160', whatsappUpdates: 'yes' })).json<{ id: string }>().id;
    await settledAbout(sellCar, 1);
    const venza = minimalListing('toyota-venza-2024-wa', 'Toyota Venza');
    expect((await admin('POST', '/api/admin/vehicles', venza)).statusCode).toBe(201);
    const reserved = await t.app.inject({ method: 'POST', url: `/api/vehicles/${venza.id}/reservations`, payload: { name: 'Tunde Bakare', phone: '+234 803 555 0160', whatsappUpdates: true } });
    const reservation = reserved.json<{ id: string }>().id;
    await settledAbout(reservation, 1);

    // Hostile text: a link, markup, control and bidirectional characters, and more than an email quotes.
    const text = `Is it still available? <b>see</b> http://evil.test/claim \u0007\u202E${'x'.repeat(1_200)}`;
    const first = reply('2348035550160', text, 'wamid.HBgNMjM0ODAzNTU1MDE2MBUCABIYFjNFQjA');
    expect((await post(first)).json()).toEqual({ statuses: 0, stops: 0, replies: 1 });
    // Meta retries a webhook it thinks we missed: the same message is recorded once.
    expect((await post(first)).json()).toEqual({ statuses: 0, stops: 0, replies: 0 });
    const events = await readStream(t.testDb.db, `reservation-${reservation}`);
    expect(events.filter((event) => event.type === 'ReservationWhatsAppReplyReceived')).toHaveLength(1);
    expect((await readStream(t.testDb.db, `sell-car-${sellCar}`)).map((event) => event.type)).not.toContain('SubmissionWhatsAppReplyReceived');
    await vi.waitFor(async () => expect(await notesOf('reservation-requests', reservation)).toEqual([{ text: text.replace('\u0007', ''), at: expect.any(String), by: 'Customer on WhatsApp' }]), { timeout: 20_000, interval: 50 });

    const [notice, ...more] = await vi.waitFor(async () => {
      const rows = await staffNotices(reservation);
      expect(rows).toHaveLength(1);
      return rows;
    }, { timeout: 20_000, interval: 50 });
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ to_address: STAFF_EMAIL, subject: `WhatsApp reply about reservation request ${reservation}` });
    expect(notice!.text).toContain('From: +2348035550160');
    expect(notice!.text).toContain('http[:]//evil[.]test/claim');
    expect(notice!.text).toContain(`/admin/reservation-requests/${reservation}/show`);
    expect(notice!.text).not.toContain('\u0007');
    expect(notice!.text).not.toContain('\u202E');
    // Cut at 1,000 characters of what they wrote (the 58 before the x's among them).
    expect(notice!.text).toContain(`${'x'.repeat(942)}…”`);
    expect(notice!.text).not.toContain('x'.repeat(943));
    expect(notice!.html).toContain('&lt;b&gt;see&lt;/b&gt;');
    expect(notice!.html).not.toContain('<b>see');

    // Staff close the reservation: the next reply goes to the sell-car request, still open.
    expect((await admin('POST', `/api/admin/reservation-requests/${reservation}/status`, { status: 'closed' })).statusCode).toBe(200);
    expect((await post(reply('2348035550160', 'And my Camry?'))).json()).toMatchObject({ replies: 1 });
    await vi.waitFor(async () => expect(await notesOf('sell-car-submissions', sellCar)).toEqual([expect.objectContaining({ text: 'And my Camry?', by: 'Customer on WhatsApp' })]), { timeout: 20_000, interval: 50 });
    await vi.waitFor(async () => expect(await staffNotices(sellCar)).toHaveLength(1), { timeout: 20_000, interval: 50 });
  });

  it('tells the staff owner, the last member of staff who worked on the request, and the sales notice address once they cannot be told', async () => {
    const salesCookie = await signInAs(t.app, 'sales');
    const { email: owner, id: ownerId } = await t.testDb.db.selectFrom('staff_users').select(['email', 'id']).where('role', '=', 'sales').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const tucson = minimalListing('hyundai-tucson-2024-wa', 'Hyundai Tucson');
    expect((await admin('POST', '/api/admin/vehicles', tucson)).statusCode).toBe(201);
    const reservation = (await t.app.inject({ method: 'POST', url: `/api/vehicles/${tucson.id}/reservations`, payload: { name: 'Ada Obi', phone: '0803 555 0190', whatsappUpdates: true } })).json<{ id: string }>().id;
    await settledAbout(reservation, 1);
    // The admin takes a note, then the sales person calls the buyer: the sales person owns it now.
    expect((await admin('POST', `/api/admin/reservation-requests/${reservation}/notes`, { text: 'Buyer prefers mornings' })).statusCode).toBe(200);
    const contacted = await t.app.inject({ method: 'POST', url: `/api/admin/reservation-requests/${reservation}/status`, payload: { status: 'contacted' }, headers: { cookie: salesCookie } });
    expect(contacted.statusCode, contacted.body).toBe(200);

    expect((await post(reply('2348035550190', 'Can I come on Saturday?'))).json()).toMatchObject({ replies: 1 });
    const [notice] = await vi.waitFor(async () => {
      const rows = await staffNotices(reservation);
      expect(rows).toHaveLength(1);
      return rows;
    }, { timeout: 20_000, interval: 50 });
    expect(notice).toMatchObject({ to_address: owner });
    expect(notice!.text).toContain('You are told as the last member of staff to work on this reservation request.');

    // Their account disabled, the next reply goes to the sales notice address rather than to no one.
    await t.testDb.db.updateTable('staff_users').set({ disabled_at: new Date() }).where('id', '=', ownerId).execute();
    expect((await post(reply('2348035550190', 'Or Sunday?'))).json()).toMatchObject({ replies: 1 });
    await vi.waitFor(async () => expect((await staffNotices(reservation)).map((row) => row.to_address).sort()).toEqual([owner, STAFF_EMAIL].sort()), { timeout: 20_000, interval: 50 });
  });

  it("lands in a lead's notes when the buyer asked Tara for a person and for updates on WhatsApp", async () => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/chat/conversations', payload: { language: 'en', currency: 'NGN' } })).json<{ id: string }>().id;
    const handedOff = await t.app.inject({ method: 'POST', url: `/api/chat/conversations/${id}/handoff`, payload: { name: 'Ada Obi', phone: '0803 555 0170', whatsappUpdates: true } });
    expect(handedOff.statusCode).toBe(201);
    expect((await settledAbout(id, 1))[0]).toMatchObject({ template: 'lead-confirmation', status: 'sent', to_phone: '2348035550170' });
    expect((await post(reply('2348035550170', 'Call me after 5pm please'))).json()).toMatchObject({ replies: 1 });
    await vi.waitFor(async () => expect(await notesOf('conversations', id)).toEqual([expect.objectContaining({ text: 'Call me after 5pm please', by: 'Customer on WhatsApp' })]), { timeout: 20_000, interval: 50 });
    await vi.waitFor(async () => expect((await staffNotices(id))[0]?.subject).toBe(`WhatsApp reply about lead from Tara ${id}`), { timeout: 20_000, interval: 50 });
  });

  it('from a number with no open request is recorded and goes no further', async () => {
    const answer = await post(reply('447700900123', 'Hello, who is this?', 'wamid.unknown-number'));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ statuses: 0, stops: 0, replies: 0 });
    expect(await t.testDb.db.selectFrom('whatsapp_replies').select(['from_phone', 'text', 'related_id', 'stream_id']).where('wa_message_id', '=', 'wamid.unknown-number').execute()).toEqual([
      { from_phone: '447700900123', text: 'Hello, who is this?', related_id: null, stream_id: null },
    ]);
    // A sender that is not a phone number is not read at all.
    expect((await post(reply('not-a-number', 'Hi', 'wamid.not-a-number'))).json()).toEqual({ statuses: 0, stops: 0, replies: 0 });
    expect(await t.testDb.db.selectFrom('whatsapp_replies').select('wa_message_id').where('wa_message_id', '=', 'wamid.not-a-number').execute()).toEqual([]);
  });
});

describe('Against the stand-in that speaks the Cloud API, webhooks included', () => {
  it("shows a message's delivery as the API reports it by its own signed webhooks, and a reply typed on the phone lands in the request", async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    cloudApi.sendWebhooksTo({ url: `${address}/api/whatsapp/webhook`, appSecret: APP_SECRET });
    try {
      const id = (await sell({ ...sellFields, phoneNumber: '0803 555 0195', whatsappUpdates: 'yes' })).json<{ id: string }>().id;
      const [read] = await vi.waitFor(
        async () => {
          const rows = await messagesAbout(id);
          expect(rows).toEqual([expect.objectContaining({ template: 'confirmation', status: 'read' })]);
          return rows;
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(read!.delivered_at).toBeInstanceOf(Date);
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/whatsapp-messages', query: { filter: JSON.stringify({ relatedId: id }) }, headers: { cookie } });
      expect(list.json()).toEqual([expect.objectContaining({ status: 'read', statusAt: expect.any(String), waMessageId: read!.wa_message_id })]);

      await cloudApi.sendReply('2348035550195', 'Is Saturday fine for the inspection?');
      await vi.waitFor(
        async () => {
          const notes = (await t.app.inject({ method: 'GET', url: `/api/admin/sell-car-submissions/${id}`, headers: { cookie } })).json<{ notes: Array<{ text: string; by: string }> }>().notes;
          expect(notes).toEqual([expect.objectContaining({ text: 'Is Saturday fine for the inspection?', by: 'Customer on WhatsApp' })]);
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      cloudApi.sendWebhooksTo(null);
    }
  });
});
