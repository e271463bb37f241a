import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { PROJECTOR_QUEUE } from '@autobest/projections';
import { createTestApp, type TestApp } from './support';

/**
 * What one public create costs in round trips to Redis and PostgreSQL, on the benchmark's command (a contact
 * message): each round trip costs the API CPU on a machine where syscalls are dear (issue 37).
 */
let t: TestApp;
let monitor: Redis;
/** The commands the app's own Redis connection sent, as MONITOR saw them (those run inside a script excepted). */
const sent: string[][] = [];
let appConnection = '';

beforeAll(async () => {
  t = await createTestApp('api_public_create_cost');
  // The address Redis knows the app's connection by, which MONITOR names each command with.
  const info = String(await t.app.redis.client('INFO'));
  appConnection = /\baddr=(\S+)/.exec(info)![1]!;
  monitor = await new Redis(t.queues.redisUrl).monitor();
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    if (source === appConnection) sent.push(args);
  });
});
afterAll(async () => {
  monitor?.disconnect();
  await t?.close();
});

let spare = 0;
/** A contact message from a sender and address of its own. */
const contactMessage = (n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/contact-messages',
    remoteAddress: `198.51.100.${n}`,
    payload: { firstName: 'Chinedu', lastName: 'Okafor', email: `chinedu${n}@example.ng`, phone: `+234 803 555 ${1000 + n}`, message: 'Is the Omoda 5 available?' },
  });

/** Sends a marker on the app's connection and waits for MONITOR to see it: every command sent before it has been seen. */
async function seenSoFar(): Promise<string[][]> {
  const marker = `seen-${++spare}`;
  await t.app.redis.echo(marker);
  await vi.waitFor(() => expect(sent.some((args) => args[0] === 'echo' && args[1] === marker)).toBe(true), { timeout: 5_000, interval: 10 });
  return sent.splice(0).filter((args) => !(args[0] === 'echo' && args[1] === marker));
}

/**
 * The commands the app's connection sends while `work` runs, the projector's doorbell aside (the doorbell's own test
 * counts its rings), each as its name and the limits it counts.
 */
async function redisCommandsOf(work: () => Promise<unknown>): Promise<string[][]> {
  await seenSoFar();
  await work();
  const doorbellKeys = `${t.queues.prefix}:${PROJECTOR_QUEUE}:`;
  const limitKeys = `${t.queues.prefix}:rate-limit:`;
  return (await seenSoFar())
    .filter((args) => !args.some((arg) => arg.startsWith(doorbellKeys)))
    .map(([command, ...args]) => [command!.toLowerCase(), ...args.filter((arg) => arg.startsWith(limitKeys)).map((key) => key.slice(limitKeys.length).split(':')[0]!)]);
}

describe('one contact message', () => {
  it('costs two Redis commands: the limit per address before the body is read, then the email and phone limits at once', async () => {
    // The first request loads the scripts (EVAL, once per connection) and readies the queue of the doorbell.
    expect((await contactMessage(1)).statusCode).toBe(201);
    const commands = await redisCommandsOf(async () => expect((await contactMessage(2)).statusCode).toBe(201));
    expect(commands).toEqual([
      ['evalsha', 'POST/api/contact-messages-198.51.100.2'],
      ['evalsha', 'contact-message-email', 'contact-message-phone'],
    ]);
  });
});
