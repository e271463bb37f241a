import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Projector, allProjections } from '@autobest/projections';
import { catchUpCompletely } from '@autobest/projections/testing';
import { formatPlain, type ChatAnswer, type TaraAnswerRecord } from '@autobest/domain';
import { seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, signInAs, STAFF_NAME, type TestApp } from './support';

/** Issue 40.2: Tara answers questions from her knowledge base, which staff edit in the console (resource `tara-answers`). */
let t: TestApp;
let cookie: string;

const start = async (language = 'en') => (await t.app.inject({ method: 'POST', url: '/api/chat/conversations', payload: { language, currency: 'NGN', entry: 'widget' } })).json<{ id: string }>().id;
const send = async (id: string, text: string, language?: string) =>
  (await t.app.inject({ method: 'POST', url: `/api/chat/conversations/${id}/messages`, payload: { text, ...(language ? { language } : {}) } })).json<ChatAnswer>();
const edit = (id: string, payload: object, as = cookie) => t.app.inject({ method: 'PUT', url: `/api/admin/tara-answers/${id}`, payload, headers: { cookie: as } });

beforeAll(async () => {
  t = await createTestApp('api_assistant_knowledge', LOOSE_PUBLIC_WRITE_LIMITS);
  cookie = await signIn(t.app);
  await seedCatalogue(t.testDb.db);
  await catchUpCompletely(new Projector(t.testDb.db, allProjections));
});
afterAll(async () => {
  await t?.close();
});

describe("Tara's knowledge base", () => {
  it('is seeded with four topics in four languages, listed for staff', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tara-answers' })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/tara-answers', query: { range: '[0,99]' }, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('tara-answers 0-15/16');
    const records = response.json<TaraAnswerRecord[]>();
    expect(new Set(records.map((record) => record.topic))).toEqual(new Set(['delivery', 'documents', 'inspection', 'warranty']));
    expect(records.find((record) => record.id === 'warranty:fr')).toMatchObject({ language: 'fr', updatedBy: null });
  });

  it('answers a question from the seeded text, with its citation', async () => {
    const id = await start();
    const answer = await send(id, 'Is there a warranty on used cars?');
    expect(answer.reply.content).toContain('the warranty that comes with it is written in your offer');
    expect(answer.reply.content).not.toContain('specialist');
    expect(answer.reply.citations).toContainEqual({ source: 'tara-answers/warranty:en', label: 'warranty' });
  });

  it("answers with staff's edit at once, in the visitor's language", async () => {
    const id = await start('sw');
    await send(id, 'habari');
    const edited = await edit('warranty:sw', { text: 'Magari yote yana dhamana ya mwaka mmoja.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<TaraAnswerRecord>()).toMatchObject({ text: 'Magari yote yana dhamana ya mwaka mmoja.', updatedBy: STAFF_NAME });
    // Who changed it is in the activity trail's events, beside the row.
    const recorded = await t.app.db.selectFrom('events').select(['type', 'metadata']).where('stream_id', '=', 'tara-answer-warranty:sw').execute();
    expect(recorded.map((event) => [event.type, (event.metadata as { actor: { kind: string } }).actor.kind])).toEqual([['TaraAnswerChanged', 'staff']]);
    const answer = await send(id, 'kuna dhamana?');
    expect(answer.reply.content).toContain('Magari yote yana dhamana ya mwaka mmoja.');
    expect(answer.reply.citations).toContainEqual({ source: 'tara-answers/warranty:sw', label: 'warranty' });
  });

  it('answers delivery to a city and the monthly figure from the landed-cost quote of the first card, cited', async () => {
    const id = await start();
    const first = await send(id, 'I need a family SUV under 80 million naira');
    expect(first.vehicles.length).toBeGreaterThan(0);
    const delivery = await send(id, 'Do you deliver to Abuja, and how long does it take?');
    const car = delivery.vehicles[0]!;
    const quote = (await t.app.inject({ method: 'GET', url: `/api/vehicles/${car.id}/quote`, query: { country: 'NG', currency: 'NGN', city: 'Abuja' } })).json<{ total: number; city: string; finance: { monthly: number } }>();
    expect(quote.city).toBe('Abuja');
    expect(delivery.reply.content).toContain(`we deliver to Abuja: the ${car.year} ${car.name}`);
    expect(delivery.reply.content).toContain(formatPlain(quote.total, 'NGN', 'en'));
    expect(delivery.reply.content).toContain('confirms the date and the cost when you reserve');
    expect(delivery.reply.content).not.toContain('specialist');
    expect(delivery.reply.citations.map((citation) => citation.source)).toEqual(expect.arrayContaining([car.path, 'tara-answers/delivery:en']));
    const finance = await send(id, 'Can I pay monthly with a loan?');
    expect(finance.reply.content).toMatch(/a month over \d+ months at [\d.]+% APR/);
  });

  it("answers delivery to a city with no destination charges (the issue's Kaduna) with the figure to the main city, saying so", async () => {
    const id = await start();
    await send(id, 'I want an SUV for 45m');
    const delivery = await send(id, 'Do you deliver to Kaduna, and how long does it take?');
    const car = delivery.vehicles[0]!;
    const quote = (await t.app.inject({ method: 'GET', url: `/api/vehicles/${car.id}/quote`, query: { country: 'NG', currency: 'NGN' } })).json<{ total: number; city: string }>();
    expect(delivery.reply.content).not.toContain(`we deliver to ${quote.city}`);
    expect(delivery.reply.content).toContain('no delivery charges for Kaduna');
    expect(delivery.reply.content).toContain(`Delivered to ${quote.city}, the ${car.year} ${car.name} comes to about ${formatPlain(quote.total, 'NGN', 'en')}`);
    expect(delivery.reply.citations.map((citation) => citation.source)).toEqual(expect.arrayContaining([car.path, 'tara-answers/delivery:en']));
  });

  it('refuses a blank text naming the field, an unknown answer, and a role that may not change content', async () => {
    const blank = await edit('warranty:en', { text: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('text');
    expect((await edit('nothing:en', { text: 'x' })).statusCode).toBe(404);
    const viewer = await signInAs(t.app, 'viewer');
    expect((await edit('warranty:en', { text: 'Lifetime warranty!' }, viewer)).statusCode).toBe(403);
  });
});
