/**
 * Sample data that tests in several packages seed: a catalogue vehicle, a visitor's contact message and reservation
 * request, built through the deciders so they are the events the storefront's routes would record; a vehicle as Tara
 * shows it, a data-collection record that passes every check, and the seeded generator of the tests that draw cases.
 */
import type { z } from 'zod';
import type { ChatVehicleCard } from './assistant/contracts';
import type { CurrencyCode } from './money/currencies';
import { decideContactMessage, initialContactMessageState, type ContactMessageInput } from './contact/contactMessage';
import type { CollectedRecordSchema } from './inventory/dataCollection';
import { decideReservationRequest, initialReservationRequestState, type ReservationInput } from './inventory/reservationRequest';
import {
  decideVehicle,
  foldVehicle,
  initialVehicleState,
  reservableVehicle,
  VehicleSchema,
  type Vehicle,
  type VehicleEvent,
} from './inventory/vehicle';

/** A 2024 SUV as the catalogue lists it, named by its brand and model. */
const sampleSuv = (brand: string, model: string, price: number, image: string, engine: string): Vehicle =>
  VehicleSchema.parse({
    id: `${brand}-${model}-2024`.toLowerCase().replace(/ /g, '-'),
    name: `${brand} ${model}`,
    price,
    images: [{ url: image }],
    specifications: [{ name: 'Engine', value: engine }],
    category: 'SUV',
    brand,
    model,
    year: 2024,
  });

/** The vehicle the follow-up tests reserve. */
export const sampleVenza: Vehicle = sampleSuv('Toyota', 'Venza', 42000, '/v.svg', '2.5L');

/** The vehicle the reservation and public-write tests reserve. */
export const sampleOmoda5: Vehicle = sampleSuv('Chery', 'Omoda 5', 35000, '/vehicles/omoda-5.webp', '1.5T');

/** The events that put a vehicle in the catalogue. */
export function listVehicle(vehicle: Vehicle, now: Date): VehicleEvent[] {
  return decideVehicle({ type: 'Save', vehicle, now }, initialVehicleState);
}

/** The events of a contact message received from the storefront. */
export function receiveContactMessage(contactMessageId: string, input: ContactMessageInput, now: Date) {
  return decideContactMessage({ type: 'ReceiveContactMessage', contactMessageId, input, now }, initialContactMessageState);
}

/** The events of a reservation request for the vehicle that `listed` put in the catalogue. */
export function requestReservation(reservationId: string, listed: VehicleEvent[], input: ReservationInput, now: Date) {
  return decideReservationRequest(
    { type: 'RequestReservation', reservationId, vehicle: reservableVehicle(foldVehicle(listed)), input, now },
    initialReservationRequestState,
  );
}

/** A vehicle as Tara's replies show it: an SUV at the catalogue path of its id. */
export function chatVehicleCard(id: string, name: string, price: { amount: number; currency: CurrencyCode } = { amount: 28_000_000, currency: 'NGN' }): ChatVehicleCard {
  return {
    id,
    name,
    subtitle: '2.5L Hybrid',
    year: 2024,
    category: 'SUV',
    price,
    image: null,
    efficiency: { label: 'Hybrid', score: 4 },
    powerHp: 219,
    rating: 4.6,
    reviewCount: 40,
    path: `/vehicle/${id}`,
  };
}

/** What staff type for the Chery Tiggo 2 Pro: every field the collection checks ask for, not yet verified. */
export const collectedTiggo2Pro = {
  fobPriceUSD: 14500,
  priceSource: 'https://www.auto-in-china.com/chery/tiggo-2-pro',
  engineType: '1.5L petrol',
  power: '114 HP',
  maxTorque: 138,
  transmission: 'CVT',
  fuelType: 'petrol',
  length: 4200,
  width: 1760,
  height: 1570,
  wheelbase: 2555,
  curbWeight: 1230,
  keyFeatures: ['Rear camera'],
  images: { front: 'https://img.example/f.jpg', sideLeft: 'https://img.example/l.jpg', sideRight: 'https://img.example/r.jpg', rear: 'https://img.example/b.jpg', dashboard: 'https://img.example/d.jpg' },
} satisfies z.input<typeof CollectedRecordSchema>;

/** A seeded generator (mulberry32) and the choices built on it: the same cases on every run, and a failing one replays. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  /** A number in [0, 1). */
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** Up to `max` of the items, each at most once, in the order drawn. */
  const some = <T>(items: readonly T[], max: number): T[] => {
    const count = Math.floor(next() * (max + 1));
    const pool = [...items];
    const chosen: T[] = [];
    for (let index = 0; index < count && pool.length > 0; index += 1) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return chosen;
  };
  return {
    next,
    /** An integer from min to max, both included. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (share: number) => next() < share,
    pick,
    some,
  };
}

/** A sell-car request's text fields as the storefront's form sends them, for this owner (the photos go beside them). */
export const sellCarFormFields = (owner: { fullName: string; phoneNumber: string; email: string }): Record<string, string> => ({
  ...owner,
  make: 'Toyota',
  model: 'Corolla',
  year: '2018',
  odometer: '84000',
  fuelType: 'petrol',
  transmission: 'automatic',
  underFinance: 'no',
  askingPrice: '5200000',
  consent: 'true',
});
