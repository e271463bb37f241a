import { describe, expect, it } from 'vitest';
import {
  decideReservationRequest,
  decideVehicle,
  foldReservationRequest,
  foldVehicle,
  FollowUpStatusRefused,
  initialReservationRequestState,
  isOpenReservationRequest,
  RESERVATION_REQUEST_OPEN_DAYS,
  ReservationRequestEventSchema,
  ReservationSchema,
  reservableVehicle,
  validate,
  type ReservationRequestCommand,
  type ReservationRequestEvent,
  type VehicleEvent,
} from '../src/index';
import { listVehicle, sampleOmoda5 as vehicle } from '../src/testFixtures';

/** A reservation request in a stream of its own: given its past events, when a command, then these events. */
const given = (...events: ReservationRequestEvent[]) => ({
  when: (command: ReservationRequestCommand) => ({
    then: (expected: ReservationRequestEvent[]) => expect(decideReservationRequest(command, foldReservationRequest(events))).toEqual(expected),
    thenThrows: (error: new (...args: never[]) => Error) => expect(() => decideReservationRequest(command, foldReservationRequest(events))).toThrow(error),
  }),
});

const requestedAt = new Date('2026-11-22T10:00:00Z');
const later = (days: number) => new Date(requestedAt.getTime() + days * 24 * 3_600_000);
const listed: VehicleEvent[] = listVehicle(vehicle, requestedAt);
const reserved = reservableVehicle(foldVehicle(listed));
const request = (now = requestedAt, vehicleSeen = reserved): ReservationRequestCommand => ({
  type: 'RequestReservation',
  reservationId: 'r1',
  vehicle: vehicleSeen,
  input: { name: 'Chidi', phone: '08035550142', email: 'chidi@example.ng', language: 'fr' },
  now,
});
const requested: ReservationRequestEvent = {
  type: 'ReservationRequested',
  data: {
    vehicleId: vehicle.id,
    reservationId: 'r1',
    vehicleName: 'Chery Omoda 5',
    vehicleVersion: 1,
    name: 'Chidi',
    phone: '08035550142',
    email: 'chidi@example.ng',
    language: 'fr',
    requestedAt: requestedAt.toISOString(),
  },
};
const statusChanged = (from: 'new' | 'contacted' | 'closed', to: 'contacted' | 'closed', days = 1): ReservationRequestEvent => ({
  type: 'ReservationStatusChanged',
  data: { vehicleId: vehicle.id, reservationId: 'r1', from, to, changedAt: later(days).toISOString() },
});

describe('a reservation request in a stream of its own', () => {
  it('given nothing, when a buyer asks, then the request is recorded with the vehicle as they saw it and its version', () => {
    given().when(request()).then([requested]);
    expect(ReservationRequestEventSchema.parse(requested)).toEqual(requested);
  });

  it('given the request is in its stream (an identical request got there first), when asked again, then nothing is recorded', () => {
    given(requested).when(request(later(0.001))).then([]);
  });

  it('given a request, when staff mark it contacted and add a note, then each is recorded and the version counts them', () => {
    given(requested).when({ type: 'ChangeStatus', status: 'contacted', now: later(1) }).then([statusChanged('new', 'contacted')]);
    given(requested, statusChanged('new', 'contacted'))
      .when({ type: 'AddNote', text: 'Deposit on Monday', now: later(2) })
      .then([{ type: 'ReservationNoteAdded', data: { vehicleId: vehicle.id, reservationId: 'r1', text: 'Deposit on Monday', addedAt: later(2).toISOString() } }]);
    expect(foldReservationRequest([requested, statusChanged('new', 'contacted')])).toMatchObject({ status: 'contacted', version: 2 });
  });

  it('given nothing, when staff follow it up, then it is not found; moving back to new is refused; the same status changes nothing', () => {
    given().when({ type: 'AddNote', text: 'x', now: later(1) }).thenThrows(expect.objectContaining({ name: 'NotFound', kind: 'reservation-request' }));
    given(requested, statusChanged('new', 'closed')).when({ type: 'ChangeStatus', status: 'new', now: later(2) }).thenThrows(FollowUpStatusRefused);
    given(requested, statusChanged('new', 'closed')).when({ type: 'ChangeStatus', status: 'closed', now: later(2) }).then([]);
  });
});

