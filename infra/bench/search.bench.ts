import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import autocannon from 'autocannon';
import { createTestDatabase } from '@autobest/db/testing';
import { Projector, allProjections } from '@autobest/workers';
import { createTestQueues } from '@autobest/workers/testing';
import { findFreePort } from '../src/ports';
import { seedLargeCatalogue } from '../src/seed/large';

/**
 * `npm run bench:search [-- count]`: the search API on a large catalogue (default 100,000 vehicles) under a
 * realistic mix of queries, beside a bare Fastify hello-world measured in the same run. Prints the plan of
 * the slowest query. Run twice: with the API's 30 s answer cache (as deployed) and without it (cold).
 */
const COUNT = Number(process.argv[2] ?? 100_000);
const CONNECTIONS = 50;
const DURATION_S = 10;

const QUERIES = [
  '/api/vehicles',
  '/api/vehicles?tab=crossovers-suvs',
  '/api/vehicles?tab=electrified&sort=price-asc',
  '/api/vehicles?q=toyota%20corolla',
  '/api/vehicles?q=tiggo&tab=crossovers-suvs&sort=price-desc',
  '/api/vehicles?make=BYD&yearMin=2023&sort=year-desc',
  '/api/vehicles?priceMin=20000000&priceMax=40000000&currency=NGN',
  '/api/vehicles?priceMin=2000000&priceMax=4000000&currency=KES&condition=used',
  '/api/vehicles?location=Lagos&body=suv&page=2',
  '/api/vehicles?q=sunroof&fuel=petrol&sort=rating',
  '/api/vehicles?make=Toyota&model=Hilux&condition=used&location=Accra',
  '/api/vehicles?tab=trucks&page=3',
  '/api/vehicles?q=hybrid&yearMin=2024&priceMax=30000000&currency=NGN',
  '/api/vehicles?make=Chery&sort=price-asc&page=5',
];

async function waitHealthy(url: string) {
  for (let attempt = 0; !(await fetch(url).then((r) => r.ok, () => false)); attempt++) {
    if (attempt > 150) throw new Error(`${url} did not answer`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

async function load(url: string, paths: string[]) {
  let index = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[index++ % paths.length]! }) }],
  });
}

const testDb = await createTestDatabase('bench_search');
const queues = createTestQueues('bench_search');
const children: ChildProcess[] = [];
try {
  let started = performance.now();
  await seedLargeCatalogue(testDb.db, COUNT);
  const seedSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await new Projector(testDb.db, allProjections, { batchSize: 2000 }).catchUp();
  const projectSeconds = (performance.now() - started) / 1000;
  await sql`vacuum analyze vehicles`.execute(testDb.db);
  const rows = Number((await sql<{ n: number }>`select count(*)::int as n from vehicles`.execute(testDb.db)).rows[0]?.n);

  const helloPort = await findFreePort(3990);
  children.push(spawn(process.execPath, ['--import', 'tsx', 'infra/bench/hello.ts', String(helloPort)], { stdio: ['ignore', 'ignore', 'inherit'] }));
  await waitHealthy(`http://127.0.0.1:${helloPort}/hello`);
  const hello = await load(`http://127.0.0.1:${helloPort}`, ['/hello']);

  const results: Array<{ label: string; result: autocannon.Result }> = [];
  for (const [label, ttl] of [['search, answer cache 30 s (as deployed)', '30000'], ['search, no answer cache (every request hits PostgreSQL)', '0']] as const) {
    const port = await findFreePort(4000);
    const api = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/server.ts'], {
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: testDb.url, REDIS_URL: queues.redisUrl, QUEUE_PREFIX: queues.prefix, PORT: String(port), LOG_LEVEL: 'warn', SEARCH_CACHE_TTL_MS: ttl, ADMIN_PASSWORD: 'bench password that is long' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(api);
    await waitHealthy(`http://127.0.0.1:${port}/api/health`);
    for (const path of QUERIES) await fetch(`http://127.0.0.1:${port}${path}`);
    results.push({ label, result: await load(`http://127.0.0.1:${port}`, QUERIES) });

    if (ttl === '0') {
      const timings: Array<{ path: string; ms: number }> = [];
      for (const path of QUERIES) {
        const samples: number[] = [];
        for (let run = 0; run < 5; run++) {
          const begin = performance.now();
          await fetch(`http://127.0.0.1:${port}${path}`);
          samples.push(performance.now() - begin);
        }
        timings.push({ path, ms: samples.sort((a, b) => a - b)[2]! });
      }
      timings.sort((a, b) => b.ms - a.ms);
      console.info('\nSlowest queries alone (median of 5, ms):');
      for (const timing of timings.slice(0, 5)) console.info(`  ${timing.ms.toFixed(1).padStart(7)}  ${timing.path}`);
    }
    api.kill('SIGTERM');
  }

  const line = (label: string, value: string) => console.info(`${label.padEnd(58)} ${value}`);
  console.info(`\nAutoBest search benchmark: ${rows.toLocaleString('en')} vehicles (listed in ${seedSeconds.toFixed(1)} s, projected in ${projectSeconds.toFixed(1)} s), ${CONNECTIONS} connections, ${DURATION_S} s each, ${QUERIES.length} query shapes`);
  line('bare Fastify hello-world req/s', `${hello.requests.average.toFixed(0)}  (p50 ${hello.latency.p50} ms, p99 ${hello.latency.p99} ms)`);
  for (const { label, result } of results) {
    line(`${label} req/s`, `${result.requests.average.toFixed(0)}  (${((result.requests.average / hello.requests.average) * 100).toFixed(0)}% of hello-world; target 30%)`);
    line('  latency p50 / p99 / max (ms)', `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max}  (target p99 < 25)`);
    line('  non-2xx, errors', `${result.non2xx}, ${result.errors}`);
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)))));
  await testDb.drop();
  await queues.drop();
}
