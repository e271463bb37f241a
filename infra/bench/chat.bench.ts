import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createTestDatabase } from '@autobest/db/testing';
import { Projector, allProjections } from '@autobest/projections';
import { createTestQueues } from '@autobest/runtime/testing';
import { seedCatalogue, SHIPPED_CATALOGUE_SIZE } from '../src/seed/seedCatalogue';
import { seedLargeCatalogue } from '../src/seed/large';
import { startApi, startHelloWorld, stopAll } from './benchProcesses';

/**
 * `npm run bench:chat [-- count]`: Tara under load beside a bare Fastify hello-world. Each connection holds
 * conversations of 6 buyer messages (start, then the six, then a new conversation), each message understood, matched
 * against the catalogue at the current rates and recorded as events. On the shipped catalogue, or on a generated one
 * of `count` vehicles. Then one conversation's replies timed alone.
 */
const COUNT = process.argv[2] ? Number(process.argv[2]) : 0;
const CONNECTIONS = 50;
const DURATION_S = 10;
const MESSAGES = [
  'Hi, I need a car for my family',
  'I need a family SUV under 30 million naira',
  'something cheaper, maybe 20m',
  'show me sedans instead',
  'budget $25K',
  'how do I pay a deposit?',
];

function conversations(base: string) {
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/chat/conversations',
        body: JSON.stringify({ language: 'en', currency: 'NGN', entry: 'widget' }),
        onResponse: (_status, body, context) => {
          (context as { id?: string }).id = (JSON.parse(body) as { id: string }).id;
        },
      },
      ...MESSAGES.map((text) => ({
        method: 'POST' as const,
        body: JSON.stringify({ text }),
        setupRequest: (request: autocannon.Request, context: object) => ({ ...request, path: `/api/chat/conversations/${(context as { id?: string }).id ?? 'none'}/messages` }),
      })),
    ],
  });
}

async function repliesAlone(base: string) {
  const samples: number[] = [];
  for (let round = 0; round < 5; round++) {
    const { id } = (await (await fetch(`${base}/api/chat/conversations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: 'en', currency: 'NGN' }) })).json()) as { id: string };
    for (const text of MESSAGES) {
      const begin = performance.now();
      const response = await fetch(`${base}/api/chat/conversations/${id}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`reply answered ${response.status}`);
      samples.push(performance.now() - begin);
    }
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length / 2)]!, max: samples.at(-1)! };
}

const testDb = await createTestDatabase('bench_chat');
const queues = createTestQueues('bench_chat');
const children: ChildProcess[] = [];
try {
  const vehicles = COUNT > 0 ? (await seedLargeCatalogue(testDb.db, COUNT), COUNT) : (await seedCatalogue(testDb.db), SHIPPED_CATALOGUE_SIZE);
  await new Projector(testDb.db, allProjections, { batchSize: 2000 }).catchUp();

  const load1 = loadavg()[0]!;
  const hello = await autocannon({ url: `${await startHelloWorld(children)}/hello`, connections: CONNECTIONS, duration: DURATION_S });
  // The public write limits are for people, not for a load test.
  const { base } = await startApi(children, { databaseUrl: testDb.url, queues, env: { PUBLIC_WRITE_LIMIT_SCALE: '1000000' } });
  const alone = await repliesAlone(base);
  const chat = await conversations(base);
  const replies = (chat.requests.total * MESSAGES.length) / (MESSAGES.length + 1);

  const line = (label: string, value: string) => console.info(`${label.padEnd(60)} ${value}`);
  console.info(`\nAutoBest Tara benchmark: ${vehicles.toLocaleString('en')} vehicles, ${CONNECTIONS} connections, ${DURATION_S} s, conversations of ${MESSAGES.length} messages; load average ${load1.toFixed(2)} at start`);
  line('bare Fastify hello-world req/s', `${hello.requests.average.toFixed(0)}  (p50 ${hello.latency.p50} ms, p99 ${hello.latency.p99} ms)`);
  line('chat requests/s (starts and messages)', `${chat.requests.average.toFixed(0)}  (${((chat.requests.average / hello.requests.average) * 100).toFixed(0)}% of hello-world)`);
  line('replies/s (messages answered)', `${(replies / DURATION_S).toFixed(0)}`);
  line('  latency p50 / p99 / max (ms), all requests', `${chat.latency.p50} / ${chat.latency.p99} / ${chat.latency.max}`);
  line('  non-2xx, errors', `${chat.non2xx}, ${chat.errors}`);
  line('one reply alone, p50 / max of 30 (ms, over HTTP)', `${alone.p50.toFixed(1)} / ${alone.max.toFixed(1)}  (target well under 100)`);
} finally {
  await stopAll(children);
  await testDb.drop();
  await queues.drop();
}
