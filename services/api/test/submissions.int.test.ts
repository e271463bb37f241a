import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import { SELL_CAR_PHOTO_SLOTS, TRADE_IN_PHOTO_SLOTS } from '@autobest/domain';
import { sellCarFormFields } from '@autobest/domain/testing';
import { samplePhoto } from '@autobest/runtime/testing';
import { createTestApp, LOOSE_PUBLIC_WRITE_LIMITS, signIn, type TestApp, STAFF_NAME } from './support';
import { jpegOfSize, multipartBody, PDF, pngOfSize, type FilePart } from './images';

const sellFields = { ...sellCarFormFields({ fullName: 'Tunde Bakare', phoneNumber: '+234 803 555 0142', email: 'tunde@example.ng' }), vin: '', knownIssues: '' };
const tradeInFields = {
  fullName: 'Zainab Musa',
  phoneNumber: '0803 555 0177',
  email: 'zainab@example.ng',
  vehicleMake: 'Honda',
  model: 'Accord',
  year: '2016',
  odometer: '120000',
  fuelType: 'petrol',
  transmission: 'automatic',
  underFinance: 'no',
  consent: 'true',
};

const JPEG = await samplePhoto({ width: 64, height: 48, phoneMetadata: true });
const PNG = await samplePhoto({ width: 40, height: 30, format: 'png' });
const photos = (slots: readonly { slot: string }[]): FilePart[] =>
  slots.map(({ slot }, index) => ({ name: slot, filename: `${slot}.jpg`, type: 'image/jpeg', content: index % 2 ? JPEG : PNG }));

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  // No safety net within the run: every read model here, photos included, keeps up on doorbells alone.
  t = await createTestApp('api_submissions', { ...LOOSE_PUBLIC_WRITE_LIMITS, PROJECTOR_SAFETY_NET_MS: '600000' }, { withWorkers: true });
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function sell(fields: Record<string, string>, files: readonly FilePart[], headers: Record<string, string> = {}) {
  const body = await multipartBody(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/sell-car-submissions', payload: body.payload, headers: { ...body.headers, ...headers } });
}
/**
 * Events so far, once the photo processor is done with every accepted request: it records its work and writes files
 * in the background, so counts taken while it still works on an earlier test's request would move on their own.
 */
async function eventCount() {
  await vi.waitFor(async () => {
    const processing = await sql<{ n: number }>`select count(*)::int as n from submissions where photos::text like '%"processing"%'`.execute(t.testDb.db);
    expect(processing.rows[0]?.n).toBe(0);
  }, { timeout: 15_000, interval: 50 });
  return Number((await sql<{ n: number }>`select count(*)::int as n from events where type in ('SellCarSubmitted', 'TradeInSubmitted')`.execute(t.testDb.db)).rows[0]?.n);
}
const incomingFiles = async () => readdir(`${t.config.uploadsDir}/.incoming`).catch(() => [] as string[]);
/**
 * Where a refused request could have left files: half-received ones in .incoming, or a request folder of its own.
 * (The files inside earlier requests' folders change as the photo processor gets to them.)
 */
const storedFiles = async () => [...(await incomingFiles()), ...(await readdir(`${t.config.uploadsDir}/sell-car`).catch(() => [] as string[]))];
const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });
/** Waits until the photo processor has dealt with the request's photos (so it appends nothing more meanwhile). */
async function photosProcessed(id: string) {
  await vi.waitFor(async () => {
    const record = (await admin('GET', `/api/admin/sell-car-submissions/${id}`)).json<{ photos: Array<{ state: string }> }>();
    expect(record.photos.filter((photo) => photo.state === 'processing')).toEqual([]);
  }, { timeout: 15_000, interval: 50 });
}
async function caughtUp() {
  await vi.waitFor(async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json<{ checks: { projector: { eventsBehind: number } } }>();
    expect(health.checks.projector.eventsBehind).toBe(0);
  }, { timeout: 10_000, interval: 50 });
}

