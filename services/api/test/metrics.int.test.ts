import { readFileSync } from 'node:fs';
import pg from 'pg';
import { Queue } from 'bullmq';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allProjections, Projector } from '@autobest/projections';
import { ALL_QUEUE_NAMES, createWorkerConnection, QUEUES } from '@autobest/runtime';
import { catchUpCompletely } from '@autobest/projections/testing';
import { CONTENT_SECURITY_POLICIES } from '../src/plugins/securityHeaders';
import { createTestApp, photosWorkerThatFails, type TestApp } from './support';

const TOKEN = 'a-metrics-token-for-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key!, value!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one series with exactly these labels, or undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.keys(sample.labels).length === Object.keys(labels).length && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} series of ${name} with ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('api_metrics_off');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has no /metrics at all: the same 404 as any unknown path, whatever is sent', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-path' });
    expect(unknown.statusCode).toBe(404);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
    }
    expect(t.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('api_metrics', { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return parseExposition(response.body);
  };

  it('answers 401 without the token or with a wrong one, never saying how close it was', async () => {
    for (const authorization of [undefined, '', `Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}x`, `bearer${TOKEN}`, `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`, TOKEN]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json(), String(authorization)).toEqual({ error: 'unauthorized', message: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>' });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers the Prometheus text format with the token, never cached, and is in no OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICIES.api);
    expect(response.body).toContain('# TYPE autobest_http_request_duration_seconds histogram');
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });

  it('times requests by matched route pattern and status, unknown paths under one label', async () => {
    await t.app.inject({ method: 'GET', url: '/api/vehicles/no-such-vehicle-1' });
    await t.app.inject({ method: 'GET', url: '/api/vehicles/no-such-vehicle-2' });
    await t.app.inject({ method: 'GET', url: '/api/%76ehicles/no-such-vehicle-3' });
    await t.app.inject({ method: 'GET', url: '/secret-probe-1' });
    await t.app.inject({ method: 'GET', url: '/secret-probe-2' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const samples = parseExposition(response.body);
    expect(valueOf(samples, 'autobest_http_request_duration_seconds_count', { method: 'GET', route: '/api/vehicles/:id', status_code: '404' })).toBe(3);
    expect(valueOf(samples, 'autobest_http_request_duration_seconds_bucket', { method: 'GET', route: '/api/vehicles/:id', status_code: '404', le: '+Inf' })).toBe(3);
    expect(valueOf(samples, 'autobest_http_request_duration_seconds_count', { method: 'GET', route: '(unmatched)', status_code: '404' })).toBeGreaterThanOrEqual(2);
    expect(response.body).not.toContain('no-such-vehicle');
    expect(response.body).not.toContain('secret-probe');
  });

  it('counts events appended by the installation', async () => {
    const before = valueOf(await scrape(), 'autobest_events_appended_total') ?? 0;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { firstName: 'Chinedu', lastName: 'Okafor', email: 'chinedu@example.ng', phone: '+234 803 555 0199', message: 'Is the Chery Omoda 5 available?' },
    });
    expect(sent.statusCode).toBe(201);
    expect(valueOf(await scrape(), 'autobest_events_appended_total')).toBe(before + 1);
  });

  it('reports each projection behind by events and by the age of the oldest one not applied', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { firstName: 'Amina', lastName: 'Bello', email: 'amina@example.ng', phone: '+234 803 555 0100', message: 'Do you deliver to Abuja?' },
    });
    await sql`update events set occurred_at = now() - interval '10 minutes'`.execute(t.testDb.db);
    const total = Number((await sql<{ count: string }>`select count(*) from events`.execute(t.testDb.db)).rows[0]!.count);
    const behind = await scrape();
    for (const { name } of allProjections) {
      expect(valueOf(behind, 'autobest_projection_events_behind', { projection: name }), name).toBe(total);
      expect(valueOf(behind, 'autobest_projection_lag_seconds', { projection: name }), name).toBeGreaterThanOrEqual(600);
    }

    await catchUpCompletely(new Projector(t.testDb.db, allProjections));
    const caughtUp = await scrape();
    for (const { name } of allProjections) {
      expect(valueOf(caughtUp, 'autobest_projection_events_behind', { projection: name }), name).toBe(0);
      expect(valueOf(caughtUp, 'autobest_projection_lag_seconds', { projection: name }), name).toBe(0);
    }
  });

  it('counts the jobs of every queue by state, under the configured prefix', async () => {
    const connection = createWorkerConnection(t.config.redisUrl);
    const rates = new Queue(QUEUES.rates, { connection, prefix: t.config.queuePrefix });
    const elsewhere = new Queue(QUEUES.rates, { connection, prefix: `${t.config.queuePrefix}-other` });
    const worker = photosWorkerThatFails(t, connection);
    try {
      await rates.add('refresh', {});
      await rates.add('refresh', {}, { priority: 3 });
      await rates.add('refresh', {}, { delay: 3_600_000 });
      await elsewhere.add('refresh', {});
      await t.app.queues.photos.add('catch-up', {}, { removeOnFail: false });
      await vi.waitFor(async () => expect(valueOf(await scrape(), 'autobest_queue_jobs', { queue: QUEUES.photos, state: 'failed' })).toBe(1), { timeout: 10_000, interval: 50 });
      const samples = await scrape();
      expect(valueOf(samples, 'autobest_queue_jobs', { queue: QUEUES.rates, state: 'waiting' })).toBe(2);
      expect(valueOf(samples, 'autobest_queue_jobs', { queue: QUEUES.rates, state: 'delayed' })).toBe(1);
      expect(valueOf(samples, 'autobest_queue_jobs', { queue: QUEUES.rates, state: 'failed' })).toBe(0);
      for (const queue of ALL_QUEUE_NAMES) {
        for (const state of ['waiting', 'active', 'failed', 'delayed']) {
          expect(valueOf(samples, 'autobest_queue_jobs', { queue, state }), `${queue} ${state}`).toBeTypeOf('number');
        }
      }
    } finally {
      await worker.close();
      for (const queue of [rates, elsewhere, t.app.queues.photos]) await queue.obliterate({ force: true });
      await rates.close();
      await elsewhere.close();
      connection.disconnect();
    }
  });

  it('reports the age of the newest exchange-rate snapshot, and none while there is no snapshot', async () => {
    expect(valueOf(await scrape(), 'autobest_rates_snapshot_age_seconds')).toBeUndefined();
    await t.testDb.db.insertInto('rate_snapshots').values({ source: 'rate service', rates: JSON.stringify({ NGN: 1600 }), fetched_at: sql<Date>`now() - interval '3 days'` }).execute();
    await t.testDb.db.insertInto('rate_snapshots').values({ source: 'rate service', rates: JSON.stringify({ NGN: 1610 }), fetched_at: sql<Date>`now() - interval '2 hours'` }).execute();
    const age = valueOf(await scrape(), 'autobest_rates_snapshot_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(7_200);
    expect(age).toBeLessThan(7_200 + 600);
  });

  it('shows the last run of each housekeeping sweep on each host, as the workers recorded it', async () => {
    const finished = new Date('2030-01-01T10:00:00Z');
    const succeeded = new Date('2030-01-01T09:00:00Z');
    await t.testDb.db
      .insertInto('housekeeping_runs')
      .values([
        { sweep: 'abandoned-uploads', host: 'worker-a', started_at: finished, finished_at: finished, removed: 2, error: null, last_success_at: finished },
        { sweep: 'abandoned-uploads', host: 'worker-b', started_at: finished, finished_at: finished, removed: 0, error: 'ENOTDIR', last_success_at: succeeded },
        { sweep: 'expired-analytics-events', host: 'worker-a', started_at: finished, finished_at: finished, removed: 12_002, error: null, last_success_at: finished },
      ])
      .execute();
    const samples = await scrape();
    const a = { sweep: 'abandoned-uploads', host: 'worker-a' };
    const b = { sweep: 'abandoned-uploads', host: 'worker-b' };
    expect(valueOf(samples, 'autobest_housekeeping_last_run_timestamp_seconds', a)).toBe(finished.getTime() / 1000);
    expect(valueOf(samples, 'autobest_housekeeping_removed', a)).toBe(2);
    expect(valueOf(samples, 'autobest_housekeeping_last_run_failed', a)).toBe(0);
    expect(valueOf(samples, 'autobest_housekeeping_last_run_failed', b)).toBe(1);
    expect(valueOf(samples, 'autobest_housekeeping_last_success_timestamp_seconds', b)).toBe(succeeded.getTime() / 1000);
    expect(valueOf(samples, 'autobest_housekeeping_removed', { sweep: 'expired-analytics-events', host: 'worker-a' })).toBe(12_002);
  });

  it('counts the email outbox by status and how long the oldest pending email has waited', async () => {
    const email = (status: 'pending' | 'sent' | 'failed', minutesAgo: number, n: number) => ({
      event_id: crypto.randomUUID(),
      template: `metrics-test-${n}`,
      to_address: 'owner@example.ng',
      subject: 'Subject',
      html: '<p>Hello</p>',
      text: 'Hello',
      status,
      created_at: new Date(Date.now() - minutesAgo * 60_000),
      sent_at: status === 'sent' ? new Date() : null,
    });
    await t.testDb.db.insertInto('sent_emails').values([email('pending', 30, 1), email('pending', 2, 2), email('sent', 60, 3), email('failed', 90, 4)]).execute();
    const samples = await scrape();
    expect(valueOf(samples, 'autobest_emails', { status: 'pending' })).toBe(2);
    expect(valueOf(samples, 'autobest_emails', { status: 'sent' })).toBe(1);
    expect(valueOf(samples, 'autobest_emails', { status: 'failed' })).toBe(1);
    expect(valueOf(samples, 'autobest_email_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(30 * 60);
    expect(valueOf(samples, 'autobest_email_oldest_pending_age_seconds')).toBeLessThan(40 * 60);
  });

  it('counts the WhatsApp outbox by status and how long the oldest pending message has waited', async () => {
    const message = (status: 'pending' | 'sent' | 'delivered' | 'read' | 'failed', minutesAgo: number) => ({
      event_id: crypto.randomUUID(),
      template: 'confirmation',
      language: 'en' as const,
      to_phone: '2348035550199',
      parameters: JSON.stringify(['Tunde']),
      status,
      created_at: new Date(Date.now() - minutesAgo * 60_000),
    });
    await t.testDb.db
      .insertInto('whatsapp_messages')
      .values([message('pending', 20), message('pending', 1), message('sent', 60), message('delivered', 60), message('read', 60), message('read', 60), message('failed', 90)])
      .execute();
    const samples = await scrape();
    expect(valueOf(samples, 'autobest_whatsapp_messages', { status: 'pending' })).toBe(2);
    expect(valueOf(samples, 'autobest_whatsapp_messages', { status: 'sent' })).toBe(1);
    expect(valueOf(samples, 'autobest_whatsapp_messages', { status: 'delivered' })).toBe(1);
    expect(valueOf(samples, 'autobest_whatsapp_messages', { status: 'read' })).toBe(2);
    expect(valueOf(samples, 'autobest_whatsapp_messages', { status: 'failed' })).toBe(1);
    expect(valueOf(samples, 'autobest_whatsapp_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(20 * 60);
    expect(valueOf(samples, 'autobest_whatsapp_oldest_pending_age_seconds')).toBeLessThan(30 * 60);
  });

  it('shows process metrics and that every collector answered', async () => {
    const samples = await scrape();
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeTypeOf('number');
    for (const collector of ['event-store', 'projection-lag', 'queues', 'rates', 'housekeeping', 'emails', 'whatsapp']) {
      expect(valueOf(samples, 'autobest_metrics_collector_up', { collector }), collector).toBe(1);
    }
  });

  it('serves every metric the Grafana dashboard charts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const served = new Set([...response.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) => (type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!])));
    const dashboard = readFileSync(new URL('../../../infra/monitoring/grafana/dashboards/autobest.json', import.meta.url), 'utf8');
    const charted = new Set([...dashboard.matchAll(/\b((?:autobest|process|nodejs)_[a-z0-9_]+)/g)].map(([, name]) => name!));
    expect(charted.size).toBeGreaterThan(10);
    expect([...charted].filter((name) => !served.has(name))).toEqual([]);
  });

  it('goes on without a collector whose table is locked, instead of hanging, and shows it down', async () => {
    // Another session holds an exclusive lock on the rate snapshots, as a long migration would.
    const blocker = new pg.Client({ connectionString: t.testDb.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table rate_snapshots in access exclusive mode');
      const samples = await scrape();
      expect(valueOf(samples, 'autobest_metrics_collector_up', { collector: 'rates' })).toBe(0);
      expect(valueOf(samples, 'autobest_rates_snapshot_age_seconds')).toBeUndefined();
      expect(valueOf(samples, 'autobest_metrics_collector_up', { collector: 'queues' })).toBe(1);
      expect(valueOf(samples, 'autobest_queue_jobs', { queue: QUEUES.rates, state: 'waiting' })).toBe(0);
      // And PostgreSQL cancelled its query: a scrape every 15 s must not pile up blocked queries behind the lock.
      // Asked outside the blocker's transaction, which would read the same snapshot of pg_stat_activity every time.
      const waitingOnLock = async () =>
        (
          await sql<{ count: number }>`
            select count(*)::int as count from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query like '%from rate_snapshots order by id desc%' and state = 'active'`.execute(t.testDb.db)
        ).rows[0]!.count;
      await vi.waitFor(async () => expect(await waitingOnLock()).toBe(0), { timeout: 5_000, interval: 50 });
      await blocker.query('rollback');
      await vi.waitFor(async () => expect(valueOf(await scrape(), 'autobest_metrics_collector_up', { collector: 'rates' })).toBe(1), { timeout: 10_000, interval: 100 });
    } finally {
      await blocker.end();
    }
  });
});
