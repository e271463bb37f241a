import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { createTestDatabase } from '@autobest/db/testing';
import { SELL_CAR_PHOTO_SLOTS } from '@autobest/domain';
import { sellCarFormFields } from '@autobest/domain/testing';
import { createTestQueues, samplePhoto } from '@autobest/runtime/testing';
import { startProductProcesses, type ProductProcesses } from '../src/processes';

/**
 * `npm run bench:submissions`: 50 concurrent owners sending sell-car requests with six photos of about 300 KB
 * (real 1600 × 1200 JPEGs: every photo is checked, then re-encoded by the workers) for 20 s (after a 3 s warm-up)
 * against the API and workers as separate processes; requests/s, latency, errors, the API's memory (resident
 * set) while it streams the uploads to disk, and how far the photo processor got meanwhile.
 */
const CONNECTIONS = 50;
const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 20);
/**
 * Here the workers share the API's cores, and re-encoding photos is CPU work they would otherwise take from it.
 * They run at nice 10, as docker-compose gives them a lower CPU weight (cpu_shares); BENCH_WORKERS_NICE=0 measures
 * them competing as equals.
 */
const WORKERS_NICE = Number(process.env['BENCH_WORKERS_NICE'] ?? 10);

const photo = await samplePhoto({ width: 1600, height: 1200, quality: 45 });

const countEvents = async (types: string[]) =>
  Number((await testDb.db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('count')).where('type', 'in', types).executeTakeFirstOrThrow()).count);
const processedRequests = () => countEvents(['SubmissionPhotosProcessed']);
const submittedRequests = () => countEvents(['SellCarSubmitted']);

function multipartBody(): { body: Buffer; contentType: string } {
  const boundary = '----autobest-bench-boundary';
  const fields = sellCarFormFields({ fullName: 'Bench Owner', phoneNumber: '+2348035550142', email: 'owner@example.ng' });
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const { slot } of SELL_CAR_PHOTO_SLOTS) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${slot}"; filename="${slot}.png"\r\nContent-Type: image/png\r\n\r\n`), photo, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** CPU seconds a process has used so far (user + system, from /proc). */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const testDb = await createTestDatabase('bench_submissions');
const queues = createTestQueues('bench_submissions');
let product: ProductProcesses | undefined;
try {
  product = await startProductProcesses({
    databaseUrl: testDb.url,
    redisUrl: queues.redisUrl,
    queuePrefix: queues.prefix,
    // One address and one email send thousands of requests: the limits stay counted but far out of reach.
    env: { PUBLIC_WRITE_LIMIT_SCALE: '1000000' },
    echo: true,
    workersNice: WORKERS_NICE,
    ...(process.env['BENCH_UPLOADS_ROOT'] ? { uploadsRoot: process.env['BENCH_UPLOADS_ROOT'] } : {}),
  });
  const api = product.api;
  const workers = product.workers;
  const base = product.url;

  const { body, contentType } = multipartBody();
  // Warm-up (not measured): the first burst of 50 simultaneous uploads meets a cold JIT and cold pools.
  await autocannon({ url: `${base}/api/sell-car-submissions`, method: 'POST', headers: { 'content-type': contentType }, body, connections: CONNECTIONS, duration: 3 });
  const memory: number[] = [await residentMb(api.pid!)];
  const sampler = setInterval(() => void residentMb(api.pid!).then((mb) => memory.push(mb)), 1000);
  const measuredFrom = Date.now();
  const processedBefore = await processedRequests();
  const cpuBefore = [await cpuSeconds(api.pid!), await cpuSeconds(workers.pid!)];
  const result = await autocannon({
    url: `${base}/api/sell-car-submissions`,
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  clearInterval(sampler);
  const processedDuring = (await processedRequests()) - processedBefore;
  const measuredS = (Date.now() - measuredFrom) / 1000;
  const cpuUsed = [(await cpuSeconds(api.pid!)) - cpuBefore[0]!, (await cpuSeconds(workers.pid!)) - cpuBefore[1]!];

  const line = (label: string, value: string) => console.info(`${label.padEnd(44)} ${value}`);
  console.info('\nAutoBest sell-car submission benchmark');
  line('request body', `${(body.length / 1024 / 1024).toFixed(2)} MB (six ${(photo.length / 1024).toFixed(0)} KB photos)`);
  line('workers niceness', String(WORKERS_NICE));
  line('submissions/s (mean)', `${result.requests.average.toFixed(1)}  (target 100)`);
  line('latency p50 / p90 / p97.5 / p99 / max (ms)', `${result.latency.p50} / ${result.latency.p90} / ${result.latency.p97_5} / ${result.latency.p99} / ${result.latency.max}  (target p99 < 1000)`);
  line('requests, non-2xx, errors', `${result.requests.total}, ${result.non2xx}, ${result.errors}`);
  const third = Math.max(1, Math.floor(memory.length / 3));
  const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  line('API resident memory start / first third / last third / max (MB)', '');
  line('', `${memory[0]!.toFixed(0)} / ${average(memory.slice(1, third + 1)).toFixed(0)} / ${average(memory.slice(-third)).toFixed(0)} / ${Math.max(...memory).toFixed(0)}`);
  line('CPU used, API / workers (cores)', `${(cpuUsed[0]! / measuredS).toFixed(2)} / ${(cpuUsed[1]! / measuredS).toFixed(2)}`);
  line('API CPU per request (ms)', ((cpuUsed[0]! * 1000) / Math.max(1, result.requests.total)).toFixed(1));
  const received = await submittedRequests();
  line('photo processor: requests done meanwhile', `${processedDuring} (${((processedDuring * 6) / measuredS).toFixed(1)} photos/s), ${received - (await processedRequests())} of ${received} still waiting`);
} finally {
  await product?.close();
  await testDb.drop();
  await queues.drop();
}