describe('POST /api/sell-car-submissions', () => {
  it('takes a valid request with six photos: 201 with an SC id and a status link', async () => {
    const response = await sell(sellFields, photos(SELL_CAR_PHOTO_SLOTS));
    expect(response.statusCode).toBe(201);
    const { id, statusUrl } = response.json<{ id: string; statusUrl: string }>();
    expect(id).toMatch(/^SC-\d{13}-[A-Z0-9]{6}$/);
    expect(statusUrl).toMatch(new RegExp(`^/sell-car-status/${id}\\?token=[A-Za-z0-9_-]{43}$`));

    await caughtUp();
    const token = new URL(statusUrl, 'http://x').searchParams.get('token')!;
    const status = await t.app.inject({ method: 'GET', url: `/api/sell-car-submissions/${id}/status?token=${token}` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ id, status: 'pending', offeredValue: null, vehicle: { make: 'Toyota', model: 'Corolla', year: '2018' }, unreadablePhotos: [] });

    const wrongToken = await t.app.inject({ method: 'GET', url: `/api/sell-car-submissions/${id}/status?token=wrong` });
    const noToken = await t.app.inject({ method: 'GET', url: `/api/sell-car-submissions/${id}/status` });
    const unknownId = await t.app.inject({ method: 'GET', url: `/api/sell-car-submissions/SC-1700000000000-ABCDEF/status?token=${token}` });
    for (const answer of [wrongToken, noToken, unknownId]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'not_found', message: 'Request not found' });
    }
  });

  it('lists every missing field with the spec message, and stores nothing', async () => {
    const before = await eventCount();
    const response = await sell({ fullName: '  ', underFinance: 'no' }, []);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({
      fullName: 'Full name is required',
      phoneNumber: 'Phone number is required',
      email: 'Email is required',
      make: 'Vehicle make is required',
      model: 'Vehicle model is required',
      year: 'Vehicle year is required',
      odometer: 'Odometer reading is required',
      fuelType: 'Fuel type is required',
      transmission: 'Transmission type is required',
      askingPrice: 'Asking price is required',
      consent: 'You must agree to the terms and conditions',
      photos: 'Please upload all 6 required images',
    });
    expect(await eventCount()).toBe(before);
  });

  it('checks the phone and email shapes', async () => {
    const response = await sell({ ...sellFields, phoneNumber: '0803-55(5)', email: 'tunde@example' }, photos(SELL_CAR_PHOTO_SLOTS));
    expect(response.json<{ fields: object }>().fields).toEqual({ phoneNumber: 'Please enter a valid phone number', email: 'Please enter a valid email address' });
  });

  it.each([
    ['a PDF renamed .jpg', PDF],
    ['a text file renamed .jpg', Buffer.from('just some text, not an image at all')],
    ['a PNG+HTML polyglot', Buffer.concat([PNG, Buffer.from('<html><script>alert(document.cookie)</script></html>')])],
    ['a JPEG cut short and zero-padded', Buffer.concat([JPEG.subarray(0, JPEG.length / 2), Buffer.alloc(20_000)])],
    ['JPEG magic bytes and padding', jpegOfSize(2_000)],
  ])('refuses %s as an invalid file type, leaving no file and no event', async (_what, content) => {
    const before = await eventCount();
    const files = photos(SELL_CAR_PHOTO_SLOTS);
    files[2] = { name: 'leftSide', filename: 'left.jpg', type: 'image/jpeg', content };
    const response = await sell(sellFields, files);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_file_type', message: 'Invalid file type', fields: { leftSide: 'Please upload an image file (JPG, PNG, etc.)' }, codes: { leftSide: { code: 'invalidFileText' } } });
    expect(await eventCount()).toBe(before);
    expect(await incomingFiles()).toEqual([]);
  });

  it('refuses a 30 MB request (six photos just over 5 MB) as too large, keeping nothing on disk', async () => {
    const before = { events: await eventCount(), files: await storedFiles() };
    const files = SELL_CAR_PHOTO_SLOTS.map(({ slot }) => ({ name: slot, filename: `${slot}.png`, type: 'image/png', content: pngOfSize(5 * 1024 * 1024 + 1) }));
    const response = await sell(sellFields, files);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'file_too_large', message: 'File too large', fields: { front: 'Please upload an image smaller than 5MB' }, codes: { front: { code: 'fileTooLargeText' } } });
    expect(await eventCount()).toBe(before.events);
    expect(await storedFiles()).toEqual(before.files);
  });

  it('keeps nothing on disk from a request refused for its fields, even with six good photos', async () => {
    const before = await storedFiles();
    const response = await sell({ ...sellFields, email: '' }, photos(SELL_CAR_PHOTO_SLOTS));
    expect(response.statusCode).toBe(400);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a 6 MB photo as too large (413)', async () => {
    const files = photos(SELL_CAR_PHOTO_SLOTS);
    files[0] = { name: 'front', filename: 'front.png', type: 'image/png', content: pngOfSize(6 * 1024 * 1024) };
    const response = await sell(sellFields, files);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'file_too_large', message: 'File too large', fields: { front: 'Please upload an image smaller than 5MB' }, codes: { front: { code: 'fileTooLargeText' } } });
    expect(await incomingFiles()).toEqual([]);
  });

  it('refuses 5 photos, 7 photos and two photos in one slot', async () => {
    const five = await sell(sellFields, photos(SELL_CAR_PHOTO_SLOTS).slice(0, 5));
    expect(five.statusCode).toBe(400);
    expect(five.json<{ fields: object }>().fields).toEqual({ photos: 'Please upload all 6 required images' });

    const seven = await sell(sellFields, [...photos(SELL_CAR_PHOTO_SLOTS), { name: 'roof', filename: 'roof.png', type: 'image/png', content: pngOfSize(100) }]);
    expect(seven.statusCode).toBe(400);

    const twice = await sell(sellFields, [...photos(SELL_CAR_PHOTO_SLOTS), { name: 'front', filename: 'again.png', type: 'image/png', content: pngOfSize(100) }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ fields: object }>().fields).toEqual({ front: 'Only one photo per slot' });
    expect(await incomingFiles()).toEqual([]);
  });

  it('stores photos under its own names whatever the file is called, and text exactly as typed', async () => {
    const files = photos(SELL_CAR_PHOTO_SLOTS);
    files[0] = { ...files[0]!, filename: '../../../etc/passwd.png' };
    files[1] = { ...files[1]!, filename: `${'a'.repeat(300)}.jpg` };
    const script = '<script>alert("owned")</script><b>bold</b>';
    const response = await sell({ ...sellFields, fullName: script, knownIssues: script, model: '<img src=x onerror=alert(1)>' }, files);
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    await caughtUp();

    const record = (await admin('GET', `/api/admin/sell-car-submissions/${id}`)).json<{ fullName: string; knownIssues: string; model: string }>();
    expect(record.fullName).toBe(script);
    expect(record.knownIssues).toBe(script);
    expect(record.model).toBe('<img src=x onerror=alert(1)>');
    // The owner's files are replaced by our JPEGs and thumbnails, under names of our own.
    const ours = SELL_CAR_PHOTO_SLOTS.flatMap(({ slot }) => [`${slot}.jpg`, `${slot}.thumb.jpg`]).sort();
    await vi.waitFor(async () => expect((await readdir(`${t.config.uploadsDir}/sell-car/${id}`)).sort()).toEqual(ours), { timeout: 15_000, interval: 50 });

    await caughtUp();
    const ready = (await admin('GET', `/api/admin/sell-car-submissions/${id}`)).json<{ photos: Array<{ state: string; url: string; thumbnailUrl: string }> }>();
    expect(ready.photos.map((photo) => photo.state)).toEqual(Array(6).fill('ready'));
    const photo = await t.app.inject({ method: 'GET', url: ready.photos[0]!.url, headers: { cookie } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(photo.rawPayload).metadata()).exif).toBeUndefined();
    const thumbnail = await t.app.inject({ method: 'GET', url: ready.photos[1]!.thumbnailUrl, headers: { cookie } });
    const small = await sharp(thumbnail.rawPayload).metadata();
    expect([small.format, small.width, small.height, small.exif]).toEqual(['jpeg', 48, 64, undefined]);
    expect((await t.app.inject({ method: 'GET', url: ready.photos[0]!.url })).statusCode).toBe(401);

    await vi.waitFor(async () => expect(await t.testDb.db.selectFrom('sent_emails').select('id').where('related_id', '=', id).execute()).toHaveLength(2), { timeout: 10_000 });
    const emails = await t.testDb.db.selectFrom('sent_emails').selectAll().where('related_id', '=', id).execute();
    for (const email of emails) {
      expect(email.html).not.toMatch(/<script>|<img/);
      expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });

  it('makes one submission of a double click or a retry with the same Idempotency-Key', async () => {
    const before = await eventCount();
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([
      sell(sellFields, photos(SELL_CAR_PHOTO_SLOTS), { 'idempotency-key': key }),
      sell(sellFields, photos(SELL_CAR_PHOTO_SLOTS), { 'idempotency-key': key }),
    ]);
    const retry = await sell(sellFields, photos(SELL_CAR_PHOTO_SLOTS), { 'idempotency-key': key });
    const created = [first!, second!, retry].filter((r) => r.statusCode === 201).map((r) => r.json<{ id: string }>().id);
    expect(new Set(created).size).toBe(1);
    expect(retry.statusCode).toBe(201);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual(expect.arrayContaining([201]));
    expect(await eventCount()).toBe(before + 1);
  });

  it('records the site language the owner used (en when an older form sends none) and confirms in it; refuses a language the site does not have', async () => {
    const languageOf = async (id: string) =>
      (await t.testDb.db.selectFrom('events').select('data').where('stream_id', '=', `sell-car-${id}`).where('type', '=', 'SellCarSubmitted').executeTakeFirstOrThrow()).data as { language?: string };

    const french = await sell({ ...sellFields, email: 'francais@example.ci', language: 'fr' }, photos(SELL_CAR_PHOTO_SLOTS));
    expect(french.statusCode).toBe(201);
    const frenchId = french.json<{ id: string }>().id;
    expect((await languageOf(frenchId)).language).toBe('fr');
    await vi.waitFor(async () => {
      const email = await t.testDb.db.selectFrom('sent_emails').selectAll().where('related_id', '=', frenchId).where('template', '=', 'customer-confirmation').executeTakeFirst();
      expect(email?.subject).toBe(`Nous avons bien reçu votre demande de vente (${frenchId})`);
      expect(email?.html).toContain('<html lang="fr" dir="ltr">');
      expect(email?.text).toContain(`/sell-car-status/${frenchId}?token=[redacted]&lang=fr`);
    }, { timeout: 30_000, interval: 100 });

    const older = await sell({ ...sellFields, email: 'older@example.ng' }, photos(SELL_CAR_PHOTO_SLOTS));
    expect(older.statusCode).toBe(201);
    expect((await languageOf(older.json<{ id: string }>().id)).language).toBe('en');

    const before = await eventCount();
    const german = await sell({ ...sellFields, email: 'deutsch@example.ng', language: 'de' }, photos(SELL_CAR_PHOTO_SLOTS));
    expect(german.statusCode).toBe(400);
    expect(german.json()).toMatchObject({ error: 'validation_failed', fields: { language: 'Language must be one of: en, fr, ar, sw' }, codes: { language: { code: 'languageInvalid' } } });
    expect(await eventCount()).toBe(before);
  });
});

