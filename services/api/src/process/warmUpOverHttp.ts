import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net, { type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What browsers send: the answers are compressed as theirs are. */
const BROWSERS_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** Requests under way at once. */
const CONCURRENCY = 4;
/** A warm-up request that has not answered in this long is given up. */
const REQUEST_TIMEOUT_MS = 5_000;
/** The whole warm-up stops after this long, answered or not. */
const WARM_UP_DEADLINE_MS = 30_000;

/** Marks a connection made by warmUpOverHttp: its requests are the process's own, not a client's (metrics skip them). */
const WARM_UP = Symbol('warm-up connection');

/** Whether a request came over a connection warmUpOverHttp made. */
export const isWarmUpRequest = (socket: Socket | undefined): boolean => socket !== undefined && (socket as Socket & { [WARM_UP]?: true })[WARM_UP] === true;

/**
 * Requests `paths` of this process's own HTTP server over real connections only it can make: a Unix socket in a folder
 * of its own (mode 0700; never shared with the other API processes, as a TCP port would be under node:cluster), whose
 * connections are handed to `server`. CONCURRENCY requests at a time, with a browser's headers, each answer read to
 * its end, each given up after REQUEST_TIMEOUT_MS and the whole after WARM_UP_DEADLINE_MS or once `signal` aborts;
 * every connection is closed at the end. The first seconds of a process's traffic run every layer's code unoptimised
 * (the HTTP parser's callbacks, the framework, the validation, the compression, the route, the search index; measured
 * on 100,000 vehicles under 50 connections, the first two seconds took 2.4 times the CPU per search of later ones):
 * made to run it here, before the process says it is ready, the compiler has optimised it for the buyers who come
 * after. Measured on bench:search's long tail, first 10 s, paired runs (354e1eb): 7,488-7,759 -> 8,340-8,388 searches
 * a second (+7.5 to +12%), p99 24 -> 16-17 ms, CPU 192-196 -> 177 µs per search; the process is ready about 2 s later.
 * Measured again alone (the index's in-process warm-up it sat beside went in 04d283c), on 100,000 vehicles, `npm start`,
 * bench:search's long tail started as soon as the API was ready, two runs each, interleaved (30 November): its first
 * round (10-20 s after ready) 8,967 and 10,690 searches a second with it against 8,660 and 9,284 without, 144-160 µs of
 * CPU per search against 167-179, p99 13-18 ms against 20; the later rounds alike either way. Failures are counted, not
 * retried: this only warms. Says how many requests were answered 2xx.
 */
export async function warmUpOverHttp(
  server: http.Server,
  paths: readonly string[],
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ answered: number }> {
  const folder = await mkdtemp(join(tmpdir(), 'autobest-warm-up-'));
  const socketPath = join(folder, 'api.sock');
  const accepted = new Set<Socket>();
  const door = net.createServer((socket) => {
    (socket as Socket & { [WARM_UP]?: true })[WARM_UP] = true;
    accepted.add(socket);
    socket.once('close', () => accepted.delete(socket));
    server.emit('connection', socket);
  });
  // An error after listening (a connection refused for want of file descriptors) ends nothing but this warm-up.
  door.on('error', () => undefined);
  const deadline = AbortSignal.any([AbortSignal.timeout(WARM_UP_DEADLINE_MS), ...(signal ? [signal] : [])]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    await new Promise<void>((listening, failed) => {
      door.once('error', failed);
      door.listen({ path: socketPath, exclusive: true }, () => {
        door.off('error', failed);
        listening();
      });
    });
    let next = 0;
    let answered = 0;
    const one = (path: string) =>
      new Promise<void>((done) => {
        http
          .get({ socketPath, path, agent, headers: BROWSERS_HEADERS, signal: deadline, timeout: REQUEST_TIMEOUT_MS }, (response) => {
            if (response.statusCode !== undefined && response.statusCode >= 200 && response.statusCode < 300) answered++;
            response.on('error', () => done()).on('close', done).resume();
          })
          .on('timeout', function (this: http.ClientRequest) {
            this.destroy();
          })
          .on('error', () => done());
      });
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < paths.length && !deadline.aborted) await one(paths[next++]!);
      }),
    );
    return { answered };
  } finally {
    agent.destroy();
    for (const socket of accepted) socket.destroy();
    await new Promise((closed) => door.close(closed));
    await rm(folder, { recursive: true, force: true });
  }
}
