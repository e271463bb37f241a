import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql, type Selectable } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReservationRequestsTable } from '@autobest/db';
import { decideVehicle, openReservationOf, ReservationCreatedSchema, ReservationRequestSchema, ReservationSchema, STAFF_AREAS, vehicleStreamId, type ReservationRequest } from '@autobest/domain';
import { handleCommand, STREAMS } from '../platform/commands';
import { errorResponses, notFound } from '../platform/errors';
import { FOLLOW_UP_SORTABLE, followUpFieldsOf, followUpStatusFilter, registerFollowUpRoutes } from '../platform/followUps';
import { consumePerContact, perAddressLimit } from '../platform/publicWriteLimits';
import { simpleRestList } from '../platform/simpleRest';

const reservationRequests = simpleRestList({
  resource: 'reservation-requests',
  from: (db) => db.selectFrom('reservation_requests'),
  sortable: { requestedAt: 'requested_at', vehicleName: 'vehicle_name', name: 'name', ...FOLLOW_UP_SORTABLE },
  defaultSort: ['requestedAt', 'DESC'],
  search: { maxLength: 100, matches: (pattern) => sql<boolean>`concat_ws(' ', vehicle_id, vehicle_name, name, phone, email) ilike ${pattern}` },
  filters: { status: followUpStatusFilter, vehicleId: z.string().max(100).optional() },
  where(query, { status, vehicleId }) {
    let narrowed = query;
    if (status) narrowed = narrowed.where('status', '=', status);
    if (vehicleId) narrowed = narrowed.where('vehicle_id', '=', vehicleId);
    return narrowed;
  },
  uuidIds: true,
  toRecord: toReservationRequest,
});

/** Buyers ask to reserve a vehicle; staff follow the requests up. */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/vehicles/:id/reservations',
    {
      config: perAddressLimit(app, 'reservation'),
      schema: {
        tags: ['inventory'],
        summary: "Ask to reserve a vehicle ('Reserve Now'); staff are told, and a buyer who gave an email gets an acknowledgement in `language`",
        description: 'One open request per buyer (phone) and vehicle: asking again while it is open answers the same id and records nothing. Staff closing it ends it.',
        params: z.object({ id: z.string().max(100) }),
        body: ReservationSchema,
        response: { 201: ReservationCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await consumePerContact(app, reply, 'reservation', { email: request.body.email, phone: request.body.phone });
      const reservationId = randomUUID();
      const now = new Date();
      // Two buyers at once both get theirs recorded (the loser of the race decides again); one buyer's double click
      // finds the first request open and is answered with it.
      const { state } = await handleCommand(
        app,
        request,
        STREAMS.vehicle,
        vehicleStreamId(request.params.id),
        (current) => decideVehicle({ type: 'RequestReservation', reservationId, input: request.body, now }, current),
        { by: 'visitor' },
      );
      return reply.code(201).send({ id: openReservationOf(state, request.body.phone, now)!.reservationId });
    },
  );

  registerFollowUpRoutes(app, {
    resource: 'reservation-requests',
    permissions: STAFF_AREAS.requests,
    tags: ['inventory'],
    noun: 'Reservation request',
    recordSchema: ReservationRequestSchema,
    list: reservationRequests,
    toRecord: toReservationRequest,
    arrivedAt: 'requested_at',
    csv: {
      columns: ['ID', 'Requested', 'Vehicle ID', 'Vehicle', 'Name', 'Phone', 'Email', 'Language'],
      cells: (row) => [row.id, new Date(row.requested_at).toISOString(), row.vehicle_id, row.vehicle_name, row.name, row.phone, row.email ?? '', row.language],
    },
    async followUp(request, id, command, expectedVersion) {
      // A request lives on its vehicle's stream; its own version is checked by the decider (ReservationRequestChanged),
      // so a change to the vehicle or another buyer's request meanwhile is decided again, not refused.
      const row = await app.db.selectFrom('reservation_requests').select('vehicle_id').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Reservation request');
      return handleCommand(
        app,
        request,
        STREAMS.reservationRequest,
        vehicleStreamId(row.vehicle_id),
        (state) => decideVehicle({ type: 'FollowUpReservation', reservationId: id, expectedVersion, followUp: command }, state),
        { by: 'staff', readYourWrite: true },
      );
    },
  });
};

function toReservationRequest(row: Selectable<ReservationRequestsTable>): ReservationRequest {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    vehicleName: row.vehicle_name,
    name: row.name,
    phone: row.phone,
    email: row.email,
    language: row.language,
    requestedAt: new Date(row.requested_at).toISOString(),
    ...followUpFieldsOf(row),
  };
}