describe('POST /api/trade-in-submissions', () => {
  it('takes a valid request with vehicleMake and lists missing photos by name', async () => {
    const ok = await multipartBody(tradeInFields, photos(TRADE_IN_PHOTO_SLOTS));
    const response = await t.app.inject({ method: 'POST', url: '/api/trade-in-submissions', payload: ok.payload, headers: ok.headers });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ id: string }>().id).toMatch(/^TI-\d{13}-[A-Z0-9]{6}$/);

    const partial = await multipartBody({ ...tradeInFields, vehicleMake: '', underFinance: '', consent: '' }, photos(TRADE_IN_PHOTO_SLOTS).slice(0, 4));
    const refused = await t.app.inject({ method: 'POST', url: '/api/trade-in-submissions', payload: partial.payload, headers: partial.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: object }>().fields).toEqual({
      vehicleMake: 'Vehicle make is required',
      underFinance: 'Please specify if vehicle is under finance',
      consent: 'You must consent to sharing your information',
      photos: 'Please upload images for: Interior, Dashboard (odometer visible)',
    });
  });

  it('takes the site language with a trade-in request and refuses one the site does not have, naming the field', async () => {
    const swahili = await multipartBody({ ...tradeInFields, email: 'kiswahili@example.ke', language: 'sw' }, photos(TRADE_IN_PHOTO_SLOTS));
    const taken = await t.app.inject({ method: 'POST', url: '/api/trade-in-submissions', payload: swahili.payload, headers: swahili.headers });
    expect(taken.statusCode).toBe(201);
    const event = await t.testDb.db.selectFrom('events').select('data').where('stream_id', '=', `trade-in-${taken.json<{ id: string }>().id}`).executeTakeFirstOrThrow();
    expect((event.data as { language?: string }).language).toBe('sw');

    const unknown = await multipartBody({ ...tradeInFields, language: 'english' }, photos(TRADE_IN_PHOTO_SLOTS));
    const refused = await t.app.inject({ method: 'POST', url: '/api/trade-in-submissions', payload: unknown.payload, headers: unknown.headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: object }>().fields).toEqual({ language: 'Language must be one of: en, fr, ar, sw' });
  });
});

