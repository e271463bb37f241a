import { catchUpCompletely } from '@autobest/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Projector, allProjections } from '@autobest/projections';
import { readStream } from '@autobest/db';
import { QuoteAnswerSchema, type QuoteAnswer } from '@autobest/domain';
import { seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, STAFF_NAME, type TestApp } from './support';

// Not in stock, in Johannesburg: an import to every country quoted.
const VEHICLE = 'chery-tiggo-4-pro-luxury-2025';

let t: TestApp;
let cookie: string;
const project = () => catchUpCompletely(new Projector(t.testDb.db, allProjections));

beforeAll(async () => {
  t = await createTestApp('api_landed_cost', LOOSE_PUBLIC_WRITE_LIMITS);
  cookie = await signIn(t.app);
  await seedCatalogue(t.testDb.db);
  await t.testDb.db.insertInto('rate_snapshots').values({ source: 'test-rates', rates: JSON.stringify({ NGN: 1500, GHS: 15, KES: 130 }) }).execute();
  // The data-collection record gives the FOB price and the engine size.
  const saved = await admin('PUT', `/api/admin/data-collection/${VEHICLE}`, { fobPriceUSD: 20_000, priceSource: 'https://www.auto-in-china.com/chery/tiggo-7-pro', displacement: '1498 cc' });
  expect(saved.statusCode, saved.body).toBe(200);
  await project();
});
afterAll(async () => {
  await t?.close();
});

function admin(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie } });
}
const quote = (query: Record<string, string>, vehicle = VEHICLE) => t.app.inject({ method: 'GET', url: `/api/vehicles/${vehicle}/quote`, query });
async function quoteOf(query: Record<string, string>): Promise<QuoteAnswer> {
  const response = await quote(query);
  expect(response.statusCode, response.body).toBe(200);
  return QuoteAnswerSchema.parse(response.json());
}
const lineOf = (answer: QuoteAnswer, key: string) => answer.lines.find((line) => line.key === key)!;

function expectConsistent(answer: QuoteAnswer) {
  for (const line of answer.lines) {
    if (line.rate === undefined) continue;
    expect(line.base, line.key).toBeTypeOf('number');
    // amount = base × rate, rounded half-even to the kobo/pesewa/cent.
    expect(Math.abs(line.base! * line.rate - line.amount), line.key).toBeLessThanOrEqual(0.005 + 1e-6);
  }
  const summed = answer.lines.filter((line) => line.key !== 'cif').reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
  expect(Math.round(answer.total * 100)).toBe(summed);
}

