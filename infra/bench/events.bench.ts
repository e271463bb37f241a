import { sql } from 'kysely';
import autocannon from 'autocannon';
import { appendToStream } from '@autobest/db';
import { createTestDatabase } from '@autobest/db/testing';
import type { EventMetadata } from '@autobest/domain';
import { createTestQueues } from '@autobest/projections/testing';
import { ExitedBeforeReady, startProductProcesses, type ProductProcesses } from '../src/processes';
import { cpuMicros, overApiProcesses } from './benchProcesses';

/**
 * `npm run bench:events`: appends/s through the event store with 16 writers, HTTP commands/s on
 * POST /api/contact-messages (autocannon, 50 connections, 10 s) against the API and workers running as
 * their own processes, and projection lag (commit to read-model row) during that load. Then the same load for 30 s
 * while the workers process is killed (-9) and started again every 5 seconds: commands/s, events lost (an accepted
 * message missing from the read model at the end; must be 0) and projection lag.
 */
const WRITERS = 16;
const KILL_EVERY_MS = 5_000;
const KILLED_LOAD_S = 30;
const EVENTS_PER_WRITER = 1_000;
const metadata: EventMetadata = { actor: { kind: 'system', name: 'bench' }, correlationId: 'bench', causationId: null, requestId: null };

const testDb = await createTestDatabase('bench');
const queues = createTestQueues('bench');
let product: ProductProcesses | undefined;

