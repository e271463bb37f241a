import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { join } from 'node:path';
import { samplePhoto } from '@autobest/runtime/testing';
import { createTestApp, minimalListing, signIn, type TestApp } from './support';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_inventory_admin', {}, { withWorkers: true });
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

const tiggo = { ...minimalListing('chery-tiggo-9-2025', 'Chery Tiggo 9'), price: 41000, year: 2025 };
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });

describe('/api/admin/vehicles', () => {
  it('answers 400 with every failing rule in the spec words, and 401 without a session', async () => {
    const response = await admin('POST', '/api/admin/vehicles', { images: [], specifications: [], year: 2019, price: 0 });
    expect(response.statusCode).toBe(400);
    expect(Object.values(response.json<{ fields: Record<string, string> }>().fields).sort()).toEqual(
      [
        'At least one image is required',
        'Brand is required',
        'Model is required',
        'Valid price is required',
        'Valid year (2020-2025) is required',
        'Vehicle ID is required',
        'Vehicle category is required',
        'Vehicle name is required',
        'Vehicle specifications are required',
      ].sort(),
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/vehicles', payload: tiggo })).statusCode).toBe(401);
  });

  it('lists, edits and delists a vehicle; buyers see each change', async () => {
    const created = await admin('POST', '/api/admin/vehicles', tiggo);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: tiggo.id, price: 41000, currency: 'USD', version: 1 });
    expect((await admin('POST', '/api/admin/vehicles', tiggo)).statusCode).toBe(409);

    const edited = await admin('PUT', `/api/admin/vehicles/${tiggo.id}`, { ...tiggo, price: 39500, isFeatured: true });
    expect(edited.json()).toMatchObject({ price: 39500, isFeatured: true, version: 2 });
    const list = await admin('GET', `/api/admin/vehicles?filter=${encodeURIComponent(JSON.stringify({ q: 'tiggo 9' }))}`);
    expect(list.json<Array<{ id: string }>>().map((row) => row.id)).toEqual([tiggo.id]);
    expect(list.headers['content-range']).toBe('vehicles 0-0/1');

    const publicView = await t.app.inject({ method: 'GET', url: `/api/vehicles/${tiggo.id}?currency=NGN` });
    expect(publicView.json()).toMatchObject({ price: { amount: 39500, currency: 'USD' }, displayPrice: { amount: 39500 * 1540, currency: 'NGN' } });

    const reserved = await t.app.inject({ method: 'POST', url: `/api/vehicles/${tiggo.id}/reservations`, payload: { name: 'Ifeoma', phone: '+234 803 555 0111' } });
    expect(reserved.statusCode).toBe(201);

    expect((await admin('DELETE', `/api/admin/vehicles/${tiggo.id}`)).json()).toMatchObject({ id: tiggo.id });
    expect((await t.app.inject({ method: 'GET', url: `/api/vehicles/${tiggo.id}` })).statusCode).toBe(404);
    expect((await admin('PUT', `/api/admin/vehicles/${tiggo.id}`, tiggo)).statusCode).toBe(404);

    const reservations = await admin('GET', '/api/admin/reservation-requests');
    expect(reservations.json()).toEqual([expect.objectContaining({ vehicleName: 'Chery Tiggo 9', name: 'Ifeoma', phone: '+234 803 555 0111' })]);
  });
});

