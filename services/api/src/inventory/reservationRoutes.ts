import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readState, type ReservationRequestsTable } from '@autobest/db';
import {
  decideReservationRequest,
  decideVehicle,
  initialReservationRequestState,
  isOpenReservationRequest,
  isUuid,
  openReservationOf,
  phoneKey,
  ReservationCreatedSchema,
  reservationRequestDecider,
  ReservationRequestSchema,
  reservationRequestStreamId,
  ReservationSchema,
  reservableVehicle,
  STAFF_AREAS,
  vehicleDecider,
  vehicleStreamId,
  type ReservationRequest,
  type ReservationRequestState,
} from '@autobest/domain';
import { createOnce, handleCommand, STREAMS } from '../http/commands';
import { IdempotencyKeyHeaders, IdempotencyKeyReusedResponse } from '../http/idempotency';
import { errorResponses, notFound } from '../http/errors';
import { FOLLOW_UP, FOLLOW_UP_SORTABLE, followUpCsv, followUpFieldsOf, followUpStatusFilter, registerFollowUpRoutes } from '../followUps/routes';
import { consumePerContact, perAddressAndContact } from '../plugins/publicWriteLimits';
import { dateFilters, simpleRestList, withinDates } from '../http/simpleRest';
import { fieldsOf, sortableColumns } from '../http/apiFields';
import { installationKey } from '../security/installationKeys';

const reservationRequests = simpleRestList({
  resource: 'reservation-requests',
  from: (db) => db.selectFrom('reservation_requests'),
  sortable: { ...sortableColumns('requested_at', 'vehicle_name', 'name'), ...FOLLOW_UP_SORTABLE },
  defaultSort: ['requestedAt', 'DESC'],
  search: { maxLength: 100, matches: (pattern) => sql<boolean>`concat_ws(' ', vehicle_id, vehicle_name, name, phone, email) ilike ${pattern}` },
  filters: { status: followUpStatusFilter, vehicleId: z.string().max(100).optional(), ...dateFilters },
  equals: { status: 'status', vehicleId: 'vehicle_id' },
  where: (query, filter) => withinDates(query, 'requested_at', filter),
  uuidIds: true,
  toRecord: toReservationRequest,
});

