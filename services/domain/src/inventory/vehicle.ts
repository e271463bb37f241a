import { z } from 'zod';
import { eventTypesOf, type Decider } from '../platform/events';
import { NotFound } from '../platform/errors';
import { TEXT_RULE_CODES, withCleanText } from '../platform/validation';
import { messageOfIssue, type MessageCode } from '../platform/messages';
import { PRICE_CURRENCY_CODES, type PriceCurrency } from '../money/currencies';
import { phoneKey } from '../contact/people';
import { decideFollowUp, type FollowUpCommand, type FollowUpStatus } from '../followUps/followUp';
import { BODY_TYPES, chargesFromTheGrid, FUEL_TYPES, TRANSMISSIONS, VEHICLE_CONDITIONS } from './kinds';
import { CalendarDateSchema, EV_RANGE_KM_MAX, IMPORT_STATUSES, VehiclePricingSchema, VinSchema } from './vehicleRecord';
import {
  RESERVATION_REQUEST_EVENT_SCHEMAS,
  RESERVATION_REQUEST_OPEN_DAYS,
  ReservationRequestChanged,
  type ReservedVehicle,
} from './reservationRequest';

/** The dearest listing we take, in its currency's major units (and so the top of a price search). */
export const VEHICLE_PRICE_MAX = 1e12;
export const VEHICLE_YEAR_MIN = 2020;
export const VEHICLE_YEAR_MAX = 2025;

const required = (message: MessageCode, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

const ImageSchema = z.object({
  url: z.string().trim().min(1).max(1000),
  alt: z.string().trim().max(300).default(''),
  isPrimary: z.boolean().optional(),
});
const SpecificationSchema = z.object({
  name: z.string().trim().min(1).max(100),
  value: z.string().trim().min(1).max(200),
  category: z.string().trim().max(60).default('General'),
});
const FeatureSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).default(''),
  category: z.string().trim().max(60).default('General'),
});

/**
 * A catalogue record: the spec's vehicle fields plus condition, fuel, body, transmission, odometer and
 * location. Prices are in US dollars unless a currency is given.
 */
export const VehicleSchema = z.object({
  id: required('vehicleIdRequired', 100).regex(/^[A-Za-z0-9._-]+$/, 'vehicleIdInvalid'),
  name: required('vehicleNameRequired'),
  subtitle: z.string().trim().max(300).default(''),
  description: z.string().trim().max(10_000).default(''),
  price: z.number({ error: 'priceInvalid' }).gt(0, 'priceInvalid').max(VEHICLE_PRICE_MAX, 'priceInvalid'),
  currency: z.enum(PRICE_CURRENCY_CODES).default('USD'),
  images: z.array(ImageSchema, { error: 'imagesRequired' }).min(1, 'imagesRequired').max(40),
  specifications: z.array(SpecificationSchema, { error: 'specificationsRequired' }).min(1, 'specificationsRequired').max(200),
  features: z.array(FeatureSchema).max(200).default([]),
  category: required('categoryRequired', 60),
  brand: required('brandRequired', 60),
  model: required('modelRequired', 60),
  year: z.number({ error: 'yearInvalid' }).int('yearInvalid').min(VEHICLE_YEAR_MIN, 'yearInvalid').max(VEHICLE_YEAR_MAX, 'yearInvalid'),
  rating: z.number().min(0).max(5).default(0),
  reviewCount: z.int().min(0).default(0),
  inStock: z.boolean().default(true),
  isNew: z.boolean().default(true),
  isFeatured: z.boolean().default(false),
  sourceUrl: z.string().trim().max(1000).default(''),
  condition: z.enum(VEHICLE_CONDITIONS).default('new'),
  fuelType: z.enum(FUEL_TYPES).default('petrol'),
  bodyType: z.enum(BODY_TYPES).default('suv'),
  transmission: z.enum(TRANSMISSIONS).default('automatic'),
  odometerKm: z.int().min(0).max(2_000_000).default(0),
  location: z.object({ city: z.string().trim().min(1).max(80), country: z.string().trim().min(2).max(80) }).default({ city: 'Lagos', country: 'Nigeria' }),
  // The whole record (issue 18.1). Events listed before these fields read with their defaults: unknown, in stock.
  vin: VinSchema.default(''),
  trim: z.string().trim().max(100, 'tooLong').default(''),
  importStatus: z.enum(IMPORT_STATUSES, { error: 'importStatusInvalid' }).default('in-stock'),
  /** When a car in transit or on order should reach its city; ignored while it is in stock. */
  expectedArrival: CalendarDateSchema.nullable().default(null),
  /** Driving range on electricity, of electric and plug-in cars, in km. */
  evRangeKm: z.int({ error: 'evRangeInvalid' }).min(1, 'evRangeInvalid').max(EV_RANGE_KM_MAX, 'evRangeInvalid').nullable().default(null),
  /** Staff's quoted range and reservation amount; without it the vehicle page shows the price. */
  pricing: VehiclePricingSchema.nullable().default(null),
});

