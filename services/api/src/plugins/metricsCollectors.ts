import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { processorLags, type Db } from '@autobest/db';
import { allProjections } from '@autobest/projections';
import { outboxBacklog, type OutboxTable } from '@autobest/runtime';

/** One metric an installation collector fills. */
export interface InstallationMetric {
  help: string;
  labelNames?: readonly string[];
  /** A gauge unless it only ever grows (a total kept somewhere else), which Prometheus reads as a counter. */
  type?: 'gauge' | 'counter';
}

/** One value of a metric at this scrape. */
export interface Reading {
  metric: string;
  value: number;
  labels?: Record<string, string>;
}

/**
 * Something about the whole installation, read at scrape time from PostgreSQL or Redis (never counted in this process:
 * any API process may be scraped, and work happens in the workers). The scrape runs each collector under a short
 * timeout; one that fails or is slow shows no values this time and `autobest_metrics_collector_up{collector} 0`.
 */
export interface InstallationCollector {
  name: string;
  metrics: Readonly<Record<string, InstallationMetric>>;
  read(sources: CollectorSources): Promise<readonly Reading[]>;
}

/**
 * What a collector reads from: `db` is a transaction whose statements PostgreSQL cancels after the scrape's timeout,
 * so a slow collector stops working instead of running on after the scrape went on without it.
 */
export interface CollectorSources {
  db: Db;
  queues: FastifyInstance['queues'];
}

const seconds = (date: Date) => date.getTime() / 1000;

/** Events appended by any process, from the store's position sequence: it survives restarts and counts every writer. */
const eventStore: InstallationCollector = {
  name: 'event-store',
  metrics: {
    autobest_events_appended_total: {
      type: 'counter',
      help: 'Events appended to the event store by every process of the installation (the position sequence: an append rolled back also uses its positions up)',
    },
  },
  async read(sources) {
    const result = await sql<{ appended: string | null }>`
      select pg_sequence_last_value(pg_get_serial_sequence('events', 'global_position')::regclass)::text as appended`.execute(sources.db);
    return [{ metric: 'autobest_events_appended_total', value: Number(result.rows[0]?.appended ?? 0) }];
  },
};

/**
 * How far each processor of the event store is behind (every read model, the notifier and the photo processor: each
 * keeps a checkpoint), by events and by the age of the oldest event it has not applied. A read model that never ran
 * has no checkpoint yet and counts from the start.
 */
const projectionLag: InstallationCollector = {
  name: 'projection-lag',
  metrics: {
    autobest_projection_events_behind: { help: 'Events committed that the processor has not applied yet', labelNames: ['projection'] },
    autobest_projection_lag_seconds: { help: 'Age of the oldest event the processor has not applied yet (0 when caught up)', labelNames: ['projection'] },
  },
  async read(sources) {
    const lags = await processorLags(sources.db, allProjections.map((projection) => projection.name), { everyStored: true });
    return lags.flatMap((lag) => [
      { metric: 'autobest_projection_events_behind', value: lag.behind, labels: { projection: lag.name } },
      { metric: 'autobest_projection_lag_seconds', value: lag.oldestSeconds ?? 0, labels: { projection: lag.name } },
    ]);
  },
};

/** Jobs per queue of the product and state; waiting includes prioritized jobs (BullMQ keeps them apart). */
const queueDepths: InstallationCollector = {
  name: 'queues',
  metrics: {
    autobest_queue_jobs: { help: 'Jobs in each queue by state (waiting, active, failed, delayed)', labelNames: ['queue', 'state'] },
  },
  async read(sources) {
    const perQueue = await Promise.all(
      Object.values(sources.queues).map(async (queue) => {
        const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'failed', 'delayed');
        const states = {
          waiting: (counts['waiting'] ?? 0) + (counts['prioritized'] ?? 0),
          active: counts['active'] ?? 0,
          failed: counts['failed'] ?? 0,
          delayed: counts['delayed'] ?? 0,
        };
        return Object.entries(states).map(([state, value]) => ({ metric: 'autobest_queue_jobs', value, labels: { queue: queue.name, state } }));
      }),
    );
    return perQueue.flat();
  },
};

/** How old the rates are that prices are converted with; absent while no snapshot was ever stored (fallback rates). */
const exchangeRates: InstallationCollector = {
  name: 'rates',
  metrics: {
    autobest_rates_snapshot_age_seconds: { help: 'Age of the newest exchange-rate snapshot (absent while prices use the fallback rates)' },
  },
  async read(sources) {
    const result = await sql<{ age: number }>`
      select extract(epoch from now() - fetched_at)::float8 as age from rate_snapshots order by id desc limit 1`.execute(sources.db);
    const newest = result.rows[0];
    return newest ? [{ metric: 'autobest_rates_snapshot_age_seconds', value: Math.max(0, newest.age) }] : [];
  },
};

