import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import autocannon from 'autocannon';
import { createTestDatabase } from '@autobest/db/testing';
import { createTestQueues } from '@autobest/runtime/testing';
import { FeedParsers, readAllFeeds } from '@autobest/workers';
import { startFeedFixtures } from '@autobest/workers/testing';
import { findFreePort } from '../src/ports';
import { seedReviewVideos } from '../src/seed/news';
import { requestsFor } from './benchProcesses';

/**
 * `npm run bench:news`: news ingestion end to end, and the news API under load beside a bare Fastify hello-world.
 *
 * Ingestion: 10 feeds of 10 items on a local fixture server, added as sources through the API, read by the workers
 * (their own process) after Fetch now, until `GET /api/news` counts all 100 articles; then the same read again
 * (nothing new: every article is an update), and the workers' part alone in process (median of 5).
 * API: a mix of /api/news shapes the storefront asks (autocannon, 50 connections, 10 s) with the answer cache as
 * deployed (NEWS_CACHE_TTL_MS 10 s) and without it (every request reads PostgreSQL).
 */
const FEEDS = 10;
const ITEMS = 10;
const CONNECTIONS = 50;
const DURATION_S = 10;
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const ADMIN_EMAIL = 'bench@autobest.local';
const ADMIN_PASSWORD = 'bench password that is long';

const PATHS = [
  '/api/news',
  '/api/news?region=african&limit=6&category=Partnership,Industry%20News,Market%20Analysis,Events,Financing,Market%20Entry,Sales%20Data',
  '/api/news?region=global&limit=12',
  '/api/news?category=Industry%20News&page=2&limit=10',
  '/api/news/trending',
];

