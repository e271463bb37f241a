import { z } from 'zod';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingMigrations, processorsBehind } from '@autobest/db';
import { FALLBACK_RATES_SOURCE, FOLLOW_UP_ANSWER_HOURS, QA_REQUIRED_IMAGES, ServerCheckResultSchema, ServerChecksSchema, type CheckStatus, type ServerCheckResult } from '@autobest/domain';
import { allProjections } from '@autobest/projections';
import { currentRates, EMAIL_DELAY_WARNING_MINUTES, outboxBacklog, NOTIFIER, type OutboxTable, type ProductQueues } from '@autobest/runtime';
import { describeFeedProblem, feedHealth } from '../news/feedHealth';
import { requireStaff, staffMay } from '../plugins/auth';
import { errorResponses, notFound } from '../http/errors';
import type { Limit } from '../plugins/limits';
import { runsMissedSince } from '../http/schedules';

/**
 * The QA dashboard's server checks (the spec's /qa-test): each looks at the running system itself, not at a
 * sample. pass, warning (works, but staff should know) or fail (buyers or staff are affected now).
 */
interface CheckResult {
  status: CheckStatus;
  detail: string;
}
interface Check {
  id: string;
  group: 'Platform' | 'Data' | 'Operations';
  name: string;
  run(app: FastifyInstance): Promise<CheckResult>;
  /**
   * Signs in to or calls a system outside ours (the mail server): each run costs that system and, repeated, could get
   * our account there locked. Such a check has a route of its own that needs `operations.run` and counts OUTSIDE_CHECK_LIMITS.
   */
  reachesOutside?: true;
}

const MINUTE = 60_000;
/** A person re-runs a check a few times while fixing the mail settings; more is a script, or a dashboard left looping. */
export const OUTSIDE_CHECK_LIMITS = {
  perPerson: { max: 3, windowMs: MINUTE },
  perInstallation: { max: 10, windowMs: MINUTE },
} as const satisfies Record<string, Limit>;

const CHECK_TIMEOUT_MS = 5_000;

/** The queues whose work runs on a schedule kept in Redis (lost with an emptied Redis until the workers set it again). */
// The rates schedule runs without RATES_URL too, recording that the fallback rates are in use.
const SCHEDULED_QUEUES: ReadonlyArray<{ queue: keyof ProductQueues; what: string }> = [
  { queue: 'projector', what: 'projector safety net' },
  { queue: 'photos', what: 'photo safety net' },
  { queue: 'email', what: 'email delivery safety net' },
  { queue: 'rates', what: 'exchange-rate refresh' },
  { queue: 'news', what: 'news feed refresh' },
];
const HOUR = 3_600_000;
/** Scheduled rate fetches missed before the rates check fails (with the default RATES_CRON, a day). */
const RATES_FAILING_AFTER_MISSED = 4;
const pass = (detail: string): CheckResult => ({ status: 'pass', detail });
const warning = (detail: string): CheckResult => ({ status: 'warning', detail });
const fail = (detail: string): CheckResult => ({ status: 'fail', detail });
const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

async function countOf(query: Promise<{ count: string | number | bigint } | undefined>): Promise<number> {
  return Number((await query)?.count ?? 0);
}

/** A store that answers a trivial request: a pass under 200 ms, a warning when slower (a failure if it throws). */
async function answersQuickly(ask: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  await ask();
  const ms = Math.round(performance.now() - started);
  return ms < 200 ? pass(`Answered in ${ms} ms`) : warning(`Answered in ${ms} ms (slow: over 200 ms)`);
}

/** A request staff must answer in time: which rows still wait, and how the check words it. */
interface Waiting {
  id: string;
  /** Unless given: "No {noun} waits over {hours} hours". */
  name?: string;
  table: 'submissions' | 'enquiries' | 'contact_messages' | 'reservation_requests';
  /** The status of a row nobody has answered yet, and when it arrived. */
  status: string;
  since: string;
  hours: number;
  noun: [one: string, many: string];
  /** Unless given: "Every {noun} older than {hours} hours has been answered". */
  done?: string;
  late(count: string): string;
}

