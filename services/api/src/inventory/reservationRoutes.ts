import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideVehicle, openReservationOf, ReservationSchema, vehicleStreamId } from '@autobest/domain';
import { handleCommand, STREAMS } from '../platform/commands';
import { errorResponses } from '../platform/errors';
import { consumePerContact, perAddressLimit } from '../platform/publicWriteLimits';

/** Buyers ask to reserve a vehicle; staff follow up. */
export const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/vehicles/:id/reservations',
    {
      config: perAddressLimit(app, 'reservation'),
      schema: {
        tags: ['inventory'],
        summary: "Ask to reserve a vehicle ('Reserve Now'); staff follow up",
        description: "One open request per buyer (phone) and vehicle: asking again while it is open answers the same id and records nothing.",
        params: z.object({ id: z.string().max(100) }),
        body: ReservationSchema,
        response: { 201: z.object({ id: z.uuid() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      await consumePerContact(app, reply, 'reservation', { phone: request.body.phone });
      const reservationId = randomUUID();
      const now = new Date();
      // Two buyers at once both get theirs recorded (the loser of the race decides again); one buyer's double click
      // finds the first request open and is answered with it.
      const { state } = await handleCommand(
        app,
        request,
        STREAMS.vehicle,
        vehicleStreamId(request.params.id),
        (current) => decideVehicle({ type: 'RequestReservation', reservationId, name: request.body.name, phone: request.body.phone, now }, current),
        { by: 'visitor' },
      );
      return reply.code(201).send({ id: openReservationOf(state, request.body.phone, now)!.reservationId });
    },
  );
};