async function waitHealthy(url: string) {
  for (let attempt = 0; !(await fetch(url).then((r) => r.ok, () => false)); attempt++) {
    if (attempt > 150) throw new Error(`${url} did not answer`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

function load(url: string, paths: readonly string[]) {
  let index = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    requests: requestsFor(() => paths[index++ % paths.length]!),
  });
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

const testDb = await createTestDatabase('bench_news');
const queues = createTestQueues('bench_news');
const fixtures = await startFeedFixtures();
const children: ChildProcess[] = [];
const env = (port: number, cacheTtlMs: string) => ({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: testDb.url,
  REDIS_URL: queues.redisUrl,
  QUEUE_PREFIX: queues.prefix,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  STATUS_TOKEN_SECRET: 'bench-only status token secret of 32+ characters',
  // The bench signs in with the password alone to add news sources.
  STAFF_MFA_REQUIRED_FOR: 'none',
  NEWS_ALLOW_PRIVATE_HOSTS: 'true',
  NEWS_CACHE_TTL_MS: cacheTtlMs,
});
const startApi = async (cacheTtlMs: string) => {
  const port = await findFreePort(4100);
  const api = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/server.ts'], { env: env(port, cacheTtlMs), stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(api);
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(`${base}/api/health`);
  return { api, base };
};

try {
  await seedReviewVideos(testDb.db);
  const { api: uncachedApi, base } = await startApi('0');
  children.push(spawn(process.execPath, ['--import', 'tsx', 'workers/src/main.ts'], { env: env(0, '0'), stdio: ['ignore', 'ignore', 'inherit'] }));

  const signIn = await fetch(`${base}/api/admin/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const staff = (path: string, body?: object) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });

  const sourceIds: string[] = [];
  for (let feed = 0; feed < FEEDS; feed++) {
    const name = `bench-feed-${feed + 1}`;
    fixtures.addGenerated(name, ITEMS);
    const answer = await staff('/api/admin/news-sources', { name, url: fixtures.url(`/generated/${name}.xml`), region: feed < 6 ? 'african' : 'global' });
    if (answer.status !== 201) throw new Error(`adding a source answered ${answer.status}: ${await answer.text()}`);
    sourceIds.push(((await answer.json()) as { id: string }).id);
  }
  const stored = async () => ((await (await fetch(`${base}/api/news?limit=1`)).json()) as { total: number }).total;
  /** Fetch now for every source, then until the API shows them all. */
  const ingest = async () => {
    const before = await sql<{ seen: Date }>`select coalesce(max(last_seen_at), 'epoch') as seen from news_articles`.execute(testDb.db);
    const started = performance.now();
    for (const id of sourceIds) {
      const answer = await staff(`/api/admin/news-sources/${id}/fetch`);
      if (answer.status !== 202) throw new Error(`Fetch now answered ${answer.status}`);
    }
    for (;;) {
      const read = await sql<{ n: number }>`select count(*)::int as n from news_articles where last_seen_at > ${before.rows[0]!.seen}`.execute(testDb.db);
      if (read.rows[0]!.n === FEEDS * ITEMS && (await stored()) === FEEDS * ITEMS) break;
      if (performance.now() - started > 60_000) throw new Error('the workers did not read the feeds within a minute');
      await new Promise((wait) => setTimeout(wait, 10));
    }
    return performance.now() - started;
  };
  const firstMs = await ingest();
  const againMs = await ingest();
  const inProcess: number[] = [];
  // Parsed in threads as the workers do, the threads already loaded from the first run on (as in a running workers process).
  const feedParsers = new FeedParsers(5_000);
  try {
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      await readAllFeeds(testDb.db, { allowPrivateHosts: true, userAgent: 'AutoBestAfrica-NewsReader/bench', feedParsers });
      inProcess.push(performance.now() - started);
    }
  } finally {
    await feedParsers.close();
  }
  await sql`vacuum analyze`.execute(testDb.db);

  const load1 = loadavg()[0]!;
  const helloPort = await findFreePort(3990);
  children.push(spawn(process.execPath, ['--import', 'tsx', 'infra/bench/hello.ts', String(helloPort)], { stdio: ['ignore', 'ignore', 'inherit'] }));
  await waitHealthy(`http://127.0.0.1:${helloPort}/hello`);
  const hello = await load(`http://127.0.0.1:${helloPort}`, ['/hello']);
  const uncached = await load(base, PATHS);
  uncachedApi.kill('SIGTERM');
  const { base: cachedBase } = await startApi('10000');
  for (const path of PATHS) await fetch(`${cachedBase}${path}`);
  const cached = await load(cachedBase, PATHS);

  const line = (label: string, value: string) => console.info(`${label.padEnd(72)} ${value}`);
  console.info(`\nAutoBest news benchmark: ${FEEDS} feeds of ${ITEMS} items on a local fixture server; ${CONNECTIONS} connections, ${DURATION_S} s each, ${PATHS.length} /api/news shapes; load average ${load1.toFixed(2)} at start`);
  line(`ingest ${FEEDS} feeds x ${ITEMS} items end to end (Fetch now -> workers -> /api/news), ms`, firstMs.toFixed(0));
  line('  the same again (every article an update), ms', againMs.toFixed(0));
  line('  the workers\' part alone (readAllFeeds in process, median of 5), ms', median(inProcess).toFixed(0));
  line('bare Fastify hello-world req/s', `${hello.requests.average.toFixed(0)}  (p50 ${hello.latency.p50} ms, p99 ${hello.latency.p99} ms)`);
  for (const [label, result] of [
    ['/api/news, answer cache 10 s (as deployed)', cached],
    ['/api/news, no answer cache (every request reads PostgreSQL)', uncached],
  ] as const) {
    line(`${label} req/s`, `${result.requests.average.toFixed(0)}  (${((result.requests.average / hello.requests.average) * 100).toFixed(0)}% of hello-world)`);
    line('  latency p50 / p99 / max (ms)', `${result.latency.p50} / ${result.latency.p99} / ${result.latency.max}`);
    line('  non-2xx, errors', `${result.non2xx}, ${result.errors}`);
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)))));
  await fixtures.close();
  await testDb.drop();
  await queues.drop();
}