interface Outbox {
  id: string;
  name: string;
  table: OutboxTable;
  noun: string;
  /** The console's page of the outbox, where its rows show the answer they got and Retry. */
  page: string;
  sender: string;
  /** Anything else holding the outbox up, in words, or null. */
  behind?: (app: FastifyInstance) => Promise<string | null>;
}

/**
 * An outbox's check, the same for emails and WhatsApp messages. A backlog that stays is the sender failing for
 * everyone: a warning after EMAIL_DELAY_WARNING_MINUTES (some retries have failed), a failure after an hour (people
 * are going without their messages). A failed row is one recipient refused for good or out of attempts, the rest
 * flowing: a warning for a week, pointing to Retry, not a failure that would stay red for ever over one mistyped
 * address or number.
 */
function outboxCheck({ id, name, table, noun, page, sender, behind }: Outbox): Check {
  return {
    id,
    group: 'Operations',
    name,
    async run(app) {
      const [backlog, held] = await Promise.all([outboxBacklog(app.db, table), behind ? behind(app) : null]);
      const waitedMinutes = backlog.oldestPendingAt ? (Date.now() - backlog.oldestPendingAt.getTime()) / 60_000 : 0;
      const waiting = `${plural(backlog.pending, noun)} waiting, the oldest for ${waitedMinutes.toFixed(0)} minutes`;
      if (waitedMinutes >= 60) return fail(`${waiting}: ${sender} has been refusing or not answering for over an hour (see ${page} for its answer)`);
      const problems = [
        ...(waitedMinutes >= EMAIL_DELAY_WARNING_MINUTES ? [`${waiting} (retried with growing pauses; see ${page} for the answer of ${sender})`] : []),
        ...(backlog.recentlyFailed > 0 ? [`${plural(backlog.recentlyFailed, noun)} failed in the last 7 days (see ${page}, filter Failed, and Retry once fixed)`] : []),
        ...(held ? [held] : []),
      ];
      if (problems.length > 0) return warning(problems.join('; '));
      return pass(backlog.pending === 0 ? `No ${noun} waiting to be sent` : `${waiting}, being sent`);
    },
  };
}

/** The Operations checks that nothing staff must answer waits longer than it should: one query shape for each table. */
function waitingCheck({ id, table, status, since, hours, noun, late, ...words }: Waiting): Check {
  const name = words.name ?? `No ${noun[0]} waits over ${hours} hours`;
  const done = words.done ?? `Every ${noun[0]} older than ${hours} hours has been answered`;
  return {
    id,
    group: 'Operations',
    name,
    async run(app) {
      const { rows } = await sql<{ count: string }>`select count(*) as count from ${sql.table(table)} where status = ${status} and ${sql.ref(since)} < ${hoursAgo(hours)}`.execute(app.db);
      const waiting = Number(rows[0]?.count ?? 0);
      return waiting === 0 ? pass(done) : warning(late(plural(waiting, ...noun)));
    },
  };
}

