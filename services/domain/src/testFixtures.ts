/**
 * Sample data that tests in several packages seed: a catalogue vehicle, a visitor's contact message and reservation
 * request, built through the deciders so they are the events the storefront's routes would record.
 */
import { decideContactMessage, initialContactMessageState, type ContactMessageInput } from './contact/contactMessage';
import { decideReservationRequest, initialReservationRequestState } from './inventory/reservationRequest';
import {
  decideVehicle,
  foldVehicle,
  initialVehicleState,
  reservableVehicle,
  VehicleSchema,
  type ReservationInput,
  type Vehicle,
  type VehicleEvent,
} from './inventory/vehicle';

/** The vehicle the follow-up tests reserve. */
export const sampleVenza: Vehicle = VehicleSchema.parse({
  id: 'toyota-venza-2024',
  name: 'Toyota Venza',
  price: 42000,
  images: [{ url: '/v.svg' }],
  specifications: [{ name: 'Engine', value: '2.5L' }],
  category: 'SUV',
  brand: 'Toyota',
  model: 'Venza',
  year: 2024,
});

/** The vehicle the reservation and public-write tests reserve. */
export const sampleOmoda5: Vehicle = VehicleSchema.parse({
  id: 'chery-omoda-5-2024',
  name: 'Chery Omoda 5',
  price: 35000,
  images: [{ url: '/vehicles/omoda-5.webp' }],
  specifications: [{ name: 'Engine', value: '1.5T' }],
  category: 'SUV',
  brand: 'Chery',
  model: 'Omoda 5',
  year: 2024,
});

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

/** The sell-car form's text fields as an owner fills them in (the photos go beside them). */
export const sampleSellCarFields: Readonly<Record<string, string>> = {
  fullName: 'Chinedu Eze',
  phoneNumber: '+2348035550142',
  email: 'chinedu@example.ng',
  make: 'Toyota',
  model: 'Corolla',
  year: '2018',
  odometer: '84000',
  fuelType: 'petrol',
  transmission: 'automatic',
  underFinance: 'no',
  askingPrice: '5200000',
  consent: 'true',
};