describe('the whole vehicle record in the console (issue 18.1)', () => {
  const han = { ...tiggo, id: 'byd-han-ev-2025', name: 'BYD Han', brand: 'BYD', model: 'Han', category: 'Electric Sedan', fuelType: 'electric', price: 52000 };

  it('saves VIN, trim, import status, expected arrival, range and pricing, and buyers see them', async () => {
    expect((await admin('POST', '/api/admin/vehicles', han)).json()).toMatchObject({ vin: '', trim: '', importStatus: 'in-stock', expectedArrival: null, evRangeKm: null, pricing: null });
    const record = {
      ...han,
      vin: 'lgxce4cb2n2012345',
      trim: 'EV Flagship',
      condition: 'new',
      importStatus: 'in-transit',
      expectedArrival: '2027-01-15',
      evRangeKm: 521,
      pricing: { min: 52000, max: 55000, currency: 'USD', reservationAmount: 1000, note: 'Home charger included' },
    };
    const edited = await admin('PUT', `/api/admin/vehicles/${han.id}`, record);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ ...record, vin: 'LGXCE4CB2N2012345', version: 2 });
    const publicView = (await t.app.inject({ method: 'GET', url: `/api/vehicles/${han.id}?currency=NGN` })).json();
    expect(publicView).toMatchObject({ vin: 'LGXCE4CB2N2012345', trim: 'EV Flagship', importStatus: 'in-transit', expectedArrival: '2027-01-15', evRangeKm: 521, pricing: record.pricing });
  });

  it('refuses a VIN with a wrong check digit, an impossible arrival date and pricing whose minimum is above its maximum, each at its field', async () => {
    const response = await admin('PUT', `/api/admin/vehicles/${han.id}`, {
      ...han,
      vin: 'LGXCE4CB0N2012345',
      expectedArrival: '2027-02-30',
      pricing: { min: 56000, max: 55000, currency: 'USD', reservationAmount: -1, note: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({
      vin: 'VIN check digit (9th character) does not match the rest of the VIN',
      expectedArrival: 'Expected arrival must be a date like 2026-03-31',
      'pricing.reservationAmount': 'Reservation amount must be 0 or more',
      'pricing.max': 'Pricing minimum must not be above the maximum',
    });
    expect((await admin('GET', `/api/admin/vehicles/${han.id}`)).json()).toMatchObject({ vin: 'LGXCE4CB2N2012345', version: 2 });
  });

  it('refuses a driving range on a petrol car and an expected arrival on a car in stock, listed or saved, each at its field', async () => {
    const petrol = { ...tiggo, id: 'chery-arrizo-8-2025', name: 'Chery Arrizo 8', model: 'Arrizo 8', fuelType: 'petrol', evRangeKm: 450, importStatus: 'in-stock', expectedArrival: '2027-01-15' };
    const listed = await admin('POST', '/api/admin/vehicles', petrol);
    expect(listed.statusCode).toBe(400);
    expect(listed.json<{ fields: Record<string, string> }>().fields).toEqual({
      evRangeKm: 'Driving range is only for electric and plug-in hybrid cars: leave it empty for this fuel',
      expectedArrival: 'Expected arrival is only for a car in transit or on order: leave it empty for a car in stock',
    });
    expect((await admin('GET', `/api/admin/vehicles/${petrol.id}`)).statusCode).toBe(404);
    const saved = await admin('PUT', `/api/admin/vehicles/${han.id}`, { ...han, fuelType: 'hybrid', evRangeKm: 521 });
    expect(saved.statusCode).toBe(400);
    expect(Object.keys(saved.json<{ fields: Record<string, string> }>().fields)).toEqual(['evRangeKm']);
    expect((await admin('GET', `/api/admin/vehicles/${han.id}`)).json()).toMatchObject({ fuelType: 'electric', evRangeKm: 521, version: 2 });
  });
});

describe('catalogue images', () => {
  it('publishes its own re-encoding of an uploaded image (no EXIF, no GPS), under its own name, and refuses a non-image', async () => {
    const { multipartBody, PDF } = await import('./images');
    const image = await multipartBody({}, [{ name: 'image', filename: '../../evil.jpg', type: 'image/jpeg', content: await samplePhoto({ width: 64, height: 48, phoneMetadata: true }) }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/admin/vehicle-images', payload: image.payload, headers: { ...image.headers, cookie } });
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json<{ url: string }>();
    expect(url).toMatch(/^\/media\/vehicle-images\/image-[0-9a-f-]{36}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const published = await sharp(served.rawPayload).metadata();
    // Turned upright by its EXIF orientation, which went with every other metadata block.
    expect(published).toMatchObject({ width: 48, height: 64 });
    expect([published.exif, published.xmp, published.icc, published.orientation]).toEqual([undefined, undefined, undefined, undefined]);
    expect((await t.app.inject({ method: 'GET', url: '/media/vehicle-images/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);

    const pdf = await multipartBody({}, [{ name: 'image', filename: 'photo.jpg', type: 'image/jpeg', content: PDF }]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/vehicle-images', payload: pdf.payload, headers: { ...pdf.headers, cookie } });
    expect(refused.json()).toMatchObject({ error: 'invalid_file_type', message: 'Invalid file type' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/vehicle-images', payload: image.payload, headers: image.headers });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stores smaller AVIF/WebP copies of an uploaded photo, and a buyer sending Save-Data: on gets fewer bytes for the vehicle’s image (issue 42.3)', async () => {
    const { multipartBody } = await import('./images');
    const image = await multipartBody({}, [{ name: 'image', filename: 'front.jpg', type: 'image/jpeg', content: await samplePhoto({ width: 1600, height: 1200 }) }]);
    const { url } = (await t.app.inject({ method: 'POST', url: '/api/admin/vehicle-images', payload: image.payload, headers: { ...image.headers, cookie } })).json<{ url: string }>();
    const car = { ...minimalListing('jetour-t2-2025', 'Jetour T2'), images: [{ url, alt: 'Jetour T2, front' }] };
    expect((await admin('POST', '/api/admin/vehicles', car)).statusCode).toBe(201);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/vehicles/${car.id}` })).json<{ images: Array<{ url: string }> }>();
    const photo = shown.images[0]!.url;
    expect(photo).toBe(url);

    for (const [w, f, format] of [['320', 'avif', 'heif'], ['640', 'webp', 'webp'], ['1024', 'avif', 'heif']] as const) {
      const copy = await t.app.inject({ method: 'GET', url: `${photo}?w=${w}&f=${f}` });
      expect(copy.headers['content-type']).toBe(`image/${f}`);
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format, width: Number(w) });
    }
    const browser = { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' };
    const plain = await t.app.inject({ method: 'GET', url: photo, headers: browser });
    const saving = await t.app.inject({ method: 'GET', url: photo, headers: { ...browser, 'save-data': 'on' } });
    const savingLarge = await t.app.inject({ method: 'GET', url: `${photo}?w=1024`, headers: { ...browser, 'save-data': 'on' } });
    expect(plain.headers).toMatchObject({ 'content-type': 'image/jpeg', vary: 'Accept, Save-Data' });
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(1600);
    expect(saving.headers['content-type']).toBe('image/avif');
    expect((await sharp(saving.rawPayload).metadata()).width).toBe(320);
    expect(saving.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(savingLarge.rawPayload.length).toBe(saving.rawPayload.length);
    // Without Save-Data, the width the page asked for.
    const asked = await t.app.inject({ method: 'GET', url: `${photo}?w=1024`, headers: browser });
    expect((await sharp(asked.rawPayload).metadata()).width).toBe(1024);
    expect(saving.rawPayload.length).toBeLessThan(asked.rawPayload.length);

    // A photo stored before the copies existed is still served, whole, whatever is asked.
    const older = `image-${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.jpg`;
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(t.app.config.uploadsDir, 'vehicle-images', older), await samplePhoto({ width: 640, height: 480 }));
    const old = await t.app.inject({ method: 'GET', url: `/media/vehicle-images/${older}?w=320&f=avif`, headers: { 'save-data': 'on' } });
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: `${photo}?w=300` })).statusCode).toBe(400);
  });
});
