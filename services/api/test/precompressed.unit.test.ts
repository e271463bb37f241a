import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, PrecompressedJson, sendJsonMadeOnce, sendPrecompressed } from '../src/process/precompressed';

describe('acceptedEncoding', () => {
  it('prefers Brotli, then gzip, among what the client accepts', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('GZIP ; q=1.0')).toBe('gzip');
    expect(acceptedEncoding(['deflate', 'br'])).toBe('br');
  });

  it('answers as it is when nothing it makes is accepted', () => {
    expect(acceptedEncoding(undefined)).toBeUndefined();
    expect(acceptedEncoding('')).toBeUndefined();
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('deflate, gzip;q=0')).toBeUndefined();
  });
});

describe('PrecompressedJson', () => {
  it('compresses each encoding once, to the same text', async () => {
    const answer = new PrecompressedJson(JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ id: `car-${index}` })) }));
    expect(answer.in('br')).toBe(answer.in('br'));
    expect(brotliDecompressSync(await answer.in('br')).toString()).toBe(answer.text);
    expect(gunzipSync(await answer.in('gzip')).toString()).toBe(answer.text);
  });
});

describe('sendJsonMadeOnce', () => {
  it('sends bytes of its own, compressed or copied, so the maker may write over its buffer at once', async () => {
    // 17 MB: more than a socket takes at once, so the rest waits in Node for the client to read.
    const json = JSON.stringify({ items: Array.from({ length: 1_000_000 }, (_, index) => ({ id: `car-${index}` })) });
    const scratch = Buffer.from(json);
    const app = Fastify();
    app.get('/answer', (request, reply) => {
      scratch.write(json);
      sendJsonMadeOnce(request, reply, scratch);
      // The next answer, written into the same buffer before this one has gone out.
      scratch.fill('x');
      return reply;
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const plain = await fetch(`${base}/answer`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await plain.text()).toBe(json);
      const compressed = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers.vary).toBe('Accept-Encoding');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(json);
    } finally {
      await app.close();
    }
  });

  it('sends small answers as they are, kept or not, whatever the client accepts', async () => {
    const small = '{"items":[],"total":0}';
    const app = Fastify();
    app.get('/once', (request, reply) => sendJsonMadeOnce(request, reply, Buffer.from(small)));
    app.get('/kept', (request, reply) => sendPrecompressed(request, reply, new PrecompressedJson(small)));
    for (const url of ['/once', '/kept']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.body, url).toBe(small);
    }
    await app.close();
  });
});
