import { describe, expect, it } from 'vitest';
import {
  decideVehicle,
  evRangeKmOf,
  foldVehicle,
  FollowUpStatusRefused,
  initialVehicleState,
  matchesTab,
  openReservationOf,
  RESERVATION_REQUEST_OPEN_DAYS,
  tabsOf,
  ReservationRequestChanged,
  reservableVehicle,
  VehicleEventSchema,
  VehicleRecordSchema,
  VehicleSchema,
  vehicleErrors,
  vinCheckDigit,
  type FollowUpCommand,
  type FollowUpStatus,
  type VehicleEvent,
} from '../src/index';

const omoda = {
  id: 'chery-omoda-5-2024',
  name: 'Chery Omoda 5',
  price: 35000,
  images: [{ url: '/vehicles/omoda-5.webp', alt: 'Chery Omoda 5' }],
  specifications: [{ name: 'Engine', value: '1.5T', category: 'Performance' }],
  features: [{ name: 'Panoramic sunroof' }],
  category: 'SUV',
  brand: 'Chery',
  model: 'Omoda 5',
  year: 2024,
};

describe('vehicle validation', () => {
  it('accepts a complete record and fills the defaults', () => {
    const parsed = VehicleSchema.parse(omoda);
    expect(parsed).toMatchObject({ currency: 'USD', condition: 'new', inStock: true, location: { city: 'Lagos', country: 'Nigeria' } });
  });

  it('reports every rule in the spec words', () => {
    expect(vehicleErrors({}).sort()).toEqual(
      [
        'Vehicle ID is required',
        'Vehicle name is required',
        'Brand is required',
        'Model is required',
        'Valid year (2020-2025) is required',
        'Valid price is required',
        'At least one image is required',
        'Vehicle specifications are required',
        'Vehicle category is required',
      ].sort(),
    );
    expect(vehicleErrors({ ...omoda, year: 2019, price: 0, images: [], specifications: [] })).toEqual([
      'Valid price is required',
      'At least one image is required',
      'Vehicle specifications are required',
      'Valid year (2020-2025) is required',
    ]);
    expect(vehicleErrors({ ...omoda, year: 2025 })).toEqual([]);
    expect(vehicleErrors({ ...omoda, year: 2026 })).toEqual(['Valid year (2020-2025) is required']);
  });
});

describe('tab rules', () => {
  it.each([
    ['cars-minivan', 'Compact Sedan', [], true],
    ['cars-minivan', 'Hatchback', [], true],
    ['cars-minivan', 'SUV', [], false],
    ['trucks', 'Pickup Truck', [], true],
    ['crossovers-suvs', 'Crossover', [], true],
    ['crossovers-suvs', 'Luxury SUV', [], true],
    ['electrified', 'Electric SUV', [], true],
    ['electrified', 'SUV', [{ name: 'Hybrid powertrain' }], true],
    ['electrified', 'SUV', [{ name: 'Sunroof' }], false],
  ] as const)('%s: category %s with features %j → %s', (tab, category, features, expected) => {
    expect(matchesTab(tab, { category, features })).toBe(expected);
  });

  it('lists every tab a vehicle belongs to', () => {
    expect(tabsOf({ category: 'Electric Crossover', features: [] })).toEqual(['crossovers-suvs', 'electrified']);
  });
});

describe('decideVehicle', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const vehicle = VehicleSchema.parse(omoda);

  it('lists a new vehicle, updates a changed one, ignores an identical save', () => {
    const listed = decideVehicle({ type: 'Save', vehicle, now }, initialVehicleState);
    expect(listed[0]?.type).toBe('VehicleListed');
    const state = foldVehicle(listed);
    expect(decideVehicle({ type: 'Save', vehicle, now }, state)).toEqual([]);
    expect(decideVehicle({ type: 'Save', vehicle: { ...vehicle, name: 'Omoda 5 GT' }, now }, state)[0]?.type).toBe('VehicleUpdated');
  });

  it('refuses price changes and reservations on a delisted vehicle', () => {
    const delisted = foldVehicle([
      ...decideVehicle({ type: 'Save', vehicle, now }, initialVehicleState),
      { type: 'VehicleDelisted', data: { vehicleId: vehicle.id, reason: 'sold', delistedAt: now.toISOString() } },
    ]);
    expect(() => decideVehicle({ type: 'ChangePrice', price: 1, currency: 'USD', now }, delisted)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'vehicle' }));
    expect(() => reservableVehicle(delisted)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'vehicle' }));
    expect(() => reservableVehicle(initialVehicleState)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'vehicle' }));
  });

  it("a reservable vehicle is recorded with its stream's version; a delisting records its version", () => {
    const listed = decideVehicle({ type: 'Save', vehicle, now }, initialVehicleState);
    const priced = [...listed, ...decideVehicle({ type: 'ChangePrice', price: 34000, currency: 'USD', now }, foldVehicle(listed))];
    expect(reservableVehicle(foldVehicle(priced))).toEqual({ id: vehicle.id, name: vehicle.name, version: 2 });
    const delisted = foldVehicle([...priced, ...decideVehicle({ type: 'Delist', reason: 'sold', now }, foldVehicle(priced))]);
    expect(delisted).toMatchObject({ version: 3, delistedAtVersion: 3 });
  });
});

