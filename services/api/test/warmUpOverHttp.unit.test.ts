import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { isWarmUpRequest, warmUpOverHttp } from '../src/platform/warmUpOverHttp';

/**
 * A process warms its search path by asking itself over real loopback connections that only it hears: every path is
 * asked for as a browser would (Accept-Encoding), over connections marked as its own, failures are counted and do
 * not stop it, and nothing is left listening.
 */
describe('warmUpOverHttp', () => {
  const app = Fastify();
  const seen: Array<{ url: string; encoding: string | undefined; own: boolean }> = [];
  app.get('/api/vehicles', async (request, reply) => {
    seen.push({ url: request.url, encoding: request.headers['accept-encoding'], own: isWarmUpRequest(request.raw.socket) });
    if (request.url.includes('fail=1')) return reply.code(500).send({ error: 'no' });
    if (request.url.includes('hang-up=1')) {
      request.raw.socket.destroy();
      return reply;
    }
    return { ok: true };
  });
  afterEach(() => {
    seen.length = 0;
  });

  it('asks for every path over connections marked as its own, as a browser would, and says how many were answered', async () => {
    await app.ready();
    const paths = Array.from({ length: 40 }, (_, n) => `/api/vehicles?n=${n}${n % 10 === 3 ? '&fail=1' : ''}${n === 17 ? '&hang-up=1' : ''}`);
    const handlesBefore = process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;
    expect(await warmUpOverHttp(app.server, paths)).toEqual({ answered: 35 });
    expect(seen.map((request) => request.url).sort()).toEqual([...paths].sort());
    expect(seen.every((request) => request.own && request.encoding === 'gzip, deflate, br, zstd')).toBe(true);
    // The private port is closed again.
    expect(process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length).toBe(handlesBefore);
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