export const QA_CHECKS: readonly Check[] = [
  {
    id: 'postgres',
    group: 'Platform',
    name: 'PostgreSQL answers',
    run: (app) => answersQuickly(() => sql`select 1`.execute(app.db)),
  },
  {
    id: 'redis',
    group: 'Platform',
    name: 'Redis answers',
    run: (app) => answersQuickly(() => app.redis.ping()),
  },
  {
    id: 'migrations',
    group: 'Platform',
    name: 'Database schema is up to date',
    async run(app) {
      const pending = await pendingMigrations(app.db);
      return pending.length === 0 ? pass('Every migration has run') : fail(`Not yet run: ${pending.join(', ')}`);
    },
  },
  {
    id: 'read-models',
    group: 'Platform',
    name: 'Read models are up to date',
    async run(app) {
      const counts = await processorsBehind(app.db, allProjections.map((projection) => projection.name));
      const behind = allProjections.flatMap((projection) => ((counts[projection.name] ?? 0) > 0 ? [`${projection.name} ${counts[projection.name]}`] : []));
      if (behind.length === 0) return pass(`All ${allProjections.length} read models have every event`);
      return warning(`Events not yet applied: ${behind.join(', ')} (the workers apply them within seconds; if this stays, check the workers)`);
    },
  },
  {
    id: 'workers',
    group: 'Platform',
    name: 'Workers are running',
    async run(app) {
      const workers = await app.queues.projector.getWorkers();
      return workers.length > 0 ? pass(`${plural(workers.length, 'worker')} listening for new events`) : fail('No worker is connected: new requests are stored but staff lists and emails wait (start them with npm run start:workers)');
    },
  },
  {
    id: 'schedules',
    group: 'Platform',
    name: 'Scheduled jobs are registered',
    async run(app) {
      const missing: string[] = [];
      for (const { queue, what } of SCHEDULED_QUEUES) {
        if ((await app.queues[queue].getJobSchedulers()).length === 0) missing.push(what);
      }
      if (missing.length > 0) return fail(`Missing: ${missing.join(', ')}`);
      return pass(`${SCHEDULED_QUEUES.map(({ what }) => what).join(', ')}${app.config.rates.url ? '' : ' (no rate service configured: fallback rates in use)'}`);
    },
  },
  {
    id: 'rates',
    group: 'Data',
    name: 'Exchange rates are current',
    async run(app) {
      const rates = await currentRates(app.db);
      if (rates.source === FALLBACK_RATES_SOURCE) return warning(app.config.rates.url ? 'The rate service has not answered yet: prices use the fallback rates' : 'Fallback rates in use: RATES_URL is not set');
      const fetchedAt = Date.parse(rates.timestamp);
      const age = (Date.now() - fetchedAt) / HOUR;
      const text = `From ${rates.source}, ${age.toFixed(1)} hours old`;
      // Judged by RATES_CRON: fresh until a scheduled fetch is missed; failing once four are missed and a day is gone.
      const missed = runsMissedSince(app.config.rates.cron, fetchedAt, Date.now(), RATES_FAILING_AFTER_MISSED);
      if (missed === 0) return pass(text);
      const schedule = `${plural(missed, 'scheduled fetch', 'scheduled fetches')} missed (RATES_CRON "${app.config.rates.cron}")`;
      return missed < RATES_FAILING_AFTER_MISSED || age <= 24 ? warning(`${text}: ${schedule}`) : fail(`${text}: ${schedule}, the rate service has been failing for a day`);
    },
  },
  {
    id: 'news-feeds',
    group: 'Data',
    name: 'News feeds are read on schedule',
    async run(app) {
      const health = await feedHealth(app.db, app.config.news.cron);
      if (health.sources === 0) return warning('No news source is enabled: /news shows the fallback articles');
      const problems = health.problems.map(describeFeedProblem).join('; ');
      if (health.stale > 0) return fail(`${plural(health.stale, 'feed')} not refreshed within two intervals of NEWS_CRON (${app.config.news.cron}): ${problems}`);
      if (health.failing > 0) return warning(`${plural(health.failing, 'feed')} failing, retried with growing delays (visitors see their last good articles): ${problems}`);
      return pass(`${plural(health.sources, 'feed')} read on schedule (${app.config.news.cron})`);
    },
  },
  {
    id: 'catalogue',
    group: 'Data',
    name: 'The catalogue has vehicles for sale',
    async run(app) {
      const total = await countOf(app.db.selectFrom('vehicles').select((eb) => eb.fn.countAll().as('count')).executeTakeFirst());
      const inStock = await countOf(app.db.selectFrom('vehicles').where('in_stock', '=', true).select((eb) => eb.fn.countAll().as('count')).executeTakeFirst());
      if (total === 0) return fail('No vehicle is listed: the inventory pages are empty');
      return inStock > 0 ? pass(`${plural(total, 'vehicle')} listed, ${inStock.toLocaleString('en')} in stock`) : warning(`${plural(total, 'vehicle')} listed, none in stock`);
    },
  },
  {
    id: 'featured',
    group: 'Data',
    name: 'The home page has its three featured cars',
    async run(app) {
      const featured = await countOf(app.db.selectFrom('vehicles').where('is_featured', '=', true).select((eb) => eb.fn.countAll().as('count')).executeTakeFirst());
      return featured >= 3 ? pass(`${featured} featured vehicles`) : warning(`Only ${featured} featured: the hero carousel shows the spec's three cars, but their pages are missing from the catalogue`);
    },
  },
  {
    id: 'vehicle-images',
    group: 'Data',
    name: `Every vehicle has at least ${QA_REQUIRED_IMAGES} images`,
    async run(app) {
      const short = await countOf(
        app.db
          .selectFrom('vehicles')
          .where(sql<boolean>`jsonb_array_length(images) < ${QA_REQUIRED_IMAGES}`)
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirst(),
      );
      return short === 0 ? pass('All vehicles have enough images') : warning(`${plural(short, 'vehicle')} with fewer than ${QA_REQUIRED_IMAGES} images (see Inventory QA)`);
    },
  },
  {
    id: 'prices',
    group: 'Data',
    name: 'Every vehicle has a price',
    async run(app) {
      const unpriced = await countOf(app.db.selectFrom('vehicles').where('price_minor', '<=', 0).select((eb) => eb.fn.countAll().as('count')).executeTakeFirst());
      return unpriced === 0 ? pass('All prices above 0') : fail(`${plural(unpriced, 'vehicle')} without a price`);
    },
  },
  {
    id: 'email',
    group: 'Operations',
    name: 'Emails reach customers and staff',
    reachesOutside: true,
    async run(app) {
      if (!app.config.mail.smtpUrl) return warning('SMTP_URL is not set: emails are written to the log (see Emails), not delivered');
      const { timeouts } = app.config.mail;
      const transporter = nodemailer.createTransport({
        url: app.config.mail.smtpUrl,
        connectionTimeout: timeouts.connectionMs,
        greetingTimeout: timeouts.greetingMs,
        socketTimeout: timeouts.socketMs,
      });
      try {
        await transporter.verify();
        return pass(`The mail server at ${new URL(app.config.mail.smtpUrl).host} accepts our sign-in`);
      } catch (error) {
        return fail(`The mail server refused or did not answer: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        transporter.close();
      }
    },
  },
  outboxCheck({
    id: 'email-outbox',
    name: 'Emails go out without delay',
    table: 'sent_emails',
    noun: 'email',
    page: 'Emails',
    sender: 'the mail server',
    // The notifier writes both outboxes: said once, here.
    behind: async (app) => {
      const events = (await processorsBehind(app.db, [NOTIFIER]))[NOTIFIER] ?? 0;
      return events > 0 ? `${plural(events, 'event')} not yet turned into emails (the workers do it within seconds; if this stays, check the workers)` : null;
    },
  }),
  outboxCheck({ id: 'whatsapp-outbox', name: 'WhatsApp messages go out without delay', table: 'whatsapp_messages', noun: 'WhatsApp message', page: 'WhatsApp', sender: 'the WhatsApp Cloud API' }),
  waitingCheck({ id: 'waiting-requests', table: 'submissions', status: 'pending', since: 'submitted_at', hours: 48, noun: ['request', 'requests'], name: 'No sell or trade-in request waits over 48 hours', done: 'Every request older than 48 hours has been reviewed', late: (count) => `${count} pending for over 48 hours` }),
  waitingCheck({ id: 'waiting-enquiries', table: 'enquiries', status: 'new', since: 'received_at', hours: 24, noun: ['enquiry', 'enquiries'], late: (count) => `${count} not contacted for over 24 hours` }),
  waitingCheck({ id: 'waiting-contact-messages', table: 'contact_messages', status: 'new', since: 'received_at', hours: FOLLOW_UP_ANSWER_HOURS, noun: ['contact message', 'contact messages'], late: (count) => `${count} still new after ${FOLLOW_UP_ANSWER_HOURS} hours (the contact page promises an answer within 24 hours)` }),
  waitingCheck({ id: 'waiting-reservations', table: 'reservation_requests', status: 'new', since: 'requested_at', hours: FOLLOW_UP_ANSWER_HOURS, noun: ['reservation request', 'reservation requests'], late: (count) => `${count} still new after ${FOLLOW_UP_ANSWER_HOURS} hours: the buyers are waiting for a call` }),
  {
    id: 'analytics',
    group: 'Operations',
    name: 'Visits are being recorded',
    async run(app) {
      const recent = await countOf(app.db.selectFrom('analytics_events').where('received_at', '>', hoursAgo(24)).select((eb) => eb.fn.countAll().as('count')).executeTakeFirst());
      return recent > 0 ? pass(`${plural(recent, 'event')} in the last 24 hours`) : warning('No analytics event in the last 24 hours');
    },
  },
];

export async function runCheck(app: FastifyInstance, check: Check): Promise<ServerCheckResult> {
  const started = performance.now();
  let result: CheckResult;
  try {
    result = await Promise.race([
      check.run(app),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS).unref()),
    ]);
  } catch (error) {
    result = fail(error instanceof Error ? error.message : String(error));
  }
  return { id: check.id, group: check.group, name: check.name, ...result, durationMs: Math.round(performance.now() - started) };
}

/**
 * Staff list the checks they may run, then run them one by one so the dashboard can show each going from pending to
 * its result. A check that reaches outside has a route of its own (access is decided on the matched route); the route
 * for the others never runs it, however its id is spelled.
 */
export const qaCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/qa-checks',
    { config: { staffPermission: 'operations.read' }, schema: { tags: ['platform'], summary: "The QA dashboard's server checks that the staff member may run", response: { 200: ServerChecksSchema } } },
    async (request) => {
      const mayReachOutside = staffMay(requireStaff(request), 'operations.run');
      return { checks: QA_CHECKS.filter((check) => mayReachOutside || !check.reachesOutside).map(({ id, group, name }) => ({ id, group, name })) };
    },
  );

  app.post(
    '/api/admin/qa-checks/:id/run',
    {
      config: { staffPermission: 'operations.read' },
      schema: { tags: ['platform'], summary: 'Run one check against the running system', params: z.object({ id: z.string().max(60) }), response: { 200: ServerCheckResultSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const check = QA_CHECKS.find((candidate) => candidate.id === request.params.id && !candidate.reachesOutside);
      if (!check) throw notFound('Check');
      reply.header('Cache-Control', 'no-store');
      return runCheck(app, check);
    },
  );

  for (const check of QA_CHECKS.filter((candidate) => candidate.reachesOutside)) {
    app.post(
      `/api/admin/qa-checks/${check.id}/run`,
      {
        config: { staffPermission: 'operations.run' },
        schema: { tags: ['platform'], summary: `Run the check "${check.name}", which reaches a system outside ours (limited per person and per installation)`, response: { 200: ServerCheckResultSchema, ...errorResponses } },
      },
      async (request, reply) => {
        await app.limits.consumeAll(
          reply,
          [
            { name: 'qa-outside-check-person', key: requireStaff(request).id, limit: OUTSIDE_CHECK_LIMITS.perPerson },
            { name: 'qa-outside-check', key: 'installation', limit: OUTSIDE_CHECK_LIMITS.perInstallation },
          ],
          'refuse',
        );
        reply.header('Cache-Control', 'no-store');
        return runCheck(app, check);
      },
    );
  }
};