/**
 * The request as earlier versions appended it to the vehicle's stream (new ones have streams of their own, see
 * reservationRequest.unit.test.ts): those are still read, answered and followed up.
 */
const requestOnVehicleStream = (vehicle: { id: string; name: string }, reservationId: string, phone: string, at: Date, extra: object = {}): VehicleEvent => ({
  type: 'ReservationRequested',
  data: { vehicleId: vehicle.id, reservationId, vehicleName: vehicle.name, name: 'Chidi', phone, ...extra, requestedAt: at.toISOString() },
});

describe("one open reservation request per buyer and vehicle, of the requests kept on the vehicle's stream", () => {
  const vehicle = VehicleSchema.parse(omoda);
  const listedAt = new Date('2026-11-22T10:00:00Z');
  const listed = decideVehicle({ type: 'Save', vehicle, now: listedAt }, initialVehicleState);
  const later = (days: number) => new Date(listedAt.getTime() + days * 24 * 3_600_000);
  const request = (reservationId: string, phone: string, at = listedAt) => requestOnVehicleStream(vehicle, reservationId, phone, at);
  const openOf = (history: VehicleEvent[], phone: string, now: Date) => openReservationOf(foldVehicle(history), phone, now)?.reservationId;
  const followUp = (history: VehicleEvent[], reservationId: string, followUp: FollowUpCommand, expectedVersion?: number) =>
    decideVehicle({ type: 'FollowUpReservation', reservationId, followUp, expectedVersion }, foldVehicle(history));
  const changeTo = (status: FollowUpStatus, days = 1) => ({ type: 'ChangeStatus' as const, status, now: later(days) });

  it('given a buyer asked, then their request is open for them (the same phone written another way) for 7 days, and not for another buyer', () => {
    const history = [...listed, request('r1', '+234 803 555 0142')];
    expect(openOf(history, '234 8035550142', later(1))).toBe('r1');
    expect(openOf(history, '00234-803-555-0142', later(RESERVATION_REQUEST_OPEN_DAYS - 0.01))).toBe('r1');
    expect(openOf(history, '08035550142', later(RESERVATION_REQUEST_OPEN_DAYS))).toBeUndefined();
    expect(openOf(history, '08035550199', later(1))).toBeUndefined();
  });

  it('delisting closes every open request, also once the vehicle is listed again', () => {
    const history: VehicleEvent[] = [
      ...listed,
      request('r1', '08035550142'),
      { type: 'VehicleDelisted', data: { vehicleId: vehicle.id, reason: 'sold', delistedAt: later(1).toISOString() } },
      { type: 'VehicleUpdated', data: { vehicle, updatedAt: later(2).toISOString() } },
    ];
    expect(openOf(history, '08035550142', later(2))).toBeUndefined();
  });

  it('given a buyer asked, when staff close the request, then it is no longer open', () => {
    const first = [...listed, request('r1', '08035550142')];
    const closed = [...first, ...followUp(first, 'r1', changeTo('closed'))];
    expect(openOf(closed, '08035550142', later(1))).toBeUndefined();
  });

  it('marking a request contacted or adding a note keeps it open', () => {
    const first = [...listed, request('r1', '08035550142')];
    const worked = [...first, ...followUp(first, 'r1', changeTo('contacted')), ...followUp(first, 'r1', { type: 'AddNote', text: 'Deposit on Monday', now: later(1) })];
    expect(openOf(worked, '08035550142', later(2))).toBe('r1');
  });

  it("closing one buyer's request leaves another buyer's open", () => {
    const history = [...listed, request('r1', '08035550142'), request('r2', '08035550199')];
    const closed = [...history, ...followUp(history, 'r1', changeTo('closed'))];
    expect(openOf(closed, '08035550199', later(1))).toBe('r2');
  });
});