/** Buyers ask to reserve a vehicle; staff follow the requests up. */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const idKey = installationKey(app.config.statusTokenSecret, ID_KEY_USE);
  app.post(
    '/api/vehicles/:id/reservations',
    {
      ...perAddressAndContact(app, 'reservation'),
      schema: {
        tags: ['inventory'],
        summary: "Ask to reserve a vehicle ('Reserve Now'); staff are told, and a buyer who gave an email gets an acknowledgement in `language`",
        description: 'One open request per buyer (phone) and vehicle: asking again while it is open answers the same id and records nothing. Staff closing it ends it.',
        headers: IdempotencyKeyHeaders,
        params: z.object({ id: z.string().max(100) }),
        body: ReservationSchema,
        response: { 201: ReservationCreatedSchema, ...IdempotencyKeyReusedResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The vehicle is part of what the key is bound to: the route's pattern alone does not name it.
      const content = () => JSON.stringify({ vehicle: request.params.id, reservation: request.body });
      const { created } = await createOnce(app, request, reply, { scope: 'reservation', key: request.headers['idempotency-key'], content, answer: ReservationCreatedSchema }, async () => {
        await consumePerContact(app, request, reply, 'reservation', { email: request.body.email, phone: request.body.phone });
        const { phone } = request.body;
        const now = new Date();
        // The vehicle's stream holds no requests (only those earlier versions put there), so reading it costs the same
        // however many buyers asked.
        const vehicle = await readState(app.eventStore, vehicleDecider, vehicleStreamId(request.params.id));
        const reserved = reservableVehicle(vehicle.state);
        const onVehicleStream = openReservationOf(vehicle.state, phone, now);
        if (onVehicleStream) return { id: onVehicleStream.reservationId };
        const { newest, nextId } = await buyersRequests(app, idKey, reserved.id, phone);
        if (newest && isOpenReservationRequest(newest.state, vehicle.state, now)) return { id: newest.id };
        // Two identical requests at once both take nextId: the store appends the one new stream once, and the other,
        // deciding again on it, records nothing and is answered with it. Two buyers have two ids and are both recorded.
        await handleCommand(
          app,
          request,
          STREAMS.reservationRequest,
          reservationRequestStreamId(nextId),
          (state) => decideReservationRequest({ type: 'RequestReservation', reservationId: nextId, vehicle: reserved, input: request.body, now }, state),
          { by: 'visitor', known: { state: initialReservationRequestState, version: 0 } },
        );
        return { id: nextId };
      });
      return reply.send(created);
    },
  );

  registerFollowUpRoutes(app, {
    resource: 'reservation-requests',
    permissions: STAFF_AREAS.requests,
    tags: ['inventory'],
    noun: 'Reservation request',
    statuses: FOLLOW_UP,
    recordSchema: ReservationRequestSchema,
    list: reservationRequests,
    arrivedAt: 'requested_at',
    csv: followUpCsv<Selectable<ReservationRequestsTable>>({
      columns: ['ID', 'Requested', 'Vehicle ID', 'Vehicle', 'Name', 'Phone', 'Email', 'Language'],
      cells: (row) => [row.id, new Date(row.requested_at).toISOString(), row.vehicle_id, row.vehicle_name, row.name, row.phone, row.email ?? '', row.language],
    }),
    async followUp(request, id, command, expectedVersion) {
      const streamId = reservationRequestStreamId(id);
      const own = await readState(app.eventStore, reservationRequestDecider, streamId);
      if (own.state.request) {
        return handleCommand(app, request, STREAMS.reservationRequest, streamId, (state) => decideReservationRequest(command, state), {
          by: 'staff',
          expectedVersion,
          readYourWrite: true,
          known: own,
        });
      }
      // A request an earlier version kept on its vehicle's stream is followed up there; its own version is checked by
      // the decider (ReservationRequestChanged), so a change to the vehicle meanwhile is decided again, not refused.
      // The read model keys requests by uuid: an id that is none names no request.
      const row = isUuid(id) ? await app.db.selectFrom('reservation_requests').select('vehicle_id').where('id', '=', id).executeTakeFirst() : undefined;
      if (!row) throw notFound('Reservation request');
      return handleCommand(
        app,
        request,
        STREAMS.vehicleReservationRequest,
        vehicleStreamId(row.vehicle_id),
        (state) => decideVehicle({ type: 'FollowUpReservation', reservationId: id, expectedVersion, followUp: command }, state),
        { by: 'staff', readYourWrite: true },
      );
    },
  });
};

/** What keys the ids of reservation requests (installationKey). */
const ID_KEY_USE = 'autobest reservation request id v1';

/**
 * The id of a buyer's `n`-th request (from 1) in a stream of its own for a vehicle, the same whoever computes it, so
 * that two identical requests at once name the same stream: a UUID (RFC 9562 version 8) of an HMAC-SHA256 of the
 * vehicle, the buyer's phone key and `n` under a key of the installation's. Keyed, because the id is a request's
 * reference in emails and the console's addresses: a plain hash of a phone number could be reversed by trying every
 * number (about a billion) for a vehicle.
 */
function reservationRequestIdOf(idKey: Buffer, vehicleId: string, phone: string, n: number): string {
  const hash = createHmac('sha256', idKey).update(`reservation-request\n${vehicleId}\n${phoneKey(phone)}\n${n}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The buyer's newest request for the vehicle in a stream of its own, and the id their next one would have. A buyer has
 * a new request only once the one before is over (closed, 7 days old or its vehicle delisted), so these are few.
 */
async function buyersRequests(app: FastifyInstance, idKey: Buffer, vehicleId: string, phone: string) {
  let newest: { id: string; state: ReservationRequestState } | null = null;
  for (let n = 1; ; n++) {
    const id = reservationRequestIdOf(idKey, vehicleId, phone, n);
    const { state } = await readState(app.eventStore, reservationRequestDecider, reservationRequestStreamId(id));
    if (!state.request) return { newest, nextId: id };
    newest = { id, state };
  }
}

function toReservationRequest(row: Selectable<ReservationRequestsTable>): ReservationRequest {
  return { ...fieldsOf(row, ['id', 'vehicle_id', 'vehicle_name', 'name', 'phone', 'email', 'language', 'requested_at']), ...followUpFieldsOf(row) };
}
