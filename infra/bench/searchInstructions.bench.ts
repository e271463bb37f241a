import { execFile } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import autocannon from 'autocannon';
import { createTestDatabase } from '@autobest/db/testing';
import { Projector, allProjections } from '@autobest/projections';
import { createTestQueues } from '@autobest/runtime/testing';
import { API_PROCESS_V8_OPTIONS } from '@autobest/api';
import { seedLargeCatalogue } from '../src/seed/large';
import { requestsFor, startApi, stopAll } from './benchProcesses';
import { BROWSER_ACCEPT_ENCODING, drawnAhead, EVERYDAY_SEARCHES, inTurn, longTail, searchIndexReady } from './longTail';

/**
 * `npm run bench:search:instructions [-- [count] [--popular]]`: what one long-tail search (or with `--popular`, one of the
 * everyday searches, answered from the answer cache: a count that varies by about a seventh from run to run, 183,562 to
 * 241,723 over six runs on 30 November, so only a large change shows) costs the API process in machine
 * instructions, counted by valgrind's callgrind (default 5,000 vehicles, the same searches every run). Requests per
 * second on a shared machine vary by a fifth from one minute to the next; the long tail's instruction count varies by
 * a few per cent, up to 7% (the moments V8 optimises and collects), so two versions of the API can be compared on it,
 * run after run, for changes larger than that. The
 * main thread's count is the one to compare: V8's other threads mark and sweep old objects when the heap has grown
 * enough, which may fall into the counted searches or not. It does not see time spent waiting for memory: a search on a large catalogue costs more time per instruction, so
 * the load benchmark (bench:search) stays the measure of speed.
 */
const COUNT = Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 5_000);
/** `--popular`: the everyday shapes asked again and again (answered from the answer cache) instead of the long tail. */
const POPULAR = process.argv.includes('--popular');
/** Searches before counting starts, so V8 has optimised the code a search runs. */
const WARM_UP = 6_000;
const MEASURED = 3_000;
const CONNECTIONS = 8;

const run = promisify(execFile);

