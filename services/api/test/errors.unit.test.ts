import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ConcurrencyError } from '@autobest/db';
import { NotFound } from '@autobest/domain';
import { errorsPlugin } from '../src/plugins/errors';

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/boom', async () => {
    throw error;
  });
  return app;
}

describe('error answers', () => {
  it('turns a lost optimistic-concurrency race into 409 conflict', async () => {
    const app = await appThrowing(new ConcurrencyError('sell-car-SC-1', 3));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'conflict', message: 'Someone else changed this record at the same time. Reload and try again.' });
  });

  it.each([
    [new NotFound('submission'), 'Submission was not found'],
    [new NotFound('vehicle'), 'Vehicle was not found'],
    [new NotFound('enquiry'), 'Enquiry was not found'],
  ])('answers a decider refusing %s with 404 and the record it named', async (error, message) => {
    const app = await appThrowing(error);
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message });
  });

  it('answers an unexpected failure with 500 and a generic message, never the internals', async () => {
    const app = await appThrowing(new Error('password authentication failed for user "postgres"'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('postgres');
    expect(response.json()).toMatchObject({ error: 'internal_error' });
  });

  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  it.each([
    ['pg_terminate_backend (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a crashed server (57P02)', withCode('terminating connection because of crash of another server process', '57P02')],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['the socket closing under the driver', new Error('Connection terminated unexpectedly')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a lost connection wrapped in another error', new Error('transaction failed', { cause: new Error('Connection terminated unexpectedly') })],
  ])('answers a request whose PostgreSQL connection was lost (%s) with 503 and Retry-After, never 500', async (_, error) => {
    const app = await appThrowing(error);
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'service_unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps other database errors (a constraint, a syntax error) a 500', async () => {
    const app = await appThrowing(withCode('duplicate key value violates unique constraint "events_pkey"', '23505'));
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
  });
});
