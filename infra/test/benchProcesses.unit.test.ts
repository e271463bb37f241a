import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { pacedLoad, requestsFor } from '../bench/benchProcesses';

type PendingQueue = { insertRequest(request: object): void; addBody(data: Buffer): void; peek(): { body: string } | undefined };
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as new () => PendingQueue;

/** A local HTTP server answering with `handler`, its URL, and how to close it. */
async function serving(handler: RequestListener) {
  const server = createServer(handler);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((closed) => server.close(closed)) };
}

describe("the benchmarks' load generator", () => {
  it('does not keep the bodies of answers to requestsFor, and keeps every other request\'s', () => {
    const queue = new PipelinedRequestsQueue();
    queue.insertRequest(requestsFor(() => '/')[0]!);
    queue.addBody(Buffer.from('{"items":[]}'));
    expect(queue.peek()?.body).toBe('');

    const other = new PipelinedRequestsQueue();
    other.insertRequest({ method: 'GET', path: '/' });
    other.addBody(Buffer.from('{"items":'));
    other.addBody(Buffer.from('[]}'));
    expect(other.peek()?.body).toBe('{"items":[]}');
  });

  it('still hands a whole body to onResponse (the chat and events benchmarks read theirs), and asks requestsFor its paths', async () => {
    // ASCII: autocannon decodes each chunk alone, so a character split between two would not come out whole.
    const body = JSON.stringify({ text: 'abcdefgh'.repeat(20_000) });
    const asked: string[] = [];
    const { url, close } = await serving((request, response) => {
      asked.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(body);
    });
    try {
      const received: string[] = [];
      await autocannon({ url, connections: 1, amount: 2, requests: [{ method: 'GET', path: '/read', onResponse: (_status, text) => void received.push(text) }] });
      // Longer than one read: the body comes in several chunks.
      expect(received.map((text) => text === body)).toEqual([true, true]);

      let drawn = 0;
      const result = await autocannon({ url, connections: 2, amount: 6, requests: requestsFor(() => `/drawn/${drawn++}`) });
      expect(result.errors).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(asked.filter((path) => path.startsWith('/drawn/')).sort()).toEqual(Array.from({ length: 6 }, (_, n) => `/drawn/${n}`).sort());
    } finally {
      await close();
    }
  });
});

describe("the benchmarks' paced load", () => {
  /** A server that notes when each request came (by the number in its path) and answers after `holdMs`. */
  async function recordingServer(holdMs: number, status: (n: number) => number) {
    const arrivals = new Map<number, { at: number; body: string; address: string | undefined }>();
    const server = await serving((request, response) => {
      const at = performance.now();
      const n = Number(request.url?.split('/').at(-1));
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        arrivals.set(n, { at, body, address: request.headers['x-forwarded-for'] as string | undefined });
        setTimeout(() => {
          response.statusCode = status(n);
          response.end('{}');
        }, holdMs);
      });
    });
    return { ...server, arrivals };
  }
  const numbered = (n: number) => ({ method: 'POST', path: `/messages/${n}`, headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${n}` }, body: JSON.stringify({ n }) });

  it('spreads the requests over the time asked for (autocannon\'s overallRate sent each second\'s share at once), each as built', async () => {
    const server = await recordingServer(0, () => 201);
    try {
      const result = await pacedLoad(server.url, { rate: 100, seconds: 1, connections: 10, request: numbered });
      expect(result.failed).toBe(0);
      expect([...server.arrivals.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, n) => n));
      expect(server.arrivals.get(42)).toMatchObject({ body: '{"n":42}', address: '10.0.0.42' });
      // Request n is due 10 ms after request n - 1 and never goes early: the last came most of a second after the first.
      const first = server.arrivals.get(0)!.at;
      for (const n of [25, 50, 99]) expect(server.arrivals.get(n)!.at - first).toBeGreaterThan(n * 10 - 50);
    } finally {
      await server.close();
    }
  });

  it('counts a connection cut in the middle of an answer as failed, and goes on', async () => {
    const server = await serving((request, response) => {
      if (request.url?.endsWith('/3')) {
        response.writeHead(200, { 'content-length': '100' });
        response.write('{"half":');
        setTimeout(() => response.destroy(), 10);
      } else response.end('{}');
    });
    try {
      const result = await pacedLoad(server.url, { rate: 100, seconds: 0.1, connections: 2, request: numbered });
      expect(result.failed).toBe(1);
      expect(result.perSecond).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('counts the wait for a free connection in the latency, and the answers that were not 2xx', async () => {
    // One connection, a request due every 20 ms, each answered after 50 ms: they queue, and the tenth waits longest.
    const server = await recordingServer(50, (n) => (n % 2 === 1 ? 500 : 201));
    try {
      const result = await pacedLoad(server.url, { rate: 50, seconds: 0.2, connections: 1, request: numbered });
      expect(server.arrivals.size).toBe(10);
      expect(result.failed).toBe(5);
      expect(result.latency.p50).toBeGreaterThanOrEqual(50);
      expect(result.latency.max).toBeGreaterThan(250);
    } finally {
      await server.close();
    }
  });
});
