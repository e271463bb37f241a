import { z } from 'zod';
import { eventTypesOf, type Decider } from '../platform/events';
import { NotFound } from '../platform/errors';
import { SITE_LANGUAGES } from '../platform/languages';
import { isOneLine, tooLong } from '../platform/validation';
import { EMAIL_PATTERN, PHONE_PATTERN, SiteLanguageSchema } from '../contact/contactMessage';
import { decideFollowUp, FOLLOW_UP_STATUSES, type FollowUpCommand, type FollowUpStatus } from '../followUps/followUp';
import { whatsappReplyFields } from '../whatsapp';

/*
 * A buyer's request to reserve a vehicle, and staff's follow-up of it, in a stream of its own (`reservation-{id}`), so
 * a popular vehicle's own commands read none of them. Earlier versions appended these events to the vehicle's stream;
 * those stay there and are still read (the vehicle decider, the projection and the notifier take both forms: the
 * events are the same, only their stream differs).
 */

/**
 * How long a buyer's reservation request stays open: the 7 days the terms say a reservation holds a vehicle. Staff
 * call the buyer within that time; a request after it is a new one (a reminder staff should see).
 */
export const RESERVATION_REQUEST_OPEN_DAYS = 7;

const followUpStatus = z.enum(FOLLOW_UP_STATUSES);
/** The stored forms of the three events, in either stream (the vehicle's schema takes them in too). */
export const RESERVATION_REQUEST_EVENT_SCHEMAS = [
  z.object({
    type: z.literal('ReservationRequested'),
    data: z.object({
      vehicleId: z.string(),
      reservationId: z.string(),
      name: z.string(),
      phone: z.string(),
      /** Given by the buyer, for an acknowledgement (older requests have none). */
      email: z.string().optional(),
      /** The language the buyer used on the site; absent in older requests, which were in English. */
      language: z.enum(SITE_LANGUAGES).optional(),
      /** The vehicle's name when it was asked for, as the buyer saw it (older requests have none). */
      vehicleName: z.string().optional(),
      /**
       * The vehicle's stream version the request was decided on: a delisting after it ends the request. Absent in
       * requests kept on the vehicle's stream, which a later delisting there ends by its order.
       */
      vehicleVersion: z.int().min(0).optional(),
      /** The buyer asked for updates on WhatsApp; absent in older requests, which did not offer it (read as no). */
      whatsappUpdates: z.boolean().optional(),
      requestedAt: z.string(),
    }),
  }),
  z.object({
    type: z.literal('ReservationStatusChanged'),
    data: z.object({ vehicleId: z.string(), reservationId: z.string(), from: followUpStatus, to: followUpStatus, changedAt: z.string() }),
  }),
  z.object({
    type: z.literal('ReservationNoteAdded'),
    data: z.object({ vehicleId: z.string(), reservationId: z.string(), text: z.string(), addedAt: z.string() }),
  }),
  /** The buyer answered one of our WhatsApp messages: a note in the request's history, and staff are told. */
  z.object({
    type: z.literal('ReservationWhatsAppReplyReceived'),
    data: z.object({ vehicleId: z.string(), reservationId: z.string(), ...whatsappReplyFields }),
  }),
] as const;
/** A reservation request event as stored: the one declaration of the stream's events, which the type and the type names come from. */
export const ReservationRequestEventSchema = z.discriminatedUnion('type', RESERVATION_REQUEST_EVENT_SCHEMAS);
export type ReservationRequestEvent = z.infer<typeof ReservationRequestEventSchema>;
export type ReservationRequested = Extract<ReservationRequestEvent, { type: 'ReservationRequested' }>;
export type ReservationStatusChanged = Extract<ReservationRequestEvent, { type: 'ReservationStatusChanged' }>;
export type ReservationNoteAdded = Extract<ReservationRequestEvent, { type: 'ReservationNoteAdded' }>;
export type ReservationWhatsAppReplyReceived = Extract<ReservationRequestEvent, { type: 'ReservationWhatsAppReplyReceived' }>;

/** The events about one buyer's reservation request rather than the vehicle itself. */
export const RESERVATION_EVENT_TYPES = eventTypesOf(ReservationRequestEventSchema);

const STREAM_PREFIX = 'reservation-';
export const reservationRequestStreamId = (reservationId: string) => `${STREAM_PREFIX}${reservationId}`;
/** Whether a stored event is in a request's own stream, rather than on its vehicle's (an earlier version's). */
export const isReservationRequestStream = (streamId: string) => streamId.startsWith(STREAM_PREFIX);

/** What a request records of its vehicle when it is made (reservableVehicle gives it). */
export interface ReservedVehicle {
  id: string;
  name: string;
  version: number;
}

