import { z } from 'zod';
import type { DomainEvent } from '../platform/events';
import { PRICE_CURRENCY_CODES, type PriceCurrency } from '../money/currencies';

export const VehicleMessages = {
  idRequired: 'Vehicle ID is required',
  nameRequired: 'Vehicle name is required',
  brandRequired: 'Brand is required',
  modelRequired: 'Model is required',
  yearInvalid: 'Valid year (2020-2025) is required',
  priceInvalid: 'Valid price is required',
  imagesRequired: 'At least one image is required',
  specificationsRequired: 'Vehicle specifications are required',
  categoryRequired: 'Vehicle category is required',
} as const;

export const VEHICLE_YEAR_MIN = 2020;
export const VEHICLE_YEAR_MAX = 2025;
export const VEHICLE_CONDITIONS = ['new', 'used', 'certified'] as const;
export const CONDITION_LABELS = { new: 'New', used: 'Used', certified: 'Certified Pre-Owned' } as const;
export const FUEL_TYPES = ['petrol', 'diesel', 'hybrid', 'plug-in-hybrid', 'electric'] as const;
export const BODY_TYPES = ['sedan', 'hatchback', 'coupe', 'suv', 'crossover', 'pickup', 'truck', 'minivan', 'van'] as const;
export const TRANSMISSIONS = ['automatic', 'manual', 'cvt', 'dct', 'single-speed'] as const;

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

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
  id: required(VehicleMessages.idRequired, 100).regex(/^[A-Za-z0-9._-]+$/, 'Vehicle ID may hold letters, digits, ".", "_" and "-" only'),
  name: required(VehicleMessages.nameRequired),
  subtitle: z.string().trim().max(300).default(''),
  description: z.string().trim().max(10_000).default(''),
  price: z.number({ error: VehicleMessages.priceInvalid }).gt(0, VehicleMessages.priceInvalid).max(1e12, VehicleMessages.priceInvalid),
  currency: z.enum(PRICE_CURRENCY_CODES).default('USD'),
  images: z.array(ImageSchema, { error: VehicleMessages.imagesRequired }).min(1, VehicleMessages.imagesRequired).max(40),
  specifications: z.array(SpecificationSchema, { error: VehicleMessages.specificationsRequired }).min(1, VehicleMessages.specificationsRequired).max(200),
  features: z.array(FeatureSchema).max(200).default([]),
  category: required(VehicleMessages.categoryRequired, 60),
  brand: required(VehicleMessages.brandRequired, 60),
  model: required(VehicleMessages.modelRequired, 60),
  year: z.number({ error: VehicleMessages.yearInvalid }).int(VehicleMessages.yearInvalid).min(VEHICLE_YEAR_MIN, VehicleMessages.yearInvalid).max(VEHICLE_YEAR_MAX, VehicleMessages.yearInvalid),
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
});

export type VehicleInput = z.input<typeof VehicleSchema>;
export type Vehicle = z.output<typeof VehicleSchema>;

/** Every failing rule of a record as the spec words it, for bulk import's '{name or Unknown}: {errors}'. */
export function vehicleErrors(input: unknown): string[] {
  const parsed = VehicleSchema.safeParse(input);
  if (parsed.success) return [];
  return [...new Set(parsed.error.issues.map((issue) => issue.message))];
}

export type VehicleListed = DomainEvent<'VehicleListed', { vehicle: Vehicle; listedAt: string }>;
export type VehicleUpdated = DomainEvent<'VehicleUpdated', { vehicle: Vehicle; updatedAt: string }>;
export type VehiclePriceChanged = DomainEvent<'VehiclePriceChanged', { vehicleId: string; price: number; currency: PriceCurrency; changedAt: string }>;
export type VehicleDelisted = DomainEvent<'VehicleDelisted', { vehicleId: string; reason: string; delistedAt: string }>;
export type ReservationRequested = DomainEvent<
  'ReservationRequested',
  { vehicleId: string; reservationId: string; name: string; phone: string; requestedAt: string }
>;

export type VehicleEvent = VehicleListed | VehicleUpdated | VehiclePriceChanged | VehicleDelisted | ReservationRequested;
export const VEHICLE_EVENT_TYPES: ReadonlySet<string> = new Set<VehicleEvent['type']>([
  'VehicleListed',
  'VehicleUpdated',
  'VehiclePriceChanged',
  'VehicleDelisted',
  'ReservationRequested',
]);
export const vehicleStreamId = (vehicleId: string) => `vehicle-${vehicleId}`;

export interface VehicleState {
  vehicle: Vehicle | null;
  listed: boolean;
  delisted: boolean;
}
export const initialVehicleState: VehicleState = { vehicle: null, listed: false, delisted: false };

export function evolveVehicle(state: VehicleState, event: VehicleEvent): VehicleState {
  switch (event.type) {
    case 'VehicleListed':
      return { vehicle: event.data.vehicle, listed: true, delisted: false };
    case 'VehicleUpdated':
      return { ...state, vehicle: event.data.vehicle, delisted: false };
    case 'VehiclePriceChanged':
      return state.vehicle ? { ...state, vehicle: { ...state.vehicle, price: event.data.price, currency: event.data.currency } } : state;
    case 'VehicleDelisted':
      return { ...state, delisted: true };
    case 'ReservationRequested':
      return state;
  }
}
export const foldVehicle = (events: readonly VehicleEvent[]) => events.reduce(evolveVehicle, initialVehicleState);

export class VehicleNotFound extends Error {
  override readonly name = 'VehicleNotFound';
}

export const ReservationSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  phone: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').regex(/^\+?[\d\s\-()]{10,}$/, 'Please enter a valid phone number').max(30),
});

export type VehicleCommand =
  | { type: 'Save'; vehicle: Vehicle; now: Date }
  | { type: 'ChangePrice'; price: number; currency: PriceCurrency; now: Date }
  | { type: 'Delist'; reason: string; now: Date }
  | { type: 'RequestReservation'; reservationId: string; name: string; phone: string; now: Date };

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

/** Listing a new id lists it; saving a known one updates it (also relisting a delisted one). */
export function decideVehicle(command: VehicleCommand, state: VehicleState): VehicleEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'Save':
      if (!state.listed) return [{ type: 'VehicleListed', data: { vehicle: command.vehicle, listedAt: at } }];
      if (!state.delisted && state.vehicle && sameVehicle(state.vehicle, command.vehicle)) return [];
      return [{ type: 'VehicleUpdated', data: { vehicle: command.vehicle, updatedAt: at } }];
    case 'ChangePrice':
      if (!state.vehicle || state.delisted) throw new VehicleNotFound(`Vehicle not found`);
      if (state.vehicle.price === command.price && state.vehicle.currency === command.currency) return [];
      return [{ type: 'VehiclePriceChanged', data: { vehicleId: state.vehicle.id, price: command.price, currency: command.currency, changedAt: at } }];
    case 'Delist':
      if (!state.vehicle || state.delisted) throw new VehicleNotFound(`Vehicle not found`);
      return [{ type: 'VehicleDelisted', data: { vehicleId: state.vehicle.id, reason: command.reason, delistedAt: at } }];
    case 'RequestReservation':
      if (!state.vehicle || state.delisted) throw new VehicleNotFound(`Vehicle not found`);
      return [
        {
          type: 'ReservationRequested',
          data: { vehicleId: state.vehicle.id, reservationId: command.reservationId, name: command.name, phone: command.phone, requestedAt: at },
        },
      ];
  }
}