describe('staff review', () => {
  let id: string;
  let statusUrl: string;
  beforeAll(async () => {
    const response = await sell({ ...sellFields, email: 'review@example.ng' }, photos(SELL_CAR_PHOTO_SLOTS));
    ({ id, statusUrl } = response.json<{ id: string; statusUrl: string }>());
    await caughtUp();
    await photosProcessed(id);
  });

  it('sets an offer and marks it reviewed; the owner sees both and gets the spec email', async () => {
    expect((await admin('POST', `/api/admin/sell-car-submissions/${id}/offer`, { value: 4_500_000.5 })).statusCode).toBe(400);
    const offered = await admin('POST', `/api/admin/sell-car-submissions/${id}/offer`, { value: 4_500_000 });
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toMatchObject({ offeredValue: 4_500_000 });
    const reviewed = await admin('POST', `/api/admin/sell-car-submissions/${id}/status`, { status: 'reviewed' });
    expect(reviewed.json()).toMatchObject({ status: 'reviewed', offeredValue: 4_500_000 });
    expect(reviewed.json<{ lastUpdated: string | null }>().lastUpdated).not.toBeNull();

    const status = await t.app.inject({ method: 'GET', url: `/api${statusUrl.replace('/sell-car-status/', '/sell-car-submissions/').replace('?', '/status?')}` });
    expect(status.json()).toMatchObject({ status: 'reviewed', offeredValue: 4_500_000 });

    await vi.waitFor(async () => {
      const email = await t.testDb.db.selectFrom('sent_emails').selectAll().where('related_id', '=', id).where('template', '=', 'customer-status-reviewed').executeTakeFirst();
      expect(email?.text).toContain('₦4,500,000');
      expect(email?.text).toContain('in-person inspection');
      expect(email?.to_address).toBe('review@example.ng');
    }, { timeout: 10_000 });
  });

  it('answers 400 to an unknown status and 409 to a change made on a stale view', async () => {
    expect((await admin('POST', `/api/admin/sell-car-submissions/${id}/status`, { status: 'approved' })).statusCode).toBe(400);
    const { version } = (await admin('GET', `/api/admin/sell-car-submissions/${id}`)).json<{ version: number }>();
    const [a, b] = await Promise.all([
      admin('POST', `/api/admin/sell-car-submissions/${id}/status`, { status: 'finalized', expectedVersion: version }),
      admin('POST', `/api/admin/sell-car-submissions/${id}/status`, { status: 'pending', expectedVersion: version }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const history = (await admin('GET', `/api/admin/sell-car-submissions/${id}/history`)).json<Array<{ type: string; by: string }>>();
    expect(history.filter((entry) => entry.type === 'SubmissionStatusChanged')).toHaveLength(2);
    expect(history.at(-1)?.by).toBe(STAFF_NAME);
    expect(JSON.stringify(history)).not.toContain('statusToken');
  });

  it('keeps notes, deletes after which commands are 404, and the events stay', async () => {
    const noted = await admin('POST', `/api/admin/sell-car-submissions/${id}/notes`, { text: 'Owner prefers Saturday viewing' });
    expect(noted.json<{ notes: Array<{ text: string; by: string }> }>().notes).toEqual([
      expect.objectContaining({ text: 'Owner prefers Saturday viewing', by: STAFF_NAME }),
    ]);
    const deleted = await admin('DELETE', `/api/admin/sell-car-submissions/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id });
    expect((await admin('GET', `/api/admin/sell-car-submissions/${id}`)).statusCode).toBe(404);
    expect((await admin('POST', `/api/admin/sell-car-submissions/${id}/status`, { status: 'reviewed' })).statusCode).toBe(404);
    // Its files go too, and the history says so.
    await vi.waitFor(async () => {
      const history = (await admin('GET', `/api/admin/sell-car-submissions/${id}/history`)).json<Array<{ type: string; by: string }>>();
      expect(history.slice(-2)).toEqual([expect.objectContaining({ type: 'SubmissionDeleted' }), { ...history.at(-1), type: 'SubmissionPhotosErased', by: 'photo processor' }]);
    }, { timeout: 15_000, interval: 50 });
    await expect(readdir(`${t.config.uploadsDir}/sell-car/${id}`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('lists with search, filters, counts and a formula-safe CSV of the whole filtered set', async () => {
    await sell({ ...sellFields, fullName: '=HYPERLINK("http://evil")', email: 'formula@example.ng', make: 'Chery' }, photos(SELL_CAR_PHOTO_SLOTS));
    await caughtUp();
    const list = await admin('GET', `/api/admin/sell-car-submissions?filter=${encodeURIComponent(JSON.stringify({ q: 'FORMULA@example' }))}`);
    expect(list.json<Array<{ email: string }>>().map((row) => row.email)).toEqual(['formula@example.ng']);
    expect(list.headers['content-range']).toBe('sell-car-submissions 0-0/1');
    const byMake = await admin('GET', `/api/admin/sell-car-submissions?filter=${encodeURIComponent(JSON.stringify({ make: 'her', status: 'pending' }))}`);
    expect(byMake.json<Array<{ make: string }>>().every((row) => row.make === 'Chery')).toBe(true);

    const stats = (await admin('GET', '/api/admin/sell-car-submissions/stats')).json<{ total: number; pending: number; reviewed: number; finalized: number }>();
    const listed = (await admin('GET', '/api/admin/sell-car-submissions')).headers['content-range'];
    expect(listed).toMatch(new RegExp(`/${stats.total}$`));
    expect(stats.total).toBe(stats.pending + stats.reviewed + stats.finalized);
    expect(stats.pending).toBeGreaterThan(0);

    const csv = await admin('GET', `/api/admin/sell-car-submissions/export.csv?filter=${encodeURIComponent(JSON.stringify({ make: 'chery' }))}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/filename="sell-car-submissions-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(header).toBe('ID,Date,Customer Name,Email,Phone,Make,Model,Year,Odometer,Fuel Type,Transmission,Under Finance,VIN,Asking Price,Status,Offered Value,Notes');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`"'=HYPERLINK(""http://evil"")"`);

    const tradeInCsv = await admin('GET', '/api/admin/trade-in-submissions/export.csv');
    expect(tradeInCsv.body.replace(/^\uFEFF/, '').split('\n')[0]!.split(',')).toHaveLength(15);
  });
});