export type VehicleInput = z.input<typeof VehicleSchema>;
export type Vehicle = z.output<typeof VehicleSchema>;

/**
 * What a record says must agree with itself: a driving range only for a car that charges, an expected arrival only for
 * one in transit or on order (the vehicle page would show a petrol car's "range", or an arrival for a car in the yard).
 * Checked where staff or a file give a record, not on the events already stored (VehicleSchema reads them as they are).
 */
function consistentRecord(vehicle: Pick<Vehicle, 'fuelType' | 'evRangeKm' | 'importStatus' | 'expectedArrival'>, context: z.RefinementCtx): void {
  if (vehicle.evRangeKm !== null && !chargesFromTheGrid(vehicle.fuelType)) context.addIssue({ code: 'custom', path: ['evRangeKm'], message: 'evRangeNotCharging' satisfies MessageCode });
  if (vehicle.expectedArrival !== null && vehicle.importStatus === 'in-stock') context.addIssue({ code: 'custom', path: ['expectedArrival'], message: 'expectedArrivalInStock' satisfies MessageCode });
}

/** A record staff list (POST) or a file brings: VehicleSchema, and a record that agrees with itself. */
export const VehicleRecordSchema = VehicleSchema.superRefine(consistentRecord);
/** A record staff save over a vehicle (PUT): its id comes from the path. */
export const VehicleRecordChangeSchema = VehicleSchema.omit({ id: true }).extend({ id: z.string().optional() }).superRefine(consistentRecord);

/** A record from outside (an import file): refused text first, each at its field, then VehicleRecordSchema. */
export const ImportedVehicleSchema = withCleanText(VehicleRecordSchema);

/**
 * Every failing rule of a record as the spec words it, for bulk import's '{name or Unknown}: {errors}'; refused text
 * (a control character, say) could be in any field, so it names the field.
 */
export function vehicleErrors(input: unknown): string[] {
  const parsed = ImportedVehicleSchema.safeParse(input);
  if (parsed.success) return [];
  const textRules: readonly string[] = TEXT_RULE_CODES;
  return [
    ...new Set(
      parsed.error.issues.map((issue) => {
        const { code, message } = messageOfIssue(issue);
        return textRules.includes(code) ? `${issue.path.join('.')}: ${message}` : message;
      }),
    ),
  ];
}

/**
 * A vehicle event as stored: the one declaration of the stream's events, which the type and the type names come from.
 * Reservation requests were kept on their vehicle's stream by earlier versions: those events are still read here
 * (legacy form, see reservationRequest.ts).
 */
export const VehicleEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('VehicleListed'), data: z.object({ vehicle: VehicleSchema, listedAt: z.string() }) }),
  z.object({ type: z.literal('VehicleUpdated'), data: z.object({ vehicle: VehicleSchema, updatedAt: z.string() }) }),
  z.object({ type: z.literal('VehiclePriceChanged'), data: z.object({ vehicleId: z.string(), price: z.number(), currency: z.enum(PRICE_CURRENCY_CODES), changedAt: z.string() }) }),
  z.object({ type: z.literal('VehicleDelisted'), data: z.object({ vehicleId: z.string(), reason: z.string(), delistedAt: z.string() }) }),
  ...RESERVATION_REQUEST_EVENT_SCHEMAS,
]);
export type VehicleEvent = z.infer<typeof VehicleEventSchema>;
export type VehicleListed = Extract<VehicleEvent, { type: 'VehicleListed' }>;
export type VehicleUpdated = Extract<VehicleEvent, { type: 'VehicleUpdated' }>;
export type VehiclePriceChanged = Extract<VehicleEvent, { type: 'VehiclePriceChanged' }>;
export type VehicleDelisted = Extract<VehicleEvent, { type: 'VehicleDelisted' }>;

