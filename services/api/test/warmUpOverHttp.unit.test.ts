import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { isWarmUpRequest, warmUpOverHttp } from '../src/process/warmUpOverHttp';

/**
 * A process warms its search path by asking itself over real connections that only it can make: every path is asked
 * for as a browser would (Accept-Encoding), over connections marked as its own, failures are counted and do not stop
 * it, it stops when told, and nothing is left listening or open.
 */
describe('warmUpOverHttp', () => {
  const app = Fastify();
  const seen: Array<{ url: string; encoding: string | undefined; own: boolean }> = [];
  app.get('/api/vehicles', async (request, reply) => {
    seen.push({ url: request.url, encoding: request.headers['accept-encoding'], own: isWarmUpRequest(request.raw.socket) });
    if (request.url.includes('fail=1')) return reply.code(500).send({ error: 'no' });
    if (request.url.includes('never=1')) return new Promise(() => undefined);
    if (request.url.includes('hang-up=1')) {
      request.raw.socket.destroy();
      return reply;
    }
    return { ok: true };
  });
  afterEach(() => {
    seen.length = 0;
  });
  const connections = () => new Promise<number>((counted) => app.server.getConnections((_, count) => counted(count)));

  it('asks for every path over connections marked as its own, as a browser would, and says how many were answered', async () => {
    await app.ready();
    const paths = Array.from({ length: 40 }, (_, n) => `/api/vehicles?n=${n}${n % 10 === 3 ? '&fail=1' : ''}${n === 17 ? '&hang-up=1' : ''}`);
    const servers = () => process.getActiveResourcesInfo().filter((kind) => kind.endsWith('ServerWrap')).length;
    const serversBefore = servers();
    const folders = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('autobest-warm-up-'));
    const foldersBefore = await folders();
    expect(await warmUpOverHttp(app.server, paths)).toEqual({ answered: 35 });
    expect(seen.map((request) => request.url).sort()).toEqual([...paths].sort());
    expect(seen.every((request) => request.own && request.encoding === 'gzip, deflate, br, zstd')).toBe(true);
    // Its private socket is closed again and its folder gone, and no connection of its own is left open.
    expect(servers()).toBe(serversBefore);
    expect(await folders()).toEqual(foldersBefore);
    expect(await connections()).toBe(0);
  });

  it('stops when told to, even with requests that never answer, and leaves no connection open', async () => {
    const stop = new AbortController();
    const paths = Array.from({ length: 20 }, (_, n) => `/api/vehicles?n=${n}${n >= 2 ? '&never=1' : ''}`);
    setTimeout(() => stop.abort(), 300);
    // Without stopping, the requests that never answer would hold it past the test's time limit.
    expect(await warmUpOverHttp(app.server, paths, { signal: stop.signal })).toEqual({ answered: 2 });
    // Four at a time: the first two answered, the next four never did, the rest were never asked.
    expect(seen.map((request) => request.url).sort()).toEqual(paths.slice(0, 6).sort());
    expect(await connections()).toBe(0);
  });

  it('leaves requests from anyone else unmarked', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    expect((await fetch(`http://127.0.0.1:${port}/api/vehicles?n=client`)).status).toBe(200);
    await app.inject({ method: 'GET', url: '/api/vehicles?n=inject' });
    expect(seen).toEqual([
      { url: '/api/vehicles?n=client', encoding: expect.any(String), own: false },
      { url: '/api/vehicles?n=inject', encoding: undefined, own: false },
    ]);
    await app.close();
  });
});
