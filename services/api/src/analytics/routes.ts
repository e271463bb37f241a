import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsBatchSchema, AnalyticsDaysQuery, ConversationFunnelSchema, FunnelsSchema, PageViewsSchema, VehicleViewsSchema, type ConversationFunnel } from '@autobest/domain';
import { errorResponses } from '../http/errors';
import { analyticsRowBytes, consumeAnalytics, perAddressLimit } from '../plugins/publicWriteLimits';

const FUNNELS = {
  sellCar: { page: 'sell_car', form: 'sell-car', submitted: 'sell_car_form_submit' },
  tradeIn: { page: 'trade_in', form: 'trade-in', submitted: 'trade_in_form_submit' },
} as const;

const DAY_MS = 86_400_000;

/** A period of conversation starts: the last 30 days unless told. */
const ConversationFunnelQuery = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'from must be a date and time like 2026-11-01T00:00:00Z' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'to must be a date and time like 2026-12-01T00:00:00Z' }).optional(),
  })
  .refine(({ from, to }) => !from || !to || new Date(from) <= new Date(to), { path: ['from'], message: 'from must not be after to' });

/** Browsers send batches of the spec's events; staff see page views, top vehicles and the request funnels. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/analytics/events',
    {
      config: perAddressLimit(app, 'analytics'),
      schema: {
        tags: ['analytics'],
        summary:
          'Record a batch of analytics events (sendBeacon on page hide). Each event keeps only the properties it may carry; what one address and one session may store a minute and a day is limited (429 rate_limited)',
        body: AnalyticsBatchSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      // A wrong device clock must not put events in the future.
      const rows = request.body.events.map((event) => ({
        session_id: request.body.sessionId,
        event: event.event,
        properties: JSON.stringify(event.properties),
        occurred_at: new Date(Math.min(new Date(event.timestamp).getTime(), now)),
      }));
      const bytes = rows.reduce((sum, row) => sum + analyticsRowBytes(row), 0);
      await consumeAnalytics(app, reply, request.clientNetwork, request.body.sessionId, { events: rows.length, bytes });
      await app.db.insertInto('analytics_events').values(rows).execute();
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/analytics/page-views',
    { config: { staffPermission: 'operations.read' }, schema: { tags: ['analytics'], summary: 'Page views per page per day', querystring: AnalyticsDaysQuery, response: { 200: PageViewsSchema, ...errorResponses } } },
    async (request) => {
      const rows = await sql<{ day: string; page: string; views: number }>`
        select to_char(date_trunc('day', occurred_at at time zone 'Africa/Lagos'), 'YYYY-MM-DD') as day,
               coalesce(properties->>'page', 'unknown') as page, count(*)::int as views
        from analytics_events
        where event = 'page_view' and occurred_at > now() - make_interval(days => ${request.query.days})
        group by 1, 2 order by 1, 2`.execute(app.db);
      return rows.rows.map((row) => ({ ...row, views: Number(row.views) }));
    },
  );

  app.get(
    '/api/admin/analytics/top-vehicles',
    { config: { staffPermission: 'operations.read' }, schema: { tags: ['analytics'], summary: 'Vehicles viewed most', querystring: AnalyticsDaysQuery, response: { 200: VehicleViewsSchema, ...errorResponses } } },
    async (request) => {
      const rows = await sql<{ vehicle_id: string; name: string | null; views: number }>`
        select e.properties->>'vehicleId' as vehicle_id, max(v.name) as name, count(*)::int as views
        from analytics_events e left join vehicles v on v.id = e.properties->>'vehicleId'
        where e.event in ('inventory_vehicle_view', 'electric_vehicle_click') and e.properties ? 'vehicleId'
          and e.occurred_at > now() - make_interval(days => ${request.query.days})
        group by 1 order by 3 desc, 1 limit 10`.execute(app.db);
      return rows.rows.map((row) => ({ vehicleId: row.vehicle_id, name: row.name ?? row.vehicle_id, views: Number(row.views) }));
    },
  );

  app.get(
    '/api/admin/analytics/funnel',
    { config: { staffPermission: 'operations.read' }, schema: { tags: ['analytics'], summary: 'Sell-car and trade-in funnels: form viewed, photo uploaded, submitted (sessions)', querystring: AnalyticsDaysQuery, response: { 200: FunnelsSchema, ...errorResponses } } },
    async (request) => {
      const funnel = async ({ page, form, submitted }: (typeof FUNNELS)[keyof typeof FUNNELS]) => {
        const row = await sql<{ viewed: number; uploaded: number; sent: number }>`
          select count(distinct session_id) filter (where event = 'page_view' and properties->>'page' = ${page})::int as viewed,
                 count(distinct session_id) filter (where event = 'image_upload' and properties->>'form' = ${form})::int as uploaded,
                 count(distinct session_id) filter (where event = ${submitted})::int as sent
          from analytics_events where occurred_at > now() - make_interval(days => ${request.query.days})`.execute(app.db);
        const counts = row.rows[0]!;
        return [
          { step: 'Form viewed', sessions: Number(counts.viewed) },
          { step: 'Photo uploaded', sessions: Number(counts.uploaded) },
          { step: 'Submitted', sessions: Number(counts.sent) },
        ];
      };
      return { sellCar: await funnel(FUNNELS.sellCar), tradeIn: await funnel(FUNNELS.tradeIn) };
    },
  );

  app.get(
    '/api/admin/analytics/conversation-funnel',
    {
      config: { staffPermission: 'operations.read' },
      schema: {
        tags: ['analytics'],
        summary: "Tara's funnel: conversations started in the period, and how many had their needs understood, saw vehicles, reached pricing and were handed off",
        querystring: ConversationFunnelQuery,
        response: { 200: ConversationFunnelSchema, ...errorResponses },
      },
    },
    async (request): Promise<ConversationFunnel> => {
      const to = request.query.to ? new Date(request.query.to) : new Date();
      const from = request.query.from ? new Date(request.query.from) : new Date(to.getTime() - 30 * DAY_MS);
      // Counted on the read model: each step is a fact kept on the conversation's row (the stage never goes back).
      const counts = await app.db
        .selectFrom('conversations')
        .select([
          sql<number>`count(*)::int`.as('started'),
          sql<number>`(count(*) filter (where budget_amount is not null or vehicle_type is not null or usage is not null))::int`.as('needsUnderstood'),
          sql<number>`(count(*) filter (where jsonb_array_length(vehicles_shown) > 0))::int`.as('vehiclesShown'),
          sql<number>`(count(*) filter (where stage = 'pricing-options'))::int`.as('pricingReached'),
          sql<number>`(count(*) filter (where handed_off_at is not null))::int`.as('handedOff'),
        ])
        .where('started_at', '>=', from)
        .where('started_at', '<', to)
        .executeTakeFirstOrThrow();
      return { from: from.toISOString(), to: to.toISOString(), ...counts };
    },
  );
};