describe("following up the reservation requests kept on the vehicle's stream", () => {
  const vehicle = VehicleSchema.parse(omoda);
  const requestedAt = new Date('2026-11-22T10:00:00Z');
  const at = (hours: number) => new Date(requestedAt.getTime() + hours * 3_600_000);
  const listed = decideVehicle({ type: 'Save', vehicle, now: requestedAt }, initialVehicleState);
  const requested = [...listed, requestOnVehicleStream(vehicle, 'r1', '08035550142', requestedAt, { email: 'chidi@example.ng', language: 'fr' })];
  const followUp = (history: VehicleEvent[], followUp: FollowUpCommand, expectedVersion?: number, reservationId = 'r1') =>
    decideVehicle({ type: 'FollowUpReservation', reservationId, followUp, expectedVersion }, foldVehicle(history));

  it("a request on the vehicle's stream starts new at version 1", () => {
    expect(foldVehicle(requested).requests).toEqual({ r1: { status: 'new', version: 1 } });
  });

  it('records status changes and notes with the request\'s own version, whatever else happens to the vehicle', () => {
    const contacted = followUp(requested, { type: 'ChangeStatus', status: 'contacted', now: at(1) }, 1);
    expect(contacted).toEqual([{ type: 'ReservationStatusChanged', data: { vehicleId: vehicle.id, reservationId: 'r1', from: 'new', to: 'contacted', changedAt: at(1).toISOString() } }]);
    // The price changes and another buyer asks: the staff member's page of r1 (version 2) is not stale.
    let history = [...requested, ...contacted, { type: 'VehiclePriceChanged', data: { vehicleId: vehicle.id, price: 34000, currency: 'USD', changedAt: at(2).toISOString() } } as VehicleEvent];
    history = [...history, requestOnVehicleStream(vehicle, 'r2', '08035550199', at(2))];
    const note = followUp(history, { type: 'AddNote', text: 'Pays the deposit on Monday', now: at(3) }, 2);
    expect(note).toEqual([{ type: 'ReservationNoteAdded', data: { vehicleId: vehicle.id, reservationId: 'r1', text: 'Pays the deposit on Monday', addedAt: at(3).toISOString() } }]);
    expect(foldVehicle([...history, ...note]).requests).toEqual({ r1: { status: 'contacted', version: 3 }, r2: { status: 'new', version: 1 } });
  });

  it('refuses a staff member who saw an older version of the request', () => {
    const contacted = [...requested, ...followUp(requested, { type: 'ChangeStatus', status: 'contacted', now: at(1) }, 1)];
    expect(() => followUp(contacted, { type: 'ChangeStatus', status: 'closed', now: at(2) }, 1)).toThrow(ReservationRequestChanged);
    expect(followUp(contacted, { type: 'ChangeStatus', status: 'closed', now: at(2) })).toHaveLength(1);
  });

  it('refuses moving back to new, an unknown request, and nothing changes for the status it already has', () => {
    const closed = [...requested, ...followUp(requested, { type: 'ChangeStatus', status: 'closed', now: at(1) })];
    expect(() => followUp(closed, { type: 'ChangeStatus', status: 'new', now: at(2) })).toThrow(FollowUpStatusRefused);
    expect(followUp(closed, { type: 'ChangeStatus', status: 'closed', now: at(2) })).toEqual([]);
    expect(() => followUp(closed, { type: 'AddNote', text: 'x', now: at(2) }, undefined, 'r9')).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'reservation-request' }));
    expect(() => decideVehicle({ type: 'FollowUpReservation', reservationId: 'r1', followUp: { type: 'AddNote', text: 'x', now: at(2) } }, initialVehicleState)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'reservation-request' }));
  });

  it('lets staff close the requests of a delisted vehicle', () => {
    const delisted: VehicleEvent[] = [...requested, { type: 'VehicleDelisted', data: { vehicleId: vehicle.id, reason: 'sold', delistedAt: at(1).toISOString() } }];
    expect(followUp(delisted, { type: 'ChangeStatus', status: 'closed', now: at(2) })).toMatchObject([{ type: 'ReservationStatusChanged', data: { to: 'closed' } }]);
  });
});