try {
  // 1. Raw appends.
  const appendsStarted = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let version = 0; version < EVENTS_PER_WRITER; version++) {
        await appendToStream(testDb.db, `bench-writer-${writer}`, version, [{ type: 'BenchCounted', data: { writer, version } }], metadata);
      }
    }),
  );
  const appendSeconds = (performance.now() - appendsStarted) / 1000;
  const appendsPerSecond = (WRITERS * EVENTS_PER_WRITER) / appendSeconds;

  // 2. The API and the workers as separate processes, as they run in production.
  product = await startProductProcesses({
    databaseUrl: testDb.url,
    redisUrl: queues.redisUrl,
    queuePrefix: queues.prefix,
    // One address and one email send thousands of requests: the limits stay counted but far out of reach.
    env: { PUBLIC_WRITE_LIMIT_SCALE: '1000000' },
    echo: true,
  });
  const base = product.url;
  // The projector has the 16,000 bench events to walk first; let it, so the lag below is the load's own.
  for (;;) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as { checks: { projector: { eventsBehind: number } } };
    if (health.checks.projector.eventsBehind === 0) break;
    await new Promise((wait) => setTimeout(wait, 200));
  }

  const body = JSON.stringify({
    firstName: 'Bench',
    lastName: 'Mark',
    email: 'bench@example.ng',
    phone: '+234 803 555 0100',
    message: 'How much is the Chery Omoda 5 delivered to Lagos?',
  });
  // CPU of the API processes over the load, and of the workers until the read model has caught up: what one command
  // costs each side (the workers' share is the projector, the notifier and email delivery).
  const apiCpuBefore = (await overApiProcesses(product.api.pid, cpuMicros)).total;
  const workersCpuBefore = await cpuMicros(product.workers.pid);
  const result = await autocannon({
    url: `${base}/api/contact-messages`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: 50,
    duration: 10,
  });
  const non2xx = result.non2xx + result.errors;
  const apiCpu = (await overApiProcesses(product.api.pid, cpuMicros)).total - apiCpuBefore;

  // 3. Lag: wait for the projector to finish, then read commit → row times.
  for (;;) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as { checks: { projector: { eventsBehind: number } } };
    if (health.checks.projector.eventsBehind === 0) break;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  const workersCpu = (await cpuMicros(product.workers.pid)) - workersCpuBefore;
  const lag = await sql<{ p50: number; p99: number; max: number; rows: number }>`
    select percentile_cont(0.5) within group (order by extract(epoch from projected_at - received_at) * 1000) as p50,
           percentile_cont(0.99) within group (order by extract(epoch from projected_at - received_at) * 1000) as p99,
           max(extract(epoch from projected_at - received_at) * 1000) as max,
           count(*)::int as rows
    from contact_messages`.execute(testDb.db);
  const figures = lag.rows[0]!;

  // 4. The same load while the workers are killed with -9 every 5 seconds and started again at once.
  const accepted: string[] = [];
  let refused = 0;
  const phaseStarted = new Date();
  let kills = 0;
  const readyAfterMs: number[] = [];
  let killing = true;
  let lastStart: Promise<void> = Promise.resolve();
  const killer = (async () => {
    while (killing) {
      await new Promise((wait) => setTimeout(wait, KILL_EVERY_MS));
      if (!killing) break;
      await product!.workers.kill('SIGKILL');
      kills++;
      const startedAt = Date.now();
      lastStart = product!.workers.start().then(
        () => void readyAfterMs.push(Date.now() - startedAt),
        (error: unknown) => {
          if (!(error instanceof ExitedBeforeReady)) throw error;
        },
      );
    }
  })();
  const underKills = await autocannon({
    url: base,
    connections: 50,
    duration: KILLED_LOAD_S,
    requests: [
      {
        method: 'POST',
        path: '/api/contact-messages',
        headers: { 'content-type': 'application/json' },
        body,
        onResponse: (status: number, responseBody: string) => {
          if (status === 201) accepted.push((JSON.parse(responseBody) as { id: string }).id);
          else refused++;
        },
      },
    ],
  });
  killing = false;
  await killer;
  await lastStart;
  if (!product.workers.isRunning) await product.workers.start();
  for (;;) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as { checks: { projector: { eventsBehind: number } } };
    if (health.checks.projector.eventsBehind === 0) break;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  const projected = new Set(
    (await testDb.db.selectFrom('contact_messages').select('id').where('received_at', '>=', phaseStarted).execute()).map((row) => row.id),
  );
  const lost = accepted.filter((id) => !projected.has(id)).length;
  const killedLag = (
    await sql<{ p50: number; p99: number; max: number }>`
    select percentile_cont(0.5) within group (order by extract(epoch from projected_at - received_at) * 1000) as p50,
           percentile_cont(0.99) within group (order by extract(epoch from projected_at - received_at) * 1000) as p99,
           max(extract(epoch from projected_at - received_at) * 1000) as max
    from contact_messages where received_at >= ${phaseStarted}`.execute(testDb.db)
  ).rows[0]!;

  const line = (label: string, value: string) => console.info(`${label.padEnd(42)} ${value}`);
  console.info('\nAutoBest event store and contact command benchmark');
  line('event store appends/s (16 writers)', `${appendsPerSecond.toFixed(0)}  (${WRITERS * EVENTS_PER_WRITER} events in ${appendSeconds.toFixed(2)} s)`);
  line('POST /api/contact-messages req/s (mean)', `${result.requests.average.toFixed(0)}  (target 2,000)`);
  line('  latency p50 / p99 / max (ms)', `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max}`);
  line('  requests, non-2xx or errors', `${result.requests.total}, ${non2xx}`);
  const commands = Math.max(1, result.requests.total - non2xx);
  line('  CPU per command (µs): API / workers', `${(apiCpu / commands).toFixed(0)} / ${(workersCpu / commands).toFixed(0)}  (API processes during the load; workers until the read model caught up)`);
  line('projection lag p50 / p99 / max (ms)', `${Number(figures.p50).toFixed(1)} / ${Number(figures.p99).toFixed(1)} / ${Number(figures.max).toFixed(1)}  (target p99 < 500)`);
  line('  read-model rows', String(figures.rows));
  console.info(`the same load for ${KILLED_LOAD_S} s, workers killed (-9) and restarted every ${KILL_EVERY_MS / 1000} s`);
  line('  POST /api/contact-messages req/s (mean)', `${underKills.requests.average.toFixed(0)}`);
  line('  latency p50 / p99 / max (ms)', `${underKills.latency.p50} / ${underKills.latency.p99} / ${underKills.latency.max}`);
  line('  accepted (201), refused or errors', `${accepted.length}, ${refused + underKills.errors}`);
  line('  kills, restarts ready before the next', `${kills}, ${readyAfterMs.length}${readyAfterMs.length > 0 ? ` (ready after ${readyAfterMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s)` : ''}`);
  line('  events lost', `${lost}  (accepted but not in the read model at the end; must be 0)`);
  line('  projection lag p50 / p99 / max (ms)', `${Number(killedLag.p50).toFixed(1)} / ${Number(killedLag.p99).toFixed(1)} / ${Number(killedLag.max).toFixed(1)}`);
  if (lost > 0) process.exitCode = 1;
} finally {
  await product?.close();
  await testDb.drop();
  await queues.drop();
}
