import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, minimalListing, signIn, type TestApp } from './support';
import { multipartBody } from './images';

/** The workers project an import in the background: a loaded machine can take longer than vi.waitFor's 1 s. */
const PROJECTED = { timeout: 10_000, interval: 50 };

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp('api_inventory_import', {}, { withWorkers: true });
  cookie = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

const vehicleEvents = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events where stream_id like 'vehicle-%'`.execute(t.testDb.db)).rows[0]?.n);

async function upload(filename: string, content: Buffer | string, type = 'application/json') {
  const body = await multipartBody({}, [{ name: 'file', filename, type, content: Buffer.isBuffer(content) ? content : Buffer.from(content) }]);
  return t.app.inject({ method: 'POST', url: '/api/admin/vehicles/import', payload: body.payload, headers: { ...body.headers, cookie } });
}

// Specifications without a category: the CSV format carries none, and its export must import back unchanged.
const good = (id: string, name: string) => ({ ...minimalListing(id, name), price: 30000, specifications: [{ name: 'Engine', value: '1.5T' }] });

describe('POST /api/admin/vehicles/import', () => {
  it('keeps the valid records of a JSON file and reports each invalid one as "{name or Unknown}: {errors}"', async () => {
    const response = await upload('inventory.json', JSON.stringify([good('import-a', 'Chery Tiggo 7'), { ...good('import-b', 'Chery Tiggo 8'), year: 2019, images: [] }, { price: 10 }, good('import-c', 'Chery Arrizo 8')]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 4,
      succeeded: 2,
      failed: 2,
      errors: [
        'Chery Tiggo 8: At least one image is required, Valid year (2020-2025) is required',
        expect.stringMatching(/^Unknown: Vehicle ID is required, Vehicle name is required, .*Vehicle category is required/),
      ],
    });
    await vi.waitFor(async () => expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/import-c' })).statusCode).toBe(200), PROJECTED);
    expect((await t.app.inject({ method: 'GET', url: '/api/vehicles/import-b' })).statusCode).toBe(404);
  });

  it('reads the CSV format with lists separated by "|"', async () => {
    const csv = [
      'id,name,price,category,brand,model,year,images,specifications,features,city,country',
      'csv-byd-dolphin-2024,BYD Dolphin,25000,Electric Hatchback,BYD,Dolphin,2024,/vehicles/hatchback.svg|/vehicles/sedan.svg,Power=201 HP|Range=427 km,Electric drive|Rotating screen,Abuja,Nigeria',
      'csv-bad,,0,,BYD,Seal,2030,,,,,',
    ].join('\n');
    const response = await upload('inventory.csv', csv, 'text/csv');
    expect(response.json()).toMatchObject({ total: 2, succeeded: 1, failed: 1 });
    expect(response.json<{ errors: string[] }>().errors[0]).toMatch(/^Unknown: Vehicle name is required/);
    await vi.waitFor(async () => {
      const vehicle = await t.app.inject({ method: 'GET', url: '/api/vehicles/csv-byd-dolphin-2024' });
      expect(vehicle.json()).toMatchObject({ name: 'BYD Dolphin', location: { city: 'Abuja' }, features: ['Electric drive', 'Rotating screen'] });
    }, PROJECTED);
  });

  it.each([
    ['a malformed CSV', 'broken.csv', 'id,name,price\n"unterminated,BYD,1\n', 400, /could not be read/],
    ['a JSON that is not an array', 'object.json', '{"id":"x"}', 400, /must be an array/],
    ['broken JSON', 'broken.json', '[{"id":', 400, /not valid JSON/],
    ['an empty array', 'empty.json', '[]', 400, /no vehicles/],
  ])('refuses %s with a clear error and imports nothing', async (_what, name, content, status, message) => {
    const before = await vehicleEvents();
    const response = await upload(name, content);
    expect(response.statusCode).toBe(status);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(response.json<{ message: string }>().message).toContain('Nothing was imported');
    expect(await vehicleEvents()).toBe(before);
  });

  it('refuses a 20 MB file with 413 and imports nothing', async () => {
    const before = await vehicleEvents();
    const response = await upload('huge.json', Buffer.alloc(20 * 1024 * 1024, 0x20));
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toMatch(/10 MB/);
    expect(await vehicleEvents()).toBe(before);
  });

  it('exports the catalogue as a dated JSON file that imports back unchanged', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/vehicles/export.json', headers: { cookie } });
    expect(exported.headers['content-disposition']).toMatch(/autobest-inventory-\d{4}-\d{2}-\d{2}\.json/);
    const records = exported.json<Array<{ id: string }>>();
    expect(records.map((record) => record.id).sort()).toEqual(['csv-byd-dolphin-2024', 'import-a', 'import-c']);
    const before = await vehicleEvents();
    const reimported = await upload('back.json', exported.body);
    expect(reimported.json()).toMatchObject({ succeeded: 3, failed: 0 });
    expect(await vehicleEvents()).toBe(before);
  });
});

describe('the whole vehicle record in the import and export formats (issue 18.1)', () => {
  it('reads VIN, trim, import status, expected arrival, range and pricing columns from CSV and names what is wrong in a row', async () => {
    const csv = [
      'id,name,price,currency,category,brand,model,year,fuelType,images,specifications,vin,trim,importStatus,expectedArrival,evRangeKm,pricingMin,pricingMax,pricingCurrency,reservationAmount,pricingNote',
      'csv-byd-seal-2025,BYD Seal,45000,USD,Electric Sedan,BYD,Seal,2025,electric,/vehicles/sedan.svg,Power=523 HP,LGXCE4CB2N2012345,Performance,in-transit,2027-01-15,520,45000,47500,USD,500,Warranty included',
      'csv-bad-vin,BYD Han,52000,USD,Electric Sedan,BYD,Han,2025,electric,/vehicles/sedan.svg,Power=510 HP,LGXCE4CB0N2012345,EV,in-stock,,521,,,,,',
      'csv-bad-pricing,BYD Dolphin,25000,USD,Electric Hatchback,BYD,Dolphin,2025,electric,/vehicles/hatchback.svg,Power=201 HP,,Premium,on-order,2027-02-30,427,26000,25000,,-5,',
      // A range on a car the file leaves petrol (fuelType's default), and an arrival for a car in stock.
      'csv-petrol-range,Chery Arrizo 8,21000,USD,Sedan,Chery,Arrizo 8,2025,,/vehicles/sedan.svg,Power=197 HP,,,in-stock,2027-03-01,450,,,,,',
    ].join('\n');
    const response = await upload('record.csv', csv, 'text/csv');
    expect(response.json()).toEqual({
      total: 4,
      succeeded: 1,
      failed: 3,
      errors: [
        'BYD Han: VIN check digit (9th character) does not match the rest of the VIN',
        'BYD Dolphin: Expected arrival must be a date like 2026-03-31, Reservation amount must be 0 or more, Pricing minimum must not be above the maximum',
        'Chery Arrizo 8: Driving range is only for electric and plug-in hybrid cars: leave it empty for this fuel, Expected arrival is only for a car in transit or on order: leave it empty for a car in stock',
      ],
    });
    await vi.waitFor(async () => {
      const record = await t.app.inject({ method: 'GET', url: '/api/admin/vehicles/csv-byd-seal-2025', headers: { cookie } });
      expect(record.json()).toMatchObject({
        vin: 'LGXCE4CB2N2012345',
        trim: 'Performance',
        importStatus: 'in-transit',
        expectedArrival: '2027-01-15',
        evRangeKm: 520,
        pricing: { min: 45000, max: 47500, currency: 'USD', reservationAmount: 500, note: 'Warranty included' },
      });
    }, PROJECTED);
  });

  it('exports the catalogue as CSV in the import format, every new column included, that imports back unchanged', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/admin/vehicles/export.csv', headers: { cookie } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/autobest-inventory-\d{4}-\d{2}-\d{2}\.csv/);
    const [header, ...rows] = exported.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(header).toContain('vin,trim,importStatus,expectedArrival,evRangeKm,pricingMin,pricingMax,pricingCurrency,reservationAmount,pricingNote');
    expect(rows.find((row) => row.startsWith('csv-byd-seal-2025,'))).toContain('LGXCE4CB2N2012345,Performance,in-transit,2027-01-15,520,45000,47500,USD,500,Warranty included');
    const before = await vehicleEvents();
    const reimported = await upload('back.csv', exported.body, 'text/csv');
    expect(reimported.json()).toMatchObject({ succeeded: rows.length, failed: 0 });
    expect(await vehicleEvents()).toBe(before);
  });

  it('refuses the CSV export to a visitor who is not signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/vehicles/export.csv' })).statusCode).toBe(401);
  });
});
