import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ConcurrencyError } from '@autobest/db';
import { EnquiryNotFound, SubmissionNotFound, VehicleNotFound } from '@autobest/domain';
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
    [new SubmissionNotFound('Submission not found'), 'Submission was not found'],
    [new VehicleNotFound('Vehicle not found'), 'Vehicle was not found'],
    [new EnquiryNotFound('Enquiry not found'), 'Enquiry was not found'],
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
});
