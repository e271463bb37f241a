import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConsoleHomeSchema, FALLBACK_RATES_SOURCE, FOLLOW_UP_ANSWER_HOURS, type ConsoleHome, type StaffPermission } from '@autobest/domain';
import { currentRates, outboxBacklog } from '@autobest/runtime';
import { feedHealth } from '../news/feedHealth';
import { requireStaff, staffMay } from '../plugins/auth';
import { errorResponses } from '../http/errors';
import { runsMissedSince } from '../http/schedules';

const HOUR = 3_600_000;

/** Requests still waiting for staff: new sell-car and trade-in requests, and leads not answered within a day. */
async function waitingRequests(app: FastifyInstance, now: Date): Promise<NonNullable<ConsoleHome['requests']>> {
  const waitingSince = new Date(now.getTime() - FOLLOW_UP_ANSWER_HOURS * HOUR);
  const { rows } = await sql<{ sell_car: number; trade_in: number; reservations: number; enquiries: number }>`
    select (select count(*) from submissions where kind = 'sell-car' and status = 'pending')::int as sell_car,
           (select count(*) from submissions where kind = 'trade-in' and status = 'pending')::int as trade_in,
           (select count(*) from reservation_requests where status = 'new' and requested_at < ${waitingSince})::int as reservations,
           (select count(*) from enquiries where status = 'new' and received_at < ${waitingSince})::int as enquiries`.execute(app.db);
  const row = rows[0]!;
  return { sellCarPending: row.sell_car, tradeInPending: row.trade_in, reservationsWaiting: row.reservations, enquiriesWaiting: row.enquiries, waitingSince: waitingSince.toISOString() };
}

/**
 * Whether prices use rates as fresh as RATES_CRON promises. Without a rate service the reference rates are the expected
 * state, not an alarm; with one, rates that have not arrived yet or missed a scheduled fetch are stale.
 */
async function ratesState(app: FastifyInstance, now: Date): Promise<NonNullable<ConsoleHome['rates']>> {
  const rates = await currentRates(app.db);
  if (rates.source === FALLBACK_RATES_SOURCE) return { state: app.config.rates.url ? 'stale' : 'reference', source: rates.source, fetchedAt: null };
  const missed = runsMissedSince(app.config.rates.cron, Date.parse(rates.timestamp), now.getTime(), 1);
  return { state: missed === 0 ? 'current' : 'stale', source: rates.source, fetchedAt: rates.timestamp };
}

/**
 * GET /api/admin/home: the console's home page in one answer. Every role may ask (`home`); each part is counted only
 * for a caller whose role may read what it counts and open the list it links to, so the answer of a role that may read
 * none of it is `{}`.
 */
export const consoleHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/home',
    {
      config: { staffPermission: 'home' },
      schema: { tags: ['platform'], summary: 'What waits for staff: counts for the console home, each only of what the role may read', response: { 200: ConsoleHomeSchema, ...errorResponses } },
    },
    async (request) => {
      const staff = requireStaff(request);
      const may = (permission: StaffPermission) => staffMay(staff, permission);
      const now = app.now();
      const [requests, emails, news, queues, rates] = await Promise.all([
        may('requests.read') ? waitingRequests(app, now) : undefined,
        may('emails.read') ? outboxBacklog(app.db, 'sent_emails').then(({ failed }) => ({ failed })) : undefined,
        may('news.read') ? feedHealth(app.db, app.config.news.cron, now).then(({ failing }) => ({ failingFeeds: failing })) : undefined,
        may('queues.operate')
          ? Promise.all(Object.values(app.queues).map(async (queue) => ({ queue: queue.name, failed: await queue.getFailedCount() }))).then((failedJobs) => ({ failedJobs }))
          : undefined,
        may('operations.read') ? ratesState(app, now) : undefined,
      ]);
      return { ...(requests && { requests }), ...(emails && { emails }), ...(news && { news }), ...(queues && { queues }), ...(rates && { rates }) };
    },
  );
};
