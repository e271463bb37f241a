import { catchUpCompletely } from '@autobest/projections/testing';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELL_CAR_PHOTO_SLOTS, MESSAGES, TRADE_IN_PHOTO_SLOTS } from '@autobest/domain';
import { allProjections, Projector } from '@autobest/projections';
import { catalogueListings } from '../../../infra/src/seed/catalogue';
import { seedCatalogue } from '../../../infra/src/seed/seedCatalogue';
import { multipartBody, pngOfSize, type FilePart } from './images';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, type TestApp } from './support';

let t: TestApp;
let cookie: string;
const vehicle = catalogueListings()[0]!;

beforeAll(async () => {
  t = await createTestApp('api_bad_input', LOOSE_PUBLIC_WRITE_LIMITS);
  cookie = await signIn(t.app);
  await seedCatalogue(t.testDb.db, [vehicle]);
  await catchUpCompletely(new Projector(t.testDb.db, allProjections));
});
afterAll(async () => {
  await t?.close();
});

/** Everything a request could have recorded: events, analytics rows, files under UPLOADS_DIR (the incoming ones too). */
async function recorded() {
  const counts = await sql<{ events: number; analytics: number }>`
    select (select count(*) from events)::int as events, (select count(*) from analytics_events)::int as analytics`.execute(t.testDb.db);
  const entries = await readdir(t.config.uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return { ...counts.rows[0], files: entries.filter((entry) => entry.isFile()).length };
}

const image = (name: string): FilePart => ({ name, filename: `${name}.png`, type: 'image/png', content: pngOfSize(0) });
const sellFields = {
  fullName: 'Tunde Bakare', phoneNumber: '+234 803 555 0142', email: 'tunde@example.ng', make: 'Toyota', model: 'Corolla', year: '2018', odometer: '84000',
  fuelType: 'petrol', transmission: 'automatic', knownIssues: 'Worn tyres.\nSmall dent, rear door.', underFinance: 'no', askingPrice: '5200000', consent: 'true',
};
const tradeInFields = {
  fullName: 'Zainab Musa', phoneNumber: '0803 555 0177', email: 'zainab@example.ng', vehicleMake: 'Honda', model: 'Accord', year: '2016', odometer: '120000',
  fuelType: 'petrol', transmission: 'automatic', underFinance: 'no', consent: 'true',
};

describe('text no form produces', () => {
  const contact = { firstName: 'Amaka', lastName: 'Eze', email: 'amaka@example.ng', phone: '08035550123', message: 'Hello' };
  const enquiry = { kind: 'deal', fullName: 'Ngozi Eze', phone: '+234 803 555 0101', subject: 'Price' };
  const analytics = { sessionId: 'session-0001', events: [{ event: 'page_view', properties: { page: 'home' }, timestamp: new Date().toISOString() }] };

  it.each([
    ['contact message, NUL in a name', '/api/contact-messages', { ...contact, firstName: 'Amaka\u0000' }, 'firstName', MESSAGES.controlCharacters],
    ['contact message, lone surrogate in the message', '/api/contact-messages', { ...contact, message: 'Hi \ud800' }, 'message', MESSAGES.notUnicode],
    ['contact message, line break in a name', '/api/contact-messages', { ...contact, lastName: 'Eze\r\nBcc: all@example.com' }, 'lastName', MESSAGES.oneLine],
    ['enquiry, NUL in the subject', '/api/enquiries', { ...enquiry, subject: 'Price\u0000' }, 'subject', MESSAGES.controlCharacters],
    ['enquiry, NUL in a detail name', '/api/enquiries', { ...enquiry, details: { 'colour\u0000': 'red' } }, 'details.colour\u0000', MESSAGES.controlCharacters],
    ['enquiry, escape sequence in a detail', '/api/enquiries', { ...enquiry, details: { colour: '\u001b[2J' } }, 'details.colour', MESSAGES.controlCharacters],
    ['reservation, NUL in the name', `/api/vehicles/${vehicle.id}/reservations`, { name: '\u0000', phone: '+234 803 555 0101' }, 'name', MESSAGES.controlCharacters],
    ['analytics, NUL in a property', '/api/analytics/events', { ...analytics, events: [{ ...analytics.events[0], properties: { page: 'a\u0000' } }] }, 'events.0.properties.page', MESSAGES.controlCharacters],
    ['analytics, lone surrogate in a property', '/api/analytics/events', { ...analytics, events: [{ ...analytics.events[0], properties: { page: '\udc00' } }] }, 'events.0.properties.page', MESSAGES.notUnicode],
    ['sign-in, NUL in the email', '/api/admin/session', { email: 'ops@autobest.test\u0000', password: 'whatever it is' }, 'email', MESSAGES.controlCharacters],
  ])('refuses %s with 400 naming the field, and records nothing', async (_case, url, payload, field, message) => {
    const before = await recorded();
    const response = await t.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', fields: { [field]: message } });
    // The code beside the English, for the storefront to translate.
    expect(response.json<{ codes: Record<string, unknown> }>().codes[field]).toEqual({ code: Object.entries(MESSAGES).find(([, text]) => text === message)?.[0] });
    expect(await recorded()).toEqual(before);
  });

  it('keeps line breaks in free text', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: { ...contact, message: 'Hello,\r\n\tI would like a test drive.' } });
    expect(response.statusCode, response.body).toBe(201);
  });

  it.each([
    ['a search filter', '/api/vehicles?make=%00', 'make', MESSAGES.controlCharacters],
    ['a search text', '/api/vehicles?q=toyota%0Acorolla', 'q', MESSAGES.oneLine],
    ['an unknown query parameter', '/api/vehicles?x=%01', 'x', MESSAGES.controlCharacters],
    ['a path id', '/api/vehicles/a%00b', 'id', MESSAGES.controlCharacters],
    ['a status page id', '/api/sell-car-submissions/%00/status?token=abc', 'id', MESSAGES.controlCharacters],
    ['a staff path id', '/api/admin/sell-car-submissions/%00', 'id', MESSAGES.controlCharacters],
    ['a staff list filter, escaped in its JSON', `/api/admin/contact-messages?filter=${encodeURIComponent('{"q":"\\u0000"}')}`, 'filter.q', MESSAGES.controlCharacters],
    ['a staff getMany id, escaped in its JSON', `/api/admin/enquiries?filter=${encodeURIComponent('{"id":["\\ud800"]}')}`, 'filter.id.0', MESSAGES.notUnicode],
  ])('refuses bad text in %s with 400 naming it', async (_case, url, field, message) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', fields: { [field]: message } });
  });

  it.each([
    ['sell-car', 'sell-car-submissions', { ...sellFields, fullName: 'Tunde\u0000Bakare' }, SELL_CAR_PHOTO_SLOTS, 'fullName', MESSAGES.controlCharacters],
    ['sell-car', 'sell-car-submissions', { ...sellFields, knownIssues: 'Rust\u0007' }, SELL_CAR_PHOTO_SLOTS, 'knownIssues', MESSAGES.controlCharacters],
    ['sell-car', 'sell-car-submissions', { ...sellFields, model: 'Corolla\nCamry' }, SELL_CAR_PHOTO_SLOTS, 'model', MESSAGES.oneLine],
    ['trade-in', 'trade-in-submissions', { ...tradeInFields, vehicleMake: '\u0000' }, TRADE_IN_PHOTO_SLOTS, 'vehicleMake', MESSAGES.controlCharacters],
  ])('refuses bad text in a %s form field with 400 naming it, keeping no photo', async (_kind, resource, fields, slots, field, message) => {
    const before = await recorded();
    const form = await multipartBody(fields, slots.map(({ slot }) => image(slot)));
    const response = await t.app.inject({ method: 'POST', url: `/api/${resource}`, payload: form.payload, headers: form.headers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', fields: { [field]: message } });
    expect(await recorded()).toEqual(before);
  });

  it('accepts a sell-car form whose known issues span lines', async () => {
    const form = await multipartBody(sellFields, SELL_CAR_PHOTO_SLOTS.map(({ slot }) => image(slot)));
    const response = await t.app.inject({ method: 'POST', url: '/api/sell-car-submissions', payload: form.payload, headers: form.headers });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('reports an imported vehicle with a control character as failed, naming the field, and imports the rest', async () => {
    const records = [
      { ...vehicle, id: 'import-clean-0001' },
      { ...vehicle, id: 'import-dirty-0002', description: 'Nice\u0000car' },
    ];
    const form = await multipartBody({}, [{ name: 'file', filename: 'vehicles.json', type: 'application/json', content: Buffer.from(JSON.stringify(records)) }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/vehicles/import', payload: form.payload, headers: { ...form.headers, cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ total: 2, succeeded: 1, failed: 1, errors: [`${vehicle.name}: description: ${MESSAGES.controlCharacters}`] });
  });
});

describe('numbers in a query', () => {
  it.each([
    ['/api/vehicles?priceMin=1e300', 'priceMin'],
    ['/api/vehicles?priceMax=1e13', 'priceMax'],
    ['/api/vehicles?priceMin=-1', 'priceMin'],
    ['/api/vehicles?page=1e20', 'page'],
    ['/api/vehicles?pageSize=NaN', 'pageSize'],
    ['/api/vehicles?yearMin=Infinity', 'yearMin'],
    ['/api/admin/vehicles?range=[0,1e30]', 'range'],
    ['/api/admin/contact-messages?range=[20000000,20000010]', 'range'],
    [`/api/admin/sell-car-submissions?filter=${encodeURIComponent('{"year":1e300}')}`, 'filter.year'],
    ['/api/admin/analytics/page-views?days=1e300', 'days'],
  ])('refuses %s with 400 naming %s', async (url, field) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(400);
    const named = Object.keys(response.json<{ fields: Record<string, string> }>().fields);
    expect(named.some((name) => name === field || name.startsWith(`${field}.`)), named.join()).toBe(true);
  });

  it('answers the dearest search a price can name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/vehicles?priceMin=1e12&priceMax=1e12&currency=NGN' });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('broken multipart bodies', () => {
  const boundary = 'brokenBoundary0123456789';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`;
  const routes = [
    { url: '/api/sell-car-submissions', file: 'front', headers: {} },
    { url: '/api/trade-in-submissions', file: 'front', headers: {} },
    { url: '/api/admin/vehicle-images', file: 'image', headers: () => ({ cookie }) },
    { url: '/api/admin/vehicles/import', file: 'file', headers: () => ({ cookie }) },
  ];
  const cases = (file: string): Array<[string, string, string, number, string]> => {
    const whole = `${part('fullName', 'Tunde')}${filePart(file)}${pngOfSize(0).toString('latin1')}\r\n--${boundary}--\r\n`;
    return [
      ['no boundary', 'multipart/form-data', whole, 400, 'invalid_multipart'],
      ['an empty boundary', 'multipart/form-data; boundary=', whole, 400, 'invalid_multipart'],
      ['a boundary over 256 characters', `multipart/form-data; boundary=${'b'.repeat(300)}`, whole, 400, 'invalid_multipart'],
      ['another boundary than the body', 'multipart/form-data; boundary=somethingElse', whole, 400, 'invalid_multipart'],
      ['a body cut short', `multipart/form-data; boundary=${boundary}`, whole.slice(0, whole.length / 2), 400, 'invalid_multipart'],
      ['no closing boundary', `multipart/form-data; boundary=${boundary}`, whole.slice(0, whole.lastIndexOf(`--${boundary}--`)), 400, 'invalid_multipart'],
      ['a multipart body sent as text', 'text/plain', `${part('fullName', 'Tunde')}--${boundary}--\r\n`, 415, 'unsupported_media_type'],
    ];
  };

  for (const route of routes) {
    it.each(cases(route.file))(`${route.url}: answers %s with our error shape`, async (_case, contentType, body, status, code) => {
      const before = await recorded();
      const headers = typeof route.headers === 'function' ? route.headers() : route.headers;
      const response = await t.app.inject({ method: 'POST', url: route.url, payload: Buffer.from(body, 'latin1'), headers: { ...headers, 'content-type': contentType } });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ error: code, message: expect.any(String) });
      expect(await recorded()).toEqual(before);
    });
  }

  it('refuses a multipart body on a route that takes JSON, as a body that is not JSON (only upload routes read multipart forms)', async () => {
    const body = `${part('name', 'Tunde')}--${boundary}--\r\n`;
    const response = await t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toEqual({ error: 'unsupported_media_type', message: 'Send the body as application/json' });
  });

  it('answers too many parts with 413', async () => {
    const body = `${Array.from({ length: 300 }, (_, index) => part(`field${index}`, 'x')).join('')}--${boundary}--\r\n`;
    const response = await t.app.inject({ method: 'POST', url: '/api/sell-car-submissions', payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('answers an image over the staff upload limit with 413', async () => {
    const form = await multipartBody({}, [{ ...image('image'), content: pngOfSize(5 * 1024 * 1024 + 1) }]);
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/vehicle-images', payload: form.payload, headers: { ...form.headers, cookie } });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ error: expect.stringMatching(/too_large/) });
    expect(await readdir(join(t.config.uploadsDir, 'vehicle-images')).catch(() => [])).toEqual([]);
  });
});

describe('compressed request bodies', () => {
  it('are not expanded: a gzip body (here a valid message, or a bomb of 50 MB of zeros) is refused as bytes that are not JSON, and nothing is recorded', async () => {
    const { gzipSync } = await import('node:zlib');
    const message = gzipSync(JSON.stringify({ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng', phone: '+234 803 555 0101', message: 'Hello' }));
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
    for (const payload of [message, bomb]) {
      const before = await recorded();
      const response = await t.app.inject({ method: 'POST', url: '/api/contact-messages', payload, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      expect(await recorded()).toEqual(before);
    }
  });
});
