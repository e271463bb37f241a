import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './support';

let t: TestApp;
let uploadsDir: string;
let port: number;
beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'autobest-api-timeouts-'));
  t = await createTestApp('api_timeouts', { UPLOADS_DIR: uploadsDir, CONNECTION_TIMEOUT_MS: '1000' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

describe('connection timeouts', () => {
  it('cuts off a client that sends its headers and the start of a photo, then stalls; the part it sent is not kept', async () => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      [
        'POST /api/sell-car-submissions HTTP/1.1',
        'Host: localhost',
        'Content-Type: multipart/form-data; boundary=stall',
        'Content-Length: 5000000',
        '',
        '--stall',
        'Content-Disposition: form-data; name="front"; filename="front.jpg"',
        'Content-Type: image/jpeg',
        '',
        '\xff\xd8\xff\xe0',
      ].join('\r\n'),
    );
    // Without a connection timeout this waits for ever (and the test's own timeout fails it).
    await closed;
    await vi.waitFor(async () => expect(await readdir(join(uploadsDir, '.incoming')).catch(() => [])).toEqual([]), { timeout: 10_000, interval: 50 });
  });
});