describe('one open reservation request per buyer and vehicle', () => {
  const open = (events: ReservationRequestEvent[], vehicleEvents: VehicleEvent[], now: Date) => isOpenReservationRequest(foldReservationRequest(events), foldVehicle(vehicleEvents), now);

  it('is open for 7 days, contacted or not; nothing asked is not open', () => {
    expect(open([requested], listed, later(RESERVATION_REQUEST_OPEN_DAYS - 0.01))).toBe(true);
    expect(open([requested, statusChanged('new', 'contacted')], listed, later(2))).toBe(true);
    expect(open([requested], listed, later(RESERVATION_REQUEST_OPEN_DAYS))).toBe(false);
    expect(isOpenReservationRequest(initialReservationRequestState, foldVehicle(listed), later(1))).toBe(false);
  });

  it('ends when staff close it', () => {
    expect(open([requested, statusChanged('new', 'closed')], listed, later(1))).toBe(false);
  });

  it('ends when its vehicle is delisted after it, also once the vehicle is listed again; a request made after the relisting is open', () => {
    const delisted: VehicleEvent[] = [...listed, ...decideVehicle({ type: 'Delist', reason: 'sold', now: later(1) }, foldVehicle(listed))];
    const relisted: VehicleEvent[] = [...delisted, ...decideVehicle({ type: 'Save', vehicle: { ...vehicle, price: 34000 }, now: later(2) }, foldVehicle(delisted))];
    expect(open([requested], relisted, later(2))).toBe(false);
    const afterRelisting = decideReservationRequest(request(later(2), reservableVehicle(foldVehicle(relisted))), initialReservationRequestState);
    expect(afterRelisting).toMatchObject([{ data: { vehicleVersion: 3 } }]);
    expect(open(afterRelisting, relisted, later(3))).toBe(true);
  });

  it("a change to the vehicle that is not a delisting (its price) leaves the request open", () => {
    const priced: VehicleEvent[] = [...listed, ...decideVehicle({ type: 'ChangePrice', price: 30000, currency: 'USD', now: later(1) }, foldVehicle(listed))];
    expect(open([requested], priced, later(2))).toBe(true);
  });
});

describe('ReservationSchema', () => {
  const fields = (input: object) => {
    const result = validate(ReservationSchema, input);
    return result.ok ? result.value : Object.fromEntries(Object.entries(result.fields).map(([field, { message }]) => [field, message]));
  };

  it('keeps the phone required and takes an optional email, blank meaning none, checked like every other email', () => {
    expect(fields({ name: 'Chidi', phone: '08035550142' })).toEqual({ name: 'Chidi', phone: '08035550142' });
    expect(fields({ name: 'Chidi', phone: '08035550142', email: ' ' })).toEqual({ name: 'Chidi', phone: '08035550142' });
    expect(fields({ name: 'Chidi', phone: '08035550142', email: ' chidi@example.ng ', language: 'sw' })).toEqual({ name: 'Chidi', phone: '08035550142', email: 'chidi@example.ng', language: 'sw' });
    expect(fields({ name: 'Chidi', phone: '', email: 'chidi@example.ng' })).toEqual({ phone: 'Phone number is required' });
    expect(fields({ name: 'Chidi', phone: '08035550142', email: 'chidi@example' })).toEqual({ email: 'Please enter a valid email address' });
    expect(fields({ name: 'Chidi', phone: '08035550142', language: 'de' })).toEqual({ language: 'Language must be one of: en, fr, ar, sw' });
  });
});
