import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, PUBLIC_WRITE_LIMITS } from '../src/plugins/publicWriteLimits';
import { createTestApp, type TestApp } from './support';

/**
 * Limits per client address count an IPv6 client per /64 (RATE_LIMIT_IPV6_PREFIX), an IPv4 client per address, and
 * an IPv4 client seen as `::ffff:a.b.c.d` as that IPv4 address: a subscriber who holds 2^64 addresses gets one budget.
 */
let behindProxy: TestApp;
let per56: TestApp;
beforeAll(async () => {
  [behindProxy, per56] = await Promise.all([
    createTestApp('api_client_network_limits', { TRUST_PROXY: '1' }),
    createTestApp('api_client_network_limits_56', { RATE_LIMIT_IPV6_PREFIX: '56' }),
  ]);
});
afterAll(async () => {
  await Promise.all([behindProxy?.close(), per56?.close()]);
});

let spare = 0;
const newEmail = () => `nobody-${++spare}@autobest.test`;

/** A sign-in with a wrong password for an email nobody else tries, so only the limit per address can refuse it. */
const signInFrom = (client: string) =>
  behindProxy.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': client },
    payload: { email: newEmail(), password: 'not the password' },
  });

/** A contact message from a person nobody else is, so only the limit per address can refuse it. */
const contactFrom = (t: TestApp, remoteAddress: string) => {
  const n = ++spare;
  return t.app.inject({
    method: 'POST',
    url: '/api/contact-messages',
    remoteAddress,
    payload: { firstName: 'Chinedu', lastName: 'Okafor', message: 'Is the Omoda 5 available?', email: `c${n}@example.ng`, phone: `+234 803 ${String(10_000_000 + n).slice(1)}` },
  });
};

function expectTryAgainLater(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ error: 'rate_limited' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** `count` addresses of one /64, each written differently. */
const addressesIn = (network: string, count: number) =>
  Array.from({ length: count }, (_, i) => (i % 2 === 0 ? `${network}:${(i + 1).toString(16)}::${i + 1}` : `${network}:0:0:ffff:${(i + 1).toString(16).padStart(4, '0')}`));

describe('IPv6 clients count per /64', () => {
  it('sign-in: ten wrong passwords from ten addresses of one /64 leave that /64 none, and another /64 its own', async () => {
    const addresses = addressesIn('2001:db8:aa:1', 10);
    for (const [i, address] of addresses.entries()) expect((await signInFrom(address)).statusCode, `attempt ${i + 1} from ${address}`).toBe(401);
    expectTryAgainLater(await signInFrom('2001:0db8:00aa:0001:dead:beef:0:1'));
    expect((await signInFrom('2001:db8:aa:2::1')).statusCode).toBe(401);
  });

  it('public writes: a contact message per address of one /64 is counted once for the /64', async () => {
    const { max } = PUBLIC_WRITE_LIMITS['contact-message'].perAddress;
    const addresses = addressesIn('2001:db8:bb:1', max);
    for (const [i, address] of addresses.entries()) expect((await contactFrom(behindProxy, address)).statusCode, `message ${i + 1} from ${address}`).toBe(201);
    expectTryAgainLater(await contactFrom(behindProxy, '2001:db8:bb:1:ffff:ffff:ffff:fffe'));
    expect((await contactFrom(behindProxy, '2001:db8:bb:2::1')).statusCode).toBe(201);
  });

  it('analytics: what one /64 may store a minute is counted once for the /64, whatever sessions it makes up', async () => {
    const { max } = ANALYTICS_LIMITS.eventsPerAddress;
    const batchFrom = (remoteAddress: string) =>
      behindProxy.app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        remoteAddress,
        payload: { sessionId: `session-${++spare}-ipv6`, events: Array.from({ length: 100 }, () => ({ event: 'page_view', properties: { page: 'homepage' }, timestamp: new Date().toISOString() })) },
      });
    for (const address of addressesIn('2001:db8:dd:1', max / 100)) expect((await batchFrom(address)).statusCode, address).toBe(204);
    expectTryAgainLater(await batchFrom('2001:db8:dd:1:abcd::1'));
    expect((await batchFrom('2001:db8:dd:2::1')).statusCode).toBe(204);
  });

  it('RATE_LIMIT_IPV6_PREFIX=56 counts every /64 of a /56 together', async () => {
    const { max } = PUBLIC_WRITE_LIMITS['contact-message'].perAddress;
    for (let i = 0; i < max; i++) expect((await contactFrom(per56, `2001:db8:cc:${(i * 17).toString(16)}::1`)).statusCode, `message ${i + 1}`).toBe(201);
    expectTryAgainLater(await contactFrom(per56, '2001:db8:cc:ff::1'));
    expect((await contactFrom(per56, '2001:db8:cc:100::1')).statusCode).toBe(201);
  });
});

describe('IPv4 clients count per address', () => {
  it('an IPv4 address and its IPv4-mapped IPv6 form share one budget; the next address has its own', async () => {
    for (let i = 1; i <= 10; i++) expect((await signInFrom(i % 2 ? '198.51.100.20' : '::ffff:198.51.100.20')).statusCode, `attempt ${i}`).toBe(401);
    expectTryAgainLater(await signInFrom('::ffff:c633:6414'));
    expect((await signInFrom('198.51.100.21')).statusCode).toBe(401);
  });
});
