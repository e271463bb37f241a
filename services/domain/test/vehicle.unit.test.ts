import { describe, expect, it } from 'vitest';
import {
  decideVehicle,
  foldVehicle,
  initialVehicleState,
  matchesTab,
  openReservationOf,
  RESERVATION_REQUEST_OPEN_DAYS,
  tabsOf,
  VehicleNotFound,
  VehicleSchema,
  vehicleErrors,
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
    expect(() => decideVehicle({ type: 'ChangePrice', price: 1, currency: 'USD', now }, delisted)).toThrow(VehicleNotFound);
    expect(() => decideVehicle({ type: 'RequestReservation', reservationId: 'r', name: 'A', phone: '08035550142', now }, delisted)).toThrow(VehicleNotFound);
  });
});

describe('one open reservation request per buyer and vehicle', () => {
  const vehicle = VehicleSchema.parse(omoda);
  const listedAt = new Date('2026-11-22T10:00:00Z');
  const listed = decideVehicle({ type: 'Save', vehicle, now: listedAt }, initialVehicleState);
  const later = (days: number) => new Date(listedAt.getTime() + days * 24 * 3_600_000);
  const reserve = (history: VehicleEvent[], reservationId: string, phone: string, now: Date) =>
    decideVehicle({ type: 'RequestReservation', reservationId, name: 'Chidi', phone, now }, foldVehicle(history));

  it('given a buyer asked, when they ask again (the same phone written another way), then nothing is recorded and their first request answers', () => {
    const first = reserve(listed, 'r1', '+234 803 555 0142', listedAt);
    expect(first).toMatchObject([{ type: 'ReservationRequested', data: { reservationId: 'r1' } }]);
    const history = [...listed, ...first];
    expect(reserve(history, 'r2', '00234-803-555-0142', later(1))).toEqual([]);
    expect(openReservationOf(foldVehicle(history), '234 8035550142', later(1))?.reservationId).toBe('r1');
  });

  it('another buyer is recorded; the same buyer is recorded again once the first request closed', () => {
    const history = [...listed, ...reserve(listed, 'r1', '08035550142', listedAt)];
    expect(reserve(history, 'r2', '08035550199', listedAt)).toHaveLength(1);
    expect(reserve(history, 'r3', '08035550142', later(RESERVATION_REQUEST_OPEN_DAYS - 0.01))).toEqual([]);
    expect(reserve(history, 'r3', '08035550142', later(RESERVATION_REQUEST_OPEN_DAYS))).toMatchObject([{ data: { reservationId: 'r3' } }]);
  });

  it('delisting closes every open request: after relisting, asking again is a new request', () => {
    const history: VehicleEvent[] = [
      ...listed,
      ...reserve(listed, 'r1', '08035550142', listedAt),
      { type: 'VehicleDelisted', data: { vehicleId: vehicle.id, reason: 'sold', delistedAt: later(1).toISOString() } },
      { type: 'VehicleUpdated', data: { vehicle, updatedAt: later(2).toISOString() } },
    ];
    expect(reserve(history, 'r2', '08035550142', later(2))).toMatchObject([{ data: { reservationId: 'r2' } }]);
  });
});