export const VEHICLE_EVENT_TYPES = eventTypesOf(VehicleEventSchema);

export const vehicleStreamId = (vehicleId: string) => `vehicle-${vehicleId}`;

export interface OpenReservation {
  reservationId: string;
  requestedAt: string;
}

/** Where staff stand with one reservation request kept on its vehicle's stream (the legacy form). */
export interface VehicleStreamReservation {
  status: FollowUpStatus;
  /** How many events this request has had (its request, status changes and notes): the version staff see. */
  version: number;
}

export interface VehicleState {
  vehicle: Vehicle | null;
  listed: boolean;
  delisted: boolean;
  /** How many events the stream has: its version. */
  version: number;
  /** The stream's version at its last delisting (0: never delisted): every reservation request made before it is over. */
  delistedAtVersion: number;
  /**
   * Reservation requests that earlier versions kept on the vehicle's stream (new ones have streams of their own,
   * reservationRequest.ts): the newest of each buyer, by `phoneKey`; delisting the vehicle closes them all.
   */
  reservations: Readonly<Record<string, OpenReservation>>;
  /** Every reservation request on the vehicle's stream, by id, as staff follow it up (also after the vehicle was delisted). */
  requests: Readonly<Record<string, VehicleStreamReservation>>;
}
export const initialVehicleState: VehicleState = { vehicle: null, listed: false, delisted: false, version: 0, delistedAtVersion: 0, reservations: {}, requests: {} };

const followedUp = (state: VehicleState, reservationId: string, status?: FollowUpStatus): VehicleState => {
  const request = state.requests[reservationId];
  if (!request) return state;
  return { ...state, requests: { ...state.requests, [reservationId]: { status: status ?? request.status, version: request.version + 1 } } };
};

export function evolveVehicle(state: VehicleState, event: VehicleEvent): VehicleState {
  return { ...evolveRecord(state, event), version: state.version + 1 };
}

function evolveRecord(state: VehicleState, event: VehicleEvent): VehicleState {
  switch (event.type) {
    case 'VehicleListed':
      return { ...state, vehicle: event.data.vehicle, listed: true, delisted: false, reservations: {} };
    case 'VehicleUpdated':
      return { ...state, vehicle: event.data.vehicle, delisted: false };
    case 'VehiclePriceChanged':
      return state.vehicle ? { ...state, vehicle: { ...state.vehicle, price: event.data.price, currency: event.data.currency } } : state;
    case 'VehicleDelisted':
      return { ...state, delisted: true, delistedAtVersion: state.version + 1, reservations: {} };
    case 'ReservationRequested':
      return {
        ...state,
        reservations: { ...state.reservations, [phoneKey(event.data.phone)]: { reservationId: event.data.reservationId, requestedAt: event.data.requestedAt } },
        requests: { ...state.requests, [event.data.reservationId]: { status: 'new', version: 1 } },
      };
    case 'ReservationStatusChanged':
      return followedUp(state, event.data.reservationId, event.data.to);
    case 'ReservationNoteAdded':
    case 'ReservationWhatsAppReplyReceived':
      return followedUp(state, event.data.reservationId);
  }
}

/**
 * The buyer's request for this vehicle kept on the vehicle's stream (by an earlier version) that is still open at
 * `now`, if any: a repeat is answered with it. Staff closing it ends it, so the buyer can ask again.
 */
export function openReservationOf(state: VehicleState, phone: string, now: Date): OpenReservation | undefined {
  const reservation = state.reservations[phoneKey(phone)];
  if (!reservation || state.requests[reservation.reservationId]?.status === 'closed') return undefined;
  const closesAt = new Date(reservation.requestedAt).getTime() + RESERVATION_REQUEST_OPEN_DAYS * 24 * 3_600_000;
  return now.getTime() < closesAt ? reservation : undefined;
}
export const foldVehicle = (events: readonly VehicleEvent[]) => events.reduce(evolveVehicle, initialVehicleState);