describe('the whole vehicle record (issue 18.1)', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const pricing = { min: 34000, max: 36500, currency: 'USD', reservationAmount: 500, note: 'Price held until 31 December' };

  it('checks a VIN: 17 characters without I, O, Q; the check digit where North America and China require it', () => {
    expect(VehicleSchema.parse({ ...omoda, vin: '1m8gdm9axkp042788' }).vin).toBe('1M8GDM9AXKP042788');
    expect(VehicleSchema.parse({ ...omoda, vin: 'LGXCE4CB2N2012345' }).vin).toBe('LGXCE4CB2N2012345');
    // A European VIN carries no check digit: its form alone is checked.
    expect(VehicleSchema.parse({ ...omoda, vin: 'WVWZZZ1JZ3W386752' }).vin).toBe('WVWZZZ1JZ3W386752');
    expect(VehicleSchema.parse({ ...omoda, vin: '' }).vin).toBe('');
    expect(vehicleErrors({ ...omoda, vin: 'LGXCE4CB0N2012345' })).toEqual(['VIN check digit (9th character) does not match the rest of the VIN']);
    expect(vehicleErrors({ ...omoda, vin: '1M8GDM9AXKP04278' })).toEqual(['VIN must be 17 letters and digits, without I, O or Q']);
    expect(vehicleErrors({ ...omoda, vin: '1M8GDM9AXKP04278O' })).toEqual(['VIN must be 17 letters and digits, without I, O or Q']);
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('takes an import status with an expected arrival that is a real date, a driving range and pricing with min ≤ max', () => {
    const record = VehicleSchema.parse({ ...omoda, trim: 'Luxury', importStatus: 'in-transit', expectedArrival: '2027-01-15', evRangeKm: 420, pricing });
    expect(record).toMatchObject({ trim: 'Luxury', importStatus: 'in-transit', expectedArrival: '2027-01-15', evRangeKm: 420, pricing });
    expect(vehicleErrors({ ...omoda, importStatus: 'shipped' })).toEqual(['Import status must be one of: in-stock, in-transit, on-order']);
    expect(vehicleErrors({ ...omoda, importStatus: 'in-transit', expectedArrival: '2027-02-30' })).toEqual(['Expected arrival must be a date like 2026-03-31']);
    expect(vehicleErrors({ ...omoda, importStatus: 'on-order', expectedArrival: 'next week' })).toEqual(['Expected arrival must be a date like 2026-03-31']);
    expect(vehicleErrors({ ...omoda, fuelType: 'electric', evRangeKm: 0 })).toEqual(['Driving range must be a whole number of km between 1 and 2000']);
    expect(vehicleErrors({ ...omoda, pricing: { ...pricing, min: 40000 } })).toEqual(['Pricing minimum must not be above the maximum']);
    expect(vehicleErrors({ ...omoda, pricing: { ...pricing, reservationAmount: -1 } })).toEqual(['Reservation amount must be 0 or more']);
    expect(VehicleSchema.parse({ ...omoda, pricing: { ...pricing, min: 36500 } }).pricing?.min).toBe(36500);
  });

  it('refuses a driving range on a car that does not charge, and an expected arrival on a car in stock, at their fields', () => {
    const parsed = VehicleRecordSchema.safeParse({ ...omoda, fuelType: 'hybrid', evRangeKm: 60, importStatus: 'in-stock', expectedArrival: '2027-01-15' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['evRangeKm', 'evRangeNotCharging'],
      ['expectedArrival', 'expectedArrivalInStock'],
    ]);
    expect(vehicleErrors({ ...omoda, fuelType: 'petrol', evRangeKm: 400 })).toEqual(['Driving range is only for electric and plug-in hybrid cars: leave it empty for this fuel']);
    expect(vehicleErrors({ ...omoda, fuelType: 'plug-in-hybrid', evRangeKm: 80, importStatus: 'on-order', expectedArrival: '2027-01-15' })).toEqual([]);
    // Events stored before the rule read as they were.
    expect(VehicleSchema.parse({ ...omoda, fuelType: 'petrol', evRangeKm: 400, expectedArrival: '2027-01-15' })).toMatchObject({ evRangeKm: 400, expectedArrival: '2027-01-15' });
  });

  it('given a vehicle listed before these fields, its events still read, with unknown VIN, in stock, no range and no pricing', () => {
    const oldEvent = { type: 'VehicleListed', data: { vehicle: { ...omoda, currency: 'USD' }, listedAt: now.toISOString() } };
    const parsed = VehicleEventSchema.parse(oldEvent) as VehicleEvent;
    const state = foldVehicle([parsed]);
    expect(state.vehicle).toMatchObject({ vin: '', trim: '', importStatus: 'in-stock', expectedArrival: null, evRangeKm: null, pricing: null });
    // Saving the same record again changes nothing; saving it with pricing is an update that carries it.
    const same = VehicleSchema.parse(omoda);
    expect(decideVehicle({ type: 'Save', vehicle: same, now }, state)).toEqual([]);
    const priced = VehicleSchema.parse({ ...omoda, vin: '1M8GDM9AXKP042788', importStatus: 'on-order', expectedArrival: '2027-03-01', pricing });
    const events = decideVehicle({ type: 'Save', vehicle: priced, now }, state);
    expect(events).toEqual([{ type: 'VehicleUpdated', data: { vehicle: priced, updatedAt: now.toISOString() } }]);
    expect(foldVehicle([parsed, ...events]).vehicle).toMatchObject({ vin: '1M8GDM9AXKP042788', importStatus: 'on-order', expectedArrival: '2027-03-01', pricing });
  });

  it('reads a data-collection range in km or miles', () => {
    expect(evRangeKmOf('420 km')).toBe(420);
    expect(evRangeKmOf('510 km (CLTC)')).toBe(510);
    expect(evRangeKmOf('1,050 km combined')).toBe(1050);
    expect(evRangeKmOf('250 mi')).toBe(402);
    expect(evRangeKmOf('')).toBeNull();
    expect(evRangeKmOf('long')).toBeNull();
  });
});
