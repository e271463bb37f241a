import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createTestDatabase } from '@autobest/db/testing';
import { SELL_CAR_PHOTO_SLOTS } from '@autobest/domain';
import { createTestQueues } from '@autobest/workers/testing';
import { findFreePort } from '../src/ports';

/**
 * `npm run bench:submissions`: 50 concurrent owners sending sell-car requests with six 300 KB photos for
 * 20 s (after a 3 s warm-up) against the API and workers as separate processes; requests/s, latency, errors, and the API's
 * memory (resident set) while it streams the uploads to disk.
 */
const PHOTO_BYTES = 300 * 1024;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 20);

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const photo = Buffer.concat([PNG_1X1, Buffer.alloc(PHOTO_BYTES - PNG_1X1.length, 7)]);

function multipartBody(): { body: Buffer; contentType: string } {
  const boundary = '----autobest-bench-boundary';
  const fields: Record<string, string> = {
    fullName: 'Bench Owner',
    phoneNumber: '+2348035550142',
    email: 'owner@example.ng',
    make: 'Toyota',
    model: 'Corolla',
    year: '2018',
    odometer: '84000',
    fuelType: 'petrol',
    transmission: 'automatic',
    underFinance: 'no',
    askingPrice: '5200000',
    consent: 'true',
  };
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

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const testDb = await createTestDatabase('bench_submissions');
const queues = createTestQueues('bench_submissions');
const uploadsDir = join(process.env['BENCH_UPLOADS_ROOT'] ?? tmpdir(), `autobest-bench-uploads-${Date.now()}`);
const children: ChildProcess[] = [];
try {
  const port = await findFreePort(3950);
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: testDb.url,
    REDIS_URL: queues.redisUrl,
    QUEUE_PREFIX: queues.prefix,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    UPLOADS_DIR: uploadsDir,
    ADMIN_PASSWORD: 'bench password that is long',
  };
  const api = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/server.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(api, spawn(process.execPath, ['--import', 'tsx', 'workers/src/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] }));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; !(await fetch(`${base}/api/health`).then((r) => r.ok, () => false)); attempt++) {
    if (attempt > 100) throw new Error('API did not become healthy');
    await new Promise((wait) => setTimeout(wait, 200));
  }

  const { body, contentType } = multipartBody();
  // Warm-up (not measured): the first burst of 50 simultaneous uploads meets a cold JIT and cold pools.
  await autocannon({ url: `${base}/api/sell-car-submissions`, method: 'POST', headers: { 'content-type': contentType }, body, connections: CONNECTIONS, duration: 3 });
  const memory: number[] = [await residentMb(api.pid!)];
  const sampler = setInterval(() => void residentMb(api.pid!).then((mb) => memory.push(mb)), 1000);
  const result = await autocannon({
    url: `${base}/api/sell-car-submissions`,
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  clearInterval(sampler);

  const line = (label: string, value: string) => console.info(`${label.padEnd(44)} ${value}`);
  console.info('\nAutoBest sell-car submission benchmark');
  line('request body', `${(body.length / 1024 / 1024).toFixed(2)} MB (six ${PHOTO_BYTES / 1024} KB photos)`);
  line('submissions/s (mean)', `${result.requests.average.toFixed(1)}  (target 100)`);
  line('latency p50 / p90 / p97.5 / p99 / max (ms)', `${result.latency.p50} / ${result.latency.p90} / ${result.latency.p97_5} / ${result.latency.p99} / ${result.latency.max}  (target p99 < 1000)`);
  line('requests, non-2xx, errors', `${result.requests.total}, ${result.non2xx}, ${result.errors}`);
  const third = Math.max(1, Math.floor(memory.length / 3));
  const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  line('API resident memory start / first third / last third / max (MB)', '');
  line('', `${memory[0]!.toFixed(0)} / ${average(memory.slice(1, third + 1)).toFixed(0)} / ${average(memory.slice(-third)).toFixed(0)} / ${Math.max(...memory).toFixed(0)}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((done) => (child.exitCode !== null ? done(null) : child.once('exit', done)))));
  await rm(uploadsDir, { recursive: true, force: true });
  await testDb.drop();
  await queues.drop();
}
