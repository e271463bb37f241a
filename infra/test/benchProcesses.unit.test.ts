import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { requestsFor } from '../bench/benchProcesses';

type PendingQueue = { insertRequest(request: object): void; addBody(data: Buffer): void; peek(): { body: string } | undefined };
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as new () => PendingQueue;

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
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(body);
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
      await new Promise((closed) => server.close(closed));
    }
  });
});