/** The last run of each housekeeping sweep on each host, as the workers recorded it (housekeeping_runs). */
const housekeepingRuns: InstallationCollector = {
  name: 'housekeeping',
  metrics: {
    autobest_housekeeping_last_run_timestamp_seconds: { help: 'When the sweep last finished on the host (Unix time)', labelNames: ['sweep', 'host'] },
    autobest_housekeeping_last_success_timestamp_seconds: { help: 'When the sweep last finished without error on the host (Unix time)', labelNames: ['sweep', 'host'] },
    autobest_housekeeping_removed: { help: 'What the last run of the sweep removed on the host (rows or upload folders)', labelNames: ['sweep', 'host'] },
    autobest_housekeeping_last_run_failed: { help: '1 when the last run of the sweep on the host failed, else 0', labelNames: ['sweep', 'host'] },
  },
  async read(sources) {
    const runs = await sources.db.selectFrom('housekeeping_runs').select(['sweep', 'host', 'finished_at', 'last_success_at', 'removed', 'error']).execute();
    return runs.flatMap((run) => {
      const labels = { sweep: run.sweep, host: run.host };
      return [
        { metric: 'autobest_housekeeping_last_run_timestamp_seconds', value: seconds(run.finished_at), labels },
        ...(run.last_success_at ? [{ metric: 'autobest_housekeeping_last_success_timestamp_seconds', value: seconds(run.last_success_at), labels }] : []),
        { metric: 'autobest_housekeeping_removed', value: Number(run.removed), labels },
        { metric: 'autobest_housekeeping_last_run_failed', value: run.error === null ? 0 : 1, labels },
      ];
    });
  },
};

/**
 * An outbox: its rows by status (sent and the later ones grow like counters, pending and failed are what someone on
 * call acts on) and how long the oldest unsent one has waited, read with the same query health and the QA checks use.
 */
function outboxCollector({ name, table, noun, count, oldestAge, sentStatuses }: {
  name: string;
  table: OutboxTable;
  /** 'Emails', 'WhatsApp messages': as the help says it. */
  noun: string;
  count: string;
  oldestAge: string;
  /** The statuses past pending that are counted with one query besides the backlog's. */
  sentStatuses: readonly string[];
}): InstallationCollector {
  return {
    name,
    metrics: {
      [count]: { help: `${noun} in the outbox by status: pending (not yet accepted), ${sentStatuses.join(', ')}, failed (refused for good or out of attempts)`, labelNames: ['status'] },
      [oldestAge]: { help: `How long the oldest pending one of the ${noun.toLowerCase()} has waited (0 when none is pending)` },
    },
    async read(sources) {
      const [backlog, past] = await Promise.all([
        outboxBacklog(sources.db, table),
        sql<{ status: string; count: number }>`select status, count(*)::int as count from ${sql.table(table)} where status in (${sql.join(sentStatuses)}) group by status`.execute(sources.db),
      ]);
      const counted = new Map(past.rows.map((row) => [row.status, row.count]));
      return [
        { metric: count, value: backlog.pending, labels: { status: 'pending' } },
        ...sentStatuses.map((status) => ({ metric: count, value: counted.get(status) ?? 0, labels: { status } })),
        { metric: count, value: backlog.failed, labels: { status: 'failed' } },
        { metric: oldestAge, value: backlog.oldestPendingAt ? Math.max(0, (Date.now() - backlog.oldestPendingAt.getTime()) / 1000) : 0 },
      ];
    },
  };
}

const emailOutbox = outboxCollector({
  name: 'emails',
  table: 'sent_emails',
  noun: 'Emails',
  count: 'autobest_emails',
  oldestAge: 'autobest_email_oldest_pending_age_seconds',
  sentStatuses: ['sent'],
});

const whatsappOutbox = outboxCollector({
  name: 'whatsapp',
  table: 'whatsapp_messages',
  noun: 'WhatsApp messages',
  count: 'autobest_whatsapp_messages',
  oldestAge: 'autobest_whatsapp_oldest_pending_age_seconds',
  sentStatuses: ['sent', 'delivered', 'read'],
});

/** Everything /metrics reads about the installation at each scrape (the Grafana dashboard in infra/monitoring charts them). */
export const INSTALLATION_COLLECTORS: readonly InstallationCollector[] = [eventStore, projectionLag, queueDepths, exchangeRates, housekeepingRuns, emailOutbox, whatsappOutbox];
