import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Projector, allProjections } from '@autobest/projections';
import { sql } from 'kysely';
import { readStream } from '@autobest/db';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, type TestApp } from './support';

const valid = {
  firstName: 'Chinedu',
  lastName: 'Okafor',
  email: 'chinedu@example.ng',
  phone: '+234 803 555 0199',
  message: 'Is the Chery Omoda 5 available in Lagos?',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('api_contact', LOOSE_PUBLIC_WRITE_LIMITS);
});
afterAll(async () => {
  await t?.close();
});

const send = (payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: payload as object, headers });
const messageCount = async () =>
  Number((await sql<{ n: number }>`select count(*)::int as n from events where type = 'ContactMessageReceived'`.execute(t.testDb.db)).rows[0]?.n);

describe('POST /api/contact-messages', () => {
  it('accepts a valid message with 201 and its id, and records the event with who sent it', async () => {
    const response = await send({ ...valid, firstName: '  Chinedu  ' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-request-id']).toBeTruthy();

    const [event] = await readStream(t.testDb.db, `contact-message-${id}`);
    expect(event?.type).toBe('ContactMessageReceived');
    expect(event?.data).toMatchObject({ ...valid, contactMessageId: id });
    expect(event?.metadata).toMatchObject({ actor: { kind: 'visitor' }, requestId: response.headers['x-request-id'] });
  });

  it('keeps the site language the visitor used (English when the form did not say), which staff see with the message', async () => {
    const french = (await send({ ...valid, language: 'fr' })).json<{ id: string }>().id;
    const unsaid = (await send(valid)).json<{ id: string }>().id;
    const [event] = await readStream(t.testDb.db, `contact-message-${french}`);
    expect(event?.data['language']).toBe('fr');
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    const cookie = await signIn(t.app);
    const languageOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/admin/contact-messages/${id}`, headers: { cookie } })).json<{ language: string }>().language;
    expect(await languageOf(french)).toBe('fr');
    expect(await languageOf(unsaid)).toBe('en');
    const refused = await send({ ...valid, language: 'de' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { language: 'Language must be one of: en, fr, ar, sw' }, codes: { language: { code: 'languageInvalid' } } });
  });

  it.each([
    ['firstName', '', 'First name is required'],
    ['lastName', '   ', 'Last name is required'],
    ['email', '', 'Email is required'],
    ['email', 'chinedu@example', 'Please enter a valid email address'],
    ['phone', '', 'Phone number is required'],
    ['phone', '0803-55', 'Please enter a valid phone number'],
    ['phone', 'call me maybe', 'Please enter a valid phone number'],
    ['message', '', 'Message is required'],
  ])('rejects %s = %j with 400 naming the field: %s', async (field, value, message) => {
    const response = await send({ ...valid, [field]: value });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; message: string; fields: Record<string, string> }>();
    expect(body.error).toBe('validation_failed');
    expect(body.fields).toEqual({ [field]: message });
    expect(body.message).toContain(field);
  });

  it('names every missing field when the body is empty', async () => {
    const response = await send({});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields).sort()).toEqual(['email', 'firstName', 'lastName', 'message', 'phone']);
  });

  it('ignores unknown fields', async () => {
    const response = await send({ ...valid, isAdmin: true, contactMessageId: 'mine' });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [event] = await readStream(t.testDb.db, `contact-message-${id}`);
    expect(event?.data).not.toHaveProperty('isAdmin');
    expect(event?.data['contactMessageId']).toBe(id);
  });

  it('refuses a body over 64 KB with 413 and stores nothing', async () => {
    const response = await send({ ...valid, message: 'x'.repeat(70 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('answers a message sent again with the same Idempotency-Key (a form sent offline, then once back online) with the first id, recording one message', async () => {
    const before = await messageCount();
    const key = `contact-${crypto.randomUUID()}`;
    const [first, second] = await Promise.all([send(valid, { 'idempotency-key': key }), send(valid, { 'idempotency-key': key })]);
    const retry = await send(valid, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const ids = [first!, second!, retry].filter((r) => r.statusCode === 201).map((r) => r.json<{ id: string }>().id);
    expect(new Set(ids).size).toBe(1);
    expect(await messageCount()).toBe(before + 1);
  });

  it('refuses the same Idempotency-Key with another message (422, no id); without a key two sends are two messages', async () => {
    const key = `contact-${crypto.randomUUID()}`;
    const before = await messageCount();
    expect((await send(valid, { 'idempotency-key': key })).statusCode).toBe(201);
    const edited = await send({ ...valid, message: 'And the Tiggo 8?' }, { 'idempotency-key': key });
    expect(edited.statusCode).toBe(422);
    expect(edited.json()).toEqual({ error: 'idempotency_key_reused', message: expect.stringMatching(/new key/) });
    const [a, b] = [await send(valid), await send(valid)];
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(a.json<{ id: string }>().id).not.toBe(b.json<{ id: string }>().id);
    expect(await messageCount()).toBe(before + 3);
    const malformed = await send(valid, { 'idempotency-key': 'no spaces allowed' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json<{ fields: object }>().fields)).toEqual(['idempotency-key']);
  });

  it('answers 400 (not 500) to malformed JSON and 415 to a form post', async () => {
    const malformed = await t.app.inject({ method: 'POST', url: '/api/contact-messages', headers: { 'content-type': 'application/json' }, payload: '{"firstName":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'invalid_json' });
    const form = await t.app.inject({ method: 'POST', url: '/api/contact-messages', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'firstName=a' });
    expect(form.statusCode).toBe(415);
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/contact-messages' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized', message: 'Sign in required' });
  });

  it('lists messages newest first with the ra-data-simple-rest contract', async () => {
    for (const firstName of ['Amina', 'Kofi', 'Zanele']) {
      expect((await send({ ...valid, firstName, email: `${firstName.toLowerCase()}@example.com` })).statusCode).toBe(201);
    }
    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    const cookie = await signIn(t.app);

    const all = await t.app.inject({ method: 'GET', url: '/api/admin/contact-messages', headers: { cookie } });
    expect(all.statusCode).toBe(200);
    const rows = all.json<Array<{ firstName: string; receivedAt: string }>>();
    expect(rows.slice(0, 3).map((row) => row.firstName)).toEqual(['Zanele', 'Kofi', 'Amina']);
    const total = rows.length;
    expect(all.headers['content-range']).toBe(`contact-messages 0-${total - 1}/${total}`);
    expect(all.headers['access-control-expose-headers']).toBe('Content-Range, X-Total-Count');

    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages',
      query: { sort: JSON.stringify(['firstName', 'ASC']), range: JSON.stringify([0, 1]), filter: JSON.stringify({ q: 'example.com' }) },
      headers: { cookie },
    });
    expect(page.json<Array<{ firstName: string }>>().map((row) => row.firstName)).toEqual(['Amina', 'Kofi']);
    expect(page.headers['content-range']).toBe('contact-messages 0-1/3');

    const [first] = rows as Array<{ id?: string }>;
    const one = await t.app.inject({ method: 'GET', url: `/api/admin/contact-messages/${first?.id}`, headers: { cookie } });
    expect(one.json()).toMatchObject({ firstName: 'Zanele' });
    const many = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages',
      query: { filter: JSON.stringify({ id: [first?.id] }) },
      headers: { cookie },
    });
    expect(many.json()).toHaveLength(1);
  });

  it('answers 400 naming the parameter for a bad sort or range', async () => {
    const cookie = await signIn(t.app);
    const badSort = await t.app.inject({ method: 'GET', url: '/api/admin/contact-messages', query: { sort: '["password","ASC"]' }, headers: { cookie } });
    expect(badSort.statusCode).toBe(400);
    expect(Object.keys(badSort.json<{ fields: object }>().fields)[0]).toMatch(/^sort/);
    const badRange = await t.app.inject({ method: 'GET', url: '/api/admin/contact-messages', query: { range: 'zero to ten' }, headers: { cookie } });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json<{ fields: Record<string, string> }>().fields['range']).toBe('Must be JSON, like [0,24]');
  });

  it('answers 404 for an unknown message', async () => {
    const cookie = await signIn(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/contact-messages/6d1c3a52-0000-4000-8000-000000000000', headers: { cookie } });
    expect(response.statusCode).toBe(404);
  });
});
