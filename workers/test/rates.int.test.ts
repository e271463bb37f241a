import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '@autobest/db/testing';
import { fetchRates, refreshRates, RatesUnavailable } from '../src/index';

type Mode = 'ok' | 'missing' | 'error' | 'slow' | 'garbage';
const GOOD = { NGN: 1610.5, ZAR: 18.1, KES: 129, GHS: 15.2, ETB: 120, TZS: 2650, UGX: 3700, XOF: 610, XAF: 610, AOA: 910, EUR: 0.92 };

/** A local stand-in for the rate service, answering the way the test asks. */
let mode: Mode = 'ok';
let lastQuery = '';
let server: Server;
let url: string;
let testDb: TestDatabase;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  testDb = await createTestDatabase('rates');
  server = createServer((request, response) => {
    lastQuery = request.url ?? '';
    if (mode === 'slow') return void setTimeout(() => response.end('{}'), 3_000);
    if (mode === 'error') return void response.writeHead(500).end('{"error":"boom"}');
    if (mode === 'garbage') return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json');
    const { KES: _kes, ...missing } = GOOD;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ base: 'USD', rates: mode === 'missing' ? missing : GOOD }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server?.close();
  await testDb?.drop();
});
beforeEach(async () => {
  await testDb.db.deleteFrom('rate_snapshots').execute();
});

const snapshots = () => testDb.db.selectFrom('rate_snapshots').selectAll().orderBy('id').execute();

describe('rates worker', () => {
  it('stores the service rates with their source, asking /latest/USD with the app id', async () => {
    mode = 'ok';
    expect(await refreshRates(testDb.db, { url, appId: 'secret-app', refreshMs: 1 }, logger)).toBe('stored');
    expect(lastQuery).toBe('/api/latest/USD?app_id=secret-app');
    const [snapshot] = await snapshots();
    expect(snapshot?.source).toBe('rate service');
    expect(snapshot?.rates).toEqual({ NGN: 1610.5, ZAR: 18.1, KES: 129, GHS: 15.2, ETB: 120, TZS: 2650, UGX: 3700, XOF: 610, XAF: 610, AOA: 910 });
  });

  it('fills a currency missing from the answer with its fallback rate', async () => {
    mode = 'missing';
    const fetched = await fetchRates(url, undefined);
    expect(fetched.rates.KES).toBe(130);
    expect(fetched.filledFromFallback).toEqual(['KES']);
    await refreshRates(testDb.db, { url, appId: undefined, refreshMs: 1 }, logger);
    expect((await snapshots())[0]?.source).toBe('rate service (fallback for KES)');
  });

  it.each([
    ['a 500', 'error', /answered 500/],
    ['garbage instead of JSON', 'garbage', /not JSON/],
  ] as const)('treats %s as a failure and keeps the last good snapshot', async (_what, failing, message) => {
    mode = 'ok';
    await refreshRates(testDb.db, { url, appId: undefined, refreshMs: 1 }, logger);
    mode = failing;
    await expect(fetchRates(url, undefined)).rejects.toThrow(message);
    expect(await refreshRates(testDb.db, { url, appId: undefined, refreshMs: 1 }, logger)).toBe('failed');
    const stored = await snapshots();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.rates['NGN']).toBe(1610.5);
  });

  it('gives up on a service that does not answer in time', async () => {
    mode = 'slow';
    await expect(fetchRates(url, undefined, 200)).rejects.toBeInstanceOf(RatesUnavailable);
    await expect(fetchRates(url, undefined, 200)).rejects.toThrow(/no answer within 200 ms/);
  });

  it('does nothing without RATES_URL', async () => {
    expect(await refreshRates(testDb.db, { url: undefined, appId: undefined, refreshMs: 1 }, logger)).toBe('disabled');
    expect(await snapshots()).toEqual([]);
  });
});