async function searches(base: string, paths: () => string, amount: number) {
  const result = await autocannon({ url: base, connections: CONNECTIONS, amount, timeout: 120, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING }, requests: requestsFor(paths) });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${result.errors} errors and ${result.non2xx} answers other than 2xx`);
  return result.requests.total;
}

/** Self instructions per function, from callgrind_annotate's flat listing, with the program's total. */
async function instructionsByFunction(file: string): Promise<{ total: number; functions: Array<{ name: string; instructions: number }> }> {
  const { stdout } = await run('callgrind_annotate', ['--inclusive=no', '--threshold=100', file], { maxBuffer: 64 * 1024 * 1024 });
  let total = 0;
  const byName = new Map<string, number>();
  for (const line of stdout.split('\n')) {
    const totals = /^\s*([\d,]+) \([\d.]+%\)\s+PROGRAM TOTALS/.exec(line);
    if (totals) total = Number(totals[1]!.replaceAll(',', ''));
    const row = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S.*?)(?: \[(.*)\])?$/.exec(line);
    if (!row || row[2] === 'PROGRAM TOTALS') continue;
    const where = row[2]!.replace(/^.*?:/, '');
    // Code V8 compiled at run time has no symbol: one line for all of it.
    const name = where.startsWith('0x') ? 'JavaScript compiled by V8' : where.replace(/\(.*$/, '');
    byName.set(name, (byName.get(name) ?? 0) + Number(row[1]!.replaceAll(',', '')));
  }
  return { total, functions: [...byName].map(([name, instructions]) => ({ name, instructions })).sort((a, b) => b.instructions - a.instructions) };
}

/**
 * Tells callgrind in process `pid` to do something. It reads the command only while the process runs, so the API is
 * asked for its health meanwhile: an idle process would take it up at its next timer.
 */
async function control(pid: number | undefined, base: string, command: string): Promise<void> {
  let done = false;
  const poking = (async () => {
    while (!done) {
      await fetch(`${base}/api/health`).catch(() => undefined);
      await new Promise((wait) => setTimeout(wait, 200));
    }
  })();
  try {
    await run('callgrind_control', [command, String(pid)]);
  } finally {
    done = true;
    await poking;
  }
}

/**
 * The files of callgrind's first dump, one per thread (--separate-threads), the main thread's first: waited for, since
 * callgrind_control returns once the dump is asked for.
 */
async function dumpedPerThread(dir: string): Promise<string[]> {
  for (let waited = 0; waited < 120; waited++) {
    const files = (await readdir(dir)).filter((name) => /^callgrind\.out\.1-\d+$/.test(name)).sort();
    if (files.length > 0) {
      await new Promise((wait) => setTimeout(wait, 2_000));
      return files.map((name) => join(dir, name));
    }
    await new Promise((wait) => setTimeout(wait, 1_000));
  }
  throw new Error('callgrind wrote no dump');
}

const testDb = await createTestDatabase('bench_search_instructions');
const queues = createTestQueues('bench_search_instructions');
const children: ChildProcess[] = [];
const dir = await mkdtemp(join(tmpdir(), 'autobest-callgrind-'));
try {
  await seedLargeCatalogue(testDb.db, COUNT);
  await new Projector(testDb.db, allProjections, { batchSize: 2000 }).catchUp();
  await sql`vacuum analyze`.execute(testDb.db);
  const out = join(dir, 'callgrind.out');
  // One API process (the primary does not serve when there are several), with the V8 options each one gets.
  const { api, base } = await startApi(children, {
    databaseUrl: testDb.url,
    queues,
    env: { SEARCH_INDEX: 'memory', API_PROCESSES: '1' },
    nodeArgs: [...API_PROCESS_V8_OPTIONS],
    launcher: ['valgrind', '--tool=callgrind', '--instr-atstart=no', '--dump-instr=no', '--separate-threads=yes', `--callgrind-out-file=${out}`],
    readyWithinMs: 15 * 60_000,
  });
  await searchIndexReady(base);
  const paths = POPULAR ? inTurn(EVERYDAY_SEARCHES) : drawnAhead(longTail(1), WARM_UP + MEASURED);
  await searches(base, paths, WARM_UP);
  await control(api.pid, base, '--instr=on');
  const measured = await searches(base, paths, MEASURED);
  await control(api.pid, base, '--instr=off');
  await control(api.pid, base, '--dump');
  const dumped = await dumpedPerThread(dir);
  const { total, functions } = await instructionsByFunction(dumped[0]!);
  let everyThread = total;
  for (const file of dumped.slice(1)) everyThread += (await instructionsByFunction(file)).total;
  const perSearch = (instructions: number) => Math.round(instructions / measured).toLocaleString('en');
  const share = (instructions: number) => `${((instructions / total) * 100).toFixed(1)}%`;
  const brotli = functions.filter(({ name }) => name.startsWith('Brotli') || name === 'BuildAndStoreLiteralPrefixCode').reduce((sum, { instructions }) => sum + instructions, 0);
  console.info(`\nAutoBest search, instructions (callgrind): ${COUNT.toLocaleString('en')} vehicles, ${measured.toLocaleString('en')} ${POPULAR ? 'everyday (cached)' : 'long-tail'} searches counted after ${WARM_UP.toLocaleString('en')} to warm up, ${CONNECTIONS} connections, browsers' Accept-Encoding`);
  console.info(`${"instructions per search, API process's main thread".padEnd(60)} ${perSearch(total)}`);
  console.info(`${"  of which Brotli's own functions (not the memset it calls)".padEnd(60)} ${perSearch(brotli)} (${share(brotli)})`);
  console.info(`${'with its other threads (V8 marking and sweeping old objects, compiling)'.padEnd(60)} ${perSearch(everyThread)}`);
  console.info('  functions with the most instructions of their own, per search:');
  for (const { name, instructions } of functions.slice(0, 12)) console.info(`    ${perSearch(instructions).padStart(9)}  ${share(instructions).padStart(6)}  ${name.slice(0, 100)}`);
} finally {
  await stopAll(children);
  await rm(dir, { recursive: true, force: true });
  await testDb.drop();
  await queues.drop();
}