export const vehicleDecider: Decider<VehicleState, VehicleEvent> = { eventSchema: VehicleEventSchema, initialState: initialVehicleState, evolve: evolveVehicle };

export type VehicleCommand =
  | { type: 'Save'; vehicle: Vehicle; now: Date }
  | { type: 'ChangePrice'; price: number; currency: PriceCurrency; now: Date }
  | { type: 'Delist'; reason: string; now: Date }
  | {
      type: 'FollowUpReservation';
      reservationId: string;
      /** The request's version the staff member saw: another is refused (ReservationRequestChanged). */
      expectedVersion?: number | undefined;
      followUp: FollowUpCommand;
    };

/** JSON with object keys sorted: stored events come back from jsonb with their keys in another order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
export const sameVehicle = (a: Vehicle, b: Vehicle) => canonical(a) === canonical(b);

/**
 * Listing a new id lists it; saving a known one updates it (also relisting a delisted one). Buyers' reservation
 * requests are not the vehicle's: they have streams of their own (reservationRequest.ts).
 */
export function decideVehicle(command: VehicleCommand, state: VehicleState): VehicleEvent[] {
  if (command.type === 'FollowUpReservation') return decideReservationFollowUp(command, state);
  const at = command.now.toISOString();
  switch (command.type) {
    case 'Save':
      if (!state.listed) return [{ type: 'VehicleListed', data: { vehicle: command.vehicle, listedAt: at } }];
      if (!state.delisted && state.vehicle && sameVehicle(state.vehicle, command.vehicle)) return [];
      return [{ type: 'VehicleUpdated', data: { vehicle: command.vehicle, updatedAt: at } }];
    case 'ChangePrice':
      if (!state.vehicle || state.delisted) throw new NotFound('vehicle', state.vehicle?.id);
      if (state.vehicle.price === command.price && state.vehicle.currency === command.currency) return [];
      return [{ type: 'VehiclePriceChanged', data: { vehicleId: state.vehicle.id, price: command.price, currency: command.currency, changedAt: at } }];
    case 'Delist':
      if (!state.vehicle || state.delisted) throw new NotFound('vehicle', state.vehicle?.id);
      return [{ type: 'VehicleDelisted', data: { vehicleId: state.vehicle.id, reason: command.reason, delistedAt: at } }];
  }
}

/** The vehicle a buyer may ask to reserve, as their request records it: a vehicle never listed, or delisted, cannot be. */
export function reservableVehicle(state: VehicleState): ReservedVehicle {
  if (!state.vehicle || state.delisted) throw new NotFound('vehicle', state.vehicle?.id);
  return { id: state.vehicle.id, name: state.vehicle.name, version: state.version };
}

/**
 * Staff follow up a reservation request kept on its vehicle's stream by an earlier version (decideFollowUp), also once
 * the vehicle is delisted. Each request has its own version, so a change to the vehicle or to another buyer's request
 * does not make a staff member's page stale.
 */
function decideReservationFollowUp(command: Extract<VehicleCommand, { type: 'FollowUpReservation' }>, state: VehicleState): VehicleEvent[] {
  const { reservationId } = command;
  const request = state.requests[reservationId];
  if (!request || !state.vehicle) throw new NotFound('reservation-request', reservationId);
  if (command.expectedVersion !== undefined && command.expectedVersion !== request.version) {
    throw new ReservationRequestChanged(`Reservation request ${reservationId} is at version ${request.version}, not ${command.expectedVersion}`);
  }
  const change = decideFollowUp(command.followUp, request.status);
  if (!change) return [];
  const vehicleId = state.vehicle.id;
  return change.type === 'StatusChanged'
    ? [{ type: 'ReservationStatusChanged', data: { vehicleId, reservationId, from: change.from, to: change.to, changedAt: change.at } }]
    : [{ type: 'ReservationNoteAdded', data: { vehicleId, reservationId, text: change.text, addedAt: change.at } }];
}