describe('GET /api/vehicles/{id}/quote', () => {
  it('answers the Nigerian calculation in naira with the contract keys, the tariff and the rates', async () => {
    const answer = await quoteOf({ country: 'NG', currency: 'NGN' });
    expect(answer).toMatchObject({ country: 'NG', currency: 'NGN', city: 'Lagos', estimate: true, rates: { source: 'test-rates', perUsd: 1500 }, tariff: { version: 1, effectiveDate: '2024-01-01' } });
    expect(answer.lines.map((line) => line.key)).toEqual(expect.arrayContaining(['fob', 'freight', 'insurance', 'cif', 'duty', 'surcharge', 'etls', 'ciss', 'vat']));
    expect(lineOf(answer, 'fob').amount).toBe(30_000_000); // the collected $20,000 at ₦1,500
    expect(lineOf(answer, 'freight').amount).toBe(2_200 * 1500); // a medium vehicle Shanghai → Lagos
    expect(lineOf(answer, 'ciss')).toMatchObject({ base: 30_000_000, rate: 0.01, amount: 300_000 });
    expect(lineOf(answer, 'surcharge').base).toBe(lineOf(answer, 'duty').amount);
    const cif = lineOf(answer, 'cif').amount;
    expect(lineOf(answer, 'vat').base).toBeCloseTo(cif + lineOf(answer, 'duty').amount + lineOf(answer, 'surcharge').amount + lineOf(answer, 'ciss').amount + lineOf(answer, 'etls').amount, 2);
    expectConsistent(answer);
    expect(answer.finance).toMatchObject({ apr: 3.9, termMonths: 60 });
    expect(answer.finance.deposit).toBeCloseTo(answer.total * 0.2, 1);
    expect(answer.finance.monthly).toBeGreaterThan(0);
    expect(answer.assumptions).toEqual([]);
  });

  it('answers Ghana and Kenya with their own lines, in their currency by default', async () => {
    const ghana = await quoteOf({ country: 'GH' });
    expect(ghana.currency).toBe('GHS');
    expect(ghana.lines.map((line) => line.key)).toEqual(expect.arrayContaining(['duty', 'nhil', 'getfund', 'ecowas', 'vat']));
    expect(lineOf(ghana, 'duty').rate).toBe(0.05); // 1,498 cc
    expectConsistent(ghana);
    const kenya = await quoteOf({ country: 'ke', currency: 'KES' });
    expect(kenya.lines.map((line) => line.key)).toEqual(expect.arrayContaining(['duty', 'excise', 'vat', 'idf', 'rdl']));
    expect(lineOf(kenya, 'excise').rate).toBe(0.2);
    expectConsistent(kenya);
    // Any of the ten currencies, converted at the same rates.
    const inCedi = await quoteOf({ country: 'NG', currency: 'GHS' });
    expect(inCedi.total).toBeCloseTo(((await quoteOf({ country: 'NG' })).total / 1500) * 15, -1);
  });

  it('says what it assumed for a vehicle without a data-collection record', async () => {
    const answer = await quoteOf({ country: 'NG' });
    const other = await t.app.inject({ method: 'GET', url: '/api/vehicles/toyota-hilux-sr-2025/quote', query: { country: 'NG' } });
    expect(other.statusCode).toBe(200);
    const hilux = other.json<QuoteAnswer>();
    expect(hilux.assumptions).toEqual([expect.stringContaining('listed price is taken as FOB')]);
    expect(lineOf(hilux, 'levy').rate).toBe(0); // a pickup carries goods
    expect(lineOf(answer, 'levy').rate).toBe(0.35);
  });

  it.each([
    [{ country: 'ZZ' }, 'country'],
    [{ country: 'Nigeria' }, 'country'],
    [{}, 'country'],
    [{ country: 'NG', currency: 'XYZ' }, 'currency'],
    [{ country: 'NG', city: 'Atlantis' }, 'city'],
  ])('refuses %j with 400 naming %s', async (query, field) => {
    const response = await quote(query as Record<string, string>);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json<{ fields: Record<string, string> }>().fields)).toContain(field);
  });

  it('answers 404 for an unknown vehicle', async () => {
    expect((await quote({ country: 'NG' }, 'no-such-car')).statusCode).toBe(404);
  });
});