export interface ReservationRequestState {
  /** Null until the buyer asked. */
  request: { reservationId: string; vehicleId: string; requestedAt: string; vehicleVersion: number } | null;
  status: FollowUpStatus;
  /** How many events the request has had: its stream's version, the one staff see. */
  version: number;
}
export const initialReservationRequestState: ReservationRequestState = { request: null, status: 'new', version: 0 };

export function evolveReservationRequest(state: ReservationRequestState, event: ReservationRequestEvent): ReservationRequestState {
  const version = state.version + 1;
  switch (event.type) {
    case 'ReservationRequested': {
      const { reservationId, vehicleId, requestedAt, vehicleVersion = 0 } = event.data;
      return { request: { reservationId, vehicleId, requestedAt, vehicleVersion }, status: 'new', version };
    }
    case 'ReservationStatusChanged':
      return { ...state, status: event.data.to, version };
    case 'ReservationNoteAdded':
    case 'ReservationWhatsAppReplyReceived':
      return { ...state, version };
  }
}
export const foldReservationRequest = (events: readonly ReservationRequestEvent[]) => events.reduce(evolveReservationRequest, initialReservationRequestState);

export const reservationRequestDecider: Decider<ReservationRequestState, ReservationRequestEvent> = {
  eventSchema: ReservationRequestEventSchema,
  initialState: initialReservationRequestState,
  evolve: evolveReservationRequest,
};

/**
 * Whether a buyer's request is still open at `now`, so that asking again is answered with it: until staff close it,
 * for RESERVATION_REQUEST_OPEN_DAYS, and while its vehicle has not been delisted since it was made.
 */
export function isOpenReservationRequest(state: ReservationRequestState, vehicle: { delistedAtVersion: number }, now: Date): boolean {
  const { request } = state;
  if (!request || state.status === 'closed' || vehicle.delistedAtVersion > request.vehicleVersion) return false;
  return now.getTime() < new Date(request.requestedAt).getTime() + RESERVATION_REQUEST_OPEN_DAYS * 24 * 3_600_000;
}

/** What a buyer sends with the reservation form (`POST /api/vehicles/{id}/reservations`). */
export const ReservationSchema = z.object({
  name: z.string({ error: 'nameRequired' }).trim().min(1, 'nameRequired').max(100, tooLong).refine(isOneLine, 'oneLine'),
  phone: z.string({ error: 'phoneRequired' }).trim().min(1, 'phoneRequired').max(30, tooLong).regex(PHONE_PATTERN, 'phoneInvalid').refine(isOneLine, 'oneLine'),
  /** Optional: a form's blank input means "not given". */
  email: z
    .string({ error: 'invalid' })
    .trim()
    .max(254, tooLong)
    .refine(isOneLine, 'oneLine')
    .refine((value) => value === '' || EMAIL_PATTERN.test(value), 'emailInvalid')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
  language: SiteLanguageSchema.optional(),
  /** The buyer ticked "Send me updates on WhatsApp" (off by default): the request's confirmation and status changes go there too. */
  whatsappUpdates: z.boolean({ error: 'invalid' }).optional(),
});
export type ReservationInput = z.output<typeof ReservationSchema>;

export type ReservationRequestCommand = { type: 'RequestReservation'; reservationId: string; vehicle: ReservedVehicle; input: ReservationInput; now: Date } | FollowUpCommand;


/** Staff acted on a reservation request as it was before someone else changed it. */
export class ReservationRequestChanged extends Error {
  override readonly name = 'ReservationRequestChanged';
}

/**
 * A request is made once into its stream, then staff follow it up (decideFollowUp). The stream's id is the buyer's
 * next request for the vehicle (the API derives it from the vehicle, the buyer's phone and how many they made before),
 * so a stream that already holds a request was written by the same buyer's identical request a moment earlier: this
 * one records nothing and is answered with it.
 */
export function decideReservationRequest(command: ReservationRequestCommand, state: ReservationRequestState): ReservationRequestEvent[] {
  if (command.type === 'RequestReservation') {
    if (state.request) return [];
    const { reservationId, vehicle, input, now } = command;
    return [
      {
        type: 'ReservationRequested',
        data: { vehicleId: vehicle.id, reservationId, vehicleName: vehicle.name, vehicleVersion: vehicle.version, ...input, requestedAt: now.toISOString() },
      },
    ];
  }
  if (!state.request) throw new NotFound('reservation-request');
  const { reservationId, vehicleId } = state.request;
  const change = decideFollowUp(command, state.status);
  if (!change) return [];
  return change.type === 'StatusChanged'
    ? [{ type: 'ReservationStatusChanged', data: { vehicleId, reservationId, from: change.from, to: change.to, changedAt: change.at } }]
    : [{ type: 'ReservationNoteAdded', data: { vehicleId, reservationId, text: change.text, addedAt: change.at } }];
}
