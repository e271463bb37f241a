import { afterEach, describe, expect, it, vi } from 'vitest';
import { postJson } from '../../src/api/client';

const answer = (status: number, body: object) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const IN_PROGRESS = { error: 'request_in_progress', message: 'This request is still being processed. Try again in a moment.' };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('postJson and a request still being processed (409 request_in_progress)', () => {
  it('sends it again a moment later (1 s, then 2 s), with the same key, and hands back what the API then answers', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValueOnce(answer(409, IN_PROGRESS)).mockResolvedValueOnce(answer(409, IN_PROGRESS)).mockResolvedValueOnce(answer(201, { id: 'c-1' }));
    vi.stubGlobal('fetch', fetch);
    const sent = postJson<{ id: string }>('/api/contact-messages', { message: 'hi' }, { headers: { 'Idempotency-Key': 'key-1' } });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await sent).toEqual({ ok: true, status: 201, data: { id: 'c-1' } });
    expect(fetch).toHaveBeenCalledTimes(3);
    for (const [, init] of fetch.mock.calls) expect(new Headers(init?.headers).get('Idempotency-Key')).toBe('key-1');
  });

  it('gives up after a few tries, and answers any other 409 at once', async () => {
    vi.useFakeTimers();
    const stuck = vi.fn<typeof globalThis.fetch>().mockImplementation(async () => answer(409, IN_PROGRESS));
    vi.stubGlobal('fetch', stuck);
    const sent = postJson('/api/enquiries', {});
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await sent).toMatchObject({ ok: false, status: 409, error: { error: 'request_in_progress' } });
    expect(stuck).toHaveBeenCalledTimes(7);

    const conflict = vi.fn<typeof globalThis.fetch>().mockResolvedValue(answer(409, { error: 'conflict', message: 'Someone else changed this record.' }));
    vi.stubGlobal('fetch', conflict);
    expect(await postJson('/api/enquiries', {})).toMatchObject({ ok: false, status: 409, error: { error: 'conflict' } });
    expect(conflict).toHaveBeenCalledTimes(1);
  });
});