describe("Tara's pricing reply", () => {
  it('gives the same landed total and monthly figure as the quote API for the first car she shows', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/chat/conversations', payload: { language: 'en', currency: 'KES' } });
    const { id } = started.json<{ id: string }>();
    const answered = await t.app.inject({ method: 'POST', url: `/api/chat/conversations/${id}/messages`, payload: { text: 'An SUV for the family, what about financing and the monthly payment?' } });
    expect(answered.statusCode, answered.body).toBe(200);
    const { reply, vehicles } = answered.json<{ reply: { content: string }; vehicles: Array<{ id: string }> }>();
    expect(vehicles.length).toBeGreaterThan(0);
    const quoted = await t.app.inject({ method: 'GET', url: `/api/vehicles/${vehicles[0]!.id}/quote`, query: { country: 'KE', currency: 'KES' } });
    const answer = quoted.json<QuoteAnswer>();
    const plain = (amount: number) => `KSh\u00a0${(Math.round(amount * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
    expect(reply.content).toContain(`Delivered to Nairobi`);
    expect(reply.content).toContain(plain(answer.total));
    expect(reply.content).toContain(plain(answer.finance.monthly));
  });
});

describe('tariff versions, and quotes that keep theirs', () => {
  it('records "Send me this quote" with its version; a new version changes new quotes, not the recorded one', async () => {
    const sent = await t.app.inject({ method: 'POST', url: `/api/vehicles/${VEHICLE}/quote-requests`, payload: { country: 'NG', currency: 'NGN', fullName: 'Ifeoma Nwosu', phone: '+234 803 555 0177', email: 'ifeoma@example.ng', language: 'fr' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const { quoteId, enquiryId } = sent.json<{ quoteId: string; enquiryId: string }>();
    // The buyer used the site in French: their copy of the quote is written in it.
    const [received] = await readStream(t.testDb.db, `enquiry-${enquiryId}`);
    expect(received?.data).toMatchObject({ kind: 'landed-cost-quote', language: 'fr' });
    await project();
    const enquiry = await admin('GET', `/api/admin/enquiries/${enquiryId}`);
    expect(enquiry.json()).toMatchObject({ kind: 'landed-cost-quote', fullName: 'Ifeoma Nwosu', details: { quoteId, vat: expect.stringContaining('VAT'), total: expect.stringContaining('₦') } });

    const current = await admin('GET', '/api/admin/tariff-versions?filter={"country":"NG"}');
    const [v1] = current.json<Array<{ id: string; lines: Array<{ key: string; rate: { kind: string; rate?: number } }> }>>();
    const lines = v1!.lines.map((line) => (line.key === 'vat' ? { ...line, rate: { kind: 'flat', rate: 0.1 } } : line));
    const today = new Date().toISOString().slice(0, 10);
    const created = await admin('POST', '/api/admin/tariff-versions', { country: 'NG', effectiveDate: today, source: 'Test: VAT raised to 10%', lines });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ version: 2, inForce: true, createdBy: STAFF_NAME });

    const after = await quoteOf({ country: 'NG' });
    expect(after.tariff.version).toBe(2);
    expect(lineOf(after, 'vat').rate).toBe(0.1);
    const recorded = await t.testDb.db.selectFrom('quotes').selectAll().where('id', '=', quoteId).executeTakeFirstOrThrow();
    expect(recorded.tariff_version_id).toBe(v1!.id);
    expect(recorded.rates.source).toBe('test-rates');
    expect(recorded.quote.lines.find((line) => line.key === 'vat')!.rate).toBe(0.075);

    // Staff can still preview the old version on a chosen vehicle.
    const preview = await admin('GET', `/api/admin/tariff-versions/${v1!.id}/preview?vehicleId=${VEHICLE}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<QuoteAnswer>().tariff.version).toBe(1);
    // A car in stock in Nigeria: a buyer is quoted its local price; staff previewing a tariff on it see the tariff's lines.
    const inStockInNigeria = 'chery-tiggo-7-pro-luxury-2025';
    const local = (await quote({ country: 'NG' }, inStockInNigeria)).json<QuoteAnswer>();
    expect(local.lines.map((line) => line.key)).toEqual(['localPrice']);
    expect(local.total).toBe(local.localStock!.price);
    const localPreview = await admin('GET', `/api/admin/tariff-versions/${v1!.id}/preview?vehicleId=${inStockInNigeria}`);
    expect(localPreview.json<QuoteAnswer>().lines.map((line) => line.key)).toEqual(expect.arrayContaining(['fob', 'duty', 'vat']));

    const overlapping = await admin('POST', '/api/admin/tariff-versions', { country: 'NG', effectiveDate: today, source: 'Again', lines });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json()).toMatchObject({ fields: { effectiveDate: expect.stringContaining('must not overlap') } });
  });

  it.each([
    [{ country: 'NG', currency: 'NGN', phone: '+234 803 555 0177' }, 'fullName'],
    [{ country: 'NG', currency: 'NGN', fullName: 'Ada', phone: 'call me' }, 'phone'],
    [{ country: 'NG', currency: 'NGN', fullName: 'Ada', phone: '+234 803 555 0177', email: 'ada@' }, 'email'],
    [{ country: 'NG', currency: 'EUR', fullName: 'Ada', phone: '+234 803 555 0177' }, 'currency'],
    [{ country: 'ZZ', currency: 'NGN', fullName: 'Ada', phone: '+234 803 555 0177' }, 'country'],
    [{ country: 'NG', currency: 'NGN', fullName: 'Ada', phone: '+234 803 555 0177', language: 'pt' }, 'language'],
  ])('refuses a quote request %j with 400 naming %s, recording nothing', async (payload, field) => {
    const before = await t.testDb.db.selectFrom('quotes').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const response = await t.app.inject({ method: 'POST', url: `/api/vehicles/${VEHICLE}/quote-requests`, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json<{ fields: object }>().fields)).toContain(field);
    const after = await t.testDb.db.selectFrom('quotes').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers 404 to a quote request for an unknown vehicle', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/vehicles/no-such-car/quote-requests', payload: { country: 'NG', currency: 'NGN', fullName: 'Ada', phone: '+234 803 555 0177' } });
    expect(response.statusCode).toBe(404);
  });

  it('refuses a rate above 100% naming the line, and a base naming a later line', async () => {
    const line = { key: 'duty', label: 'Duty', base: ['cif'], rate: { kind: 'flat', rate: 35 }, source: 'x', sourceDate: '2030-01-01' };
    const tooHigh = await admin('POST', '/api/admin/tariff-versions', { country: 'GH', effectiveDate: '2030-01-01', source: 'Test', lines: [line] });
    expect(tooHigh.statusCode).toBe(400);
    expect(Object.keys(tooHigh.json<{ fields: object }>().fields)).toEqual(['lines.0.rate.rate']);
    const backwards = await admin('POST', '/api/admin/tariff-versions', { country: 'GH', effectiveDate: '2030-01-01', source: 'Test', lines: [{ ...line, key: 'vat', base: ['duty'], rate: { kind: 'flat', rate: 0.15 } }] });
    expect(Object.keys(backwards.json<{ fields: object }>().fields)).toEqual(['lines.0.base']);
  });

  it('keeps freight and charge changes in their history, and new quotes use them', async () => {
    const rates = (await admin('GET', '/api/admin/freight-rates?filter={"country":"NG","vehicleSize":"medium"}')).json<Array<{ id: string; freightUsd: number }>>();
    expect(rates).toHaveLength(1);
    const { id, ...rate } = rates[0]! as { id: string } & Record<string, unknown>;
    const changed = await admin('PUT', `/api/admin/freight-rates/${id}`, { ...rate, freightUsd: 2500 });
    expect(changed.statusCode, changed.body).toBe(200);
    // Who changed it, by name; the stored history keeps the email (a name may change).
    expect(changed.json()).toMatchObject({ freightUsd: 2500, history: [{ by: STAFF_NAME, changes: { freightUsd: 2500 } }] });
    const stored = await t.testDb.db.selectFrom('freight_rates').select('history').where('id', '=', changed.json<{ id: string }>().id).executeTakeFirstOrThrow();
    expect(stored.history).toMatchObject([{ by: 'ops@autobest.test' }]);
    expect(lineOf(await quoteOf({ country: 'NG' }), 'freight').amount).toBe(2500 * 1500);

    const refused = await admin('PUT', `/api/admin/freight-rates/${id}`, { ...rate, insuranceRate: 1.5 });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ fields: object }>().fields)).toEqual(['insuranceRate']);

    // Two staff saving the same row at once: each change is in its history.
    const [notes, source] = await Promise.all([
      admin('PUT', `/api/admin/freight-rates/${id}`, { ...rate, freightUsd: 2500, notes: 'Quoted by the forwarder' }),
      admin('PUT', `/api/admin/freight-rates/${id}`, { ...rate, freightUsd: 2500, source: 'Forwarder quote, November' }),
    ]);
    expect([notes.statusCode, source.statusCode]).toEqual([200, 200]);
    const history = (await admin('GET', `/api/admin/freight-rates/${id}`)).json<{ history: Array<{ changes: Record<string, unknown> }> }>().history;
    // A save replaces the whole row: whichever came second also set the other's field back.
    expect(history).toHaveLength(3);
    expect(new Set(history.slice(1).flatMap((entry) => Object.keys(entry.changes)))).toEqual(new Set(['notes', 'source']));
    expect((await admin('PUT', `/api/admin/freight-rates/${id}`, { ...rate, freightUsd: 2500 })).statusCode).toBe(200);

    const duplicate = await admin('POST', '/api/admin/destination-charges', { country: 'NG', city: 'Lagos', currency: 'NGN', clearing: 1, port: 1, delivery: 1, source: 'x' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ fields: { city: expect.any(String) } });
  });

  it('puts every change to tariffs, freight and charges in the activity trail, by whom, and nothing for a refused one', async () => {
    const charge = await admin('POST', '/api/admin/destination-charges', { country: 'NG', city: 'Ibadan', currency: 'NGN', clearing: 10, port: 20, delivery: 30, source: 'Test: Ibadan' });
    expect(charge.statusCode, charge.body).toBe(201);
    const chargeId = charge.json<{ id: string }>().id;
    const { id: _id, history: _history, updatedBy: _updatedBy, updatedAt: _updatedAt, ...chargeInput } = charge.json<Record<string, unknown>>();
    expect((await admin('PUT', `/api/admin/destination-charges/${chargeId}`, { ...chargeInput, delivery: 35, port: 25 })).statusCode).toBe(200);
    // The same values again change nothing, and are not a change in the trail either.
    expect((await admin('PUT', `/api/admin/destination-charges/${chargeId}`, { ...chargeInput, delivery: 35, port: 25 })).statusCode).toBe(200);
    await project();

    const listed = await admin('GET', `/api/admin/activity?filter=${encodeURIComponent(JSON.stringify({ action: 'landed-cost' }))}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const everyEntry = listed.json<Array<{ actorName: string; action: string; recordKind: string; recordId: string; summary: string }>>();
    // The saves of the test before are there too (two at once, then one putting both fields back), each as it changed the row.
    expect(everyEntry.filter((entry) => entry.action === 'FreightRateChanged')).toHaveLength(4);
    const trail = everyEntry.filter((entry) => entry.action !== 'FreightRateChanged' || entry.summary === 'Freight rate changed: freightUsd');
    const tariff = (await admin('GET', '/api/admin/tariff-versions?filter={"country":"NG"}')).json<Array<{ id: string; version: number }>>().find((version) => version.version === 2)!;
    const freight = (await admin('GET', '/api/admin/freight-rates?filter={"country":"NG","vehicleSize":"medium"}')).json<Array<{ id: string }>>()[0]!;
    const today = new Date().toISOString().slice(0, 10);
    // The tests before added NG's version 2 and changed the medium freight rate; refused changes (an overlapping
    // version, an insurance rate above 100%, a duplicate city's charges) left nothing.
    // Newest first, as the trail lists it.
    expect(trail.map(({ actorName, action, recordKind, recordId, summary }) => ({ actorName, action, recordKind, recordId, summary }))).toEqual([
      { actorName: STAFF_NAME, action: 'DestinationChargeChanged', recordKind: 'destination-charges', recordId: chargeId, summary: 'Destination charges changed: port, delivery' },
      { actorName: STAFF_NAME, action: 'DestinationChargeAdded', recordKind: 'destination-charges', recordId: chargeId, summary: 'Destination charges added' },
      { actorName: STAFF_NAME, action: 'FreightRateChanged', recordKind: 'freight-rates', recordId: freight.id, summary: 'Freight rate changed: freightUsd' },
      { actorName: STAFF_NAME, action: 'TariffVersionAdded', recordKind: 'tariff-versions', recordId: tariff.id, summary: `Tariff version added: NG version 2, in force from ${today}` },
    ]);
  });

  it('keeps the console routes for staff', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tariff-versions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/freight-rates', payload: {} })).statusCode).toBe(401);
  });
});
