import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PREPARED, readStream, type commandHandler, type EventStore } from '@autobest/db';
import {
  AlreadyExists,
  contactMessageStreamId,
  conversationStreamId,
  decideContactMessage,
  decideConversation,
  decideEnquiry,
  decideNewsSource,
  decideReviewVideo,
  enquiryStreamId,
  phoneKey,
  NewsSourceInputSchema,
  newsSourceStreamId,
  ReviewVideoInputSchema,
  reviewVideoStreamId,
  type CreatedOnceKind,
  type DomainEvent,
  type EventMetadata,
} from '@autobest/domain';
import { PROJECTOR_QUEUE } from '@autobest/runtime';
import { httpErrorOf, STREAMS } from '../src/http/commands';
import { createTestApp, type TestApp } from './support';

/**
 * What one public create costs in round trips to Redis and PostgreSQL, on the benchmark's command (a contact
 * message): each round trip costs the API CPU on a machine where syscalls are dear (issue 37).
 */
let t: TestApp;
let monitor: net.Socket | undefined;
/** The commands the app's own Redis connection sent, as MONITOR saw them (those run inside a script excepted). */
const sent: string[][] = [];
let appConnection = '';
/** Every SQL statement the app ran. */
const statements: string[] = [];

/** The arguments of a MONITOR line's command: each in double quotes, escaped as Redis writes them (sdscatrepr). */
function monitoredArgs(quoted: string): string[] {
  const unescape = (text: string) =>
    text.replace(/\\(x[0-9a-f]{2}|.)/gi, (_escape, code: string) => {
      if (code.length === 3) return String.fromCharCode(parseInt(code.slice(1), 16));
      return ({ n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b' } as Record<string, string>)[code] ?? code;
    });
  return [...quoted.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => unescape(match[1]!));
}

/**
 * Redis's MONITOR on a plain socket of its own, each command given to `seen` with the address of the connection that
 * sent it. Not ioredis's monitor(): it took the lines arriving with MONITOR's OK, before it called itself "monitoring",
 * for replies to nothing, and failed the whole file (a CI run, 30 November, twice: "Command queue state error", once
 * caught and once not, while other test files' BullMQ scripts ran).
 */
async function monitorRedis(redisUrl: string, seen: (args: string[], source: string) => void): Promise<net.Socket> {
  const url = new URL(redisUrl);
  const socket = net.connect(Number(url.port || 6379), url.hostname);
  await once(socket, 'connect');
  socket.setEncoding('utf8');
  let buffered = '';
  const confirmed = new Promise<void>((confirm, fail) => {
    let answered = false;
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (!answered) {
          answered = true;
          if (line === '+OK') confirm();
          else fail(new Error(`MONITOR was answered ${line}`));
          continue;
        }
        // +1796027071.924082 [0 127.0.0.1:49232] "hget" "key" "field"
        const parts = /^\+[\d.]+ \[\d+ ([^\]]+)\] (.*)$/.exec(line);
        if (parts) seen(monitoredArgs(parts[2]!), parts[1]!);
      }
    });
    // Kept after MONITOR's answer: an error then (the connection reset) settles nothing, but is not left unhandled.
    socket.on('error', fail);
  });
  socket.write('MONITOR\r\n');
  await confirmed;
  return socket;
}

beforeAll(async () => {
  t = await createTestApp('api_public_create_cost', {}, { onQuery: ({ sql }) => statements.push(sql) });
  // The address Redis knows the app's connection by, which MONITOR names each command with.
  const info = String(await t.app.redis.client('INFO'));
  appConnection = /\baddr=(\S+)/.exec(info)![1]!;
  monitor = await monitorRedis(t.queues.redisUrl, (args, source) => {
    if (source === appConnection) sent.push(args);
  });
});
afterAll(async () => {
  monitor?.destroy();
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
  it('costs one Redis command: the limits per address, email and phone at once (issue 37: it was one for the address and one for the rest)', async () => {
    // The first request loads the script (EVAL, once per connection) and readies the queue of the doorbell.
    expect((await contactMessage(1)).statusCode).toBe(201);
    const commands = await redisCommandsOf(async () => expect((await contactMessage(2)).statusCode).toBe(201));
    expect(commands).toEqual([['evalsha', 'address-contact-message', 'contact-message-email', 'contact-message-phone']]);
  });
});

describe('contact messages that arrive together', () => {
  it("count their limits in one Redis command between them, each in turn as if alone: past their mailbox's limit, the rest are refused", async () => {
    // Seven senders on seven addresses with one mailbox, whose limit is five a day: their bodies are read in one turn
    // of the event loop, so their limits go in one script call (issue 37), counted one request after the other.
    const sameMailbox = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        remoteAddress: `203.0.113.${n}`,
        payload: { firstName: 'Amaka', lastName: 'Eze', email: 'amaka@example.ng', phone: `+234 803 555 ${2000 + n}`, message: 'Hello' },
      });
    let answers: Awaited<ReturnType<typeof sameMailbox>>[] = [];
    const commands = await redisCommandsOf(async () => {
      answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(sameMailbox));
    });
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429]);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    // One command: each request's address, email and phone, in the order they asked.
    expect(commands).toHaveLength(1);
    expect(commands[0]![0]).toBe('evalsha');
    expect(commands[0]!.slice(1)).toEqual(Array.from({ length: 7 }, () => ['address-contact-message', 'contact-message-email', 'contact-message-phone']).flat());
    // The two refused were counted against their address and email but not their phone: a request stops at its first
    // limit over, as when each was counted alone.
    const phonesCounted = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7].map((n) => t.app.redis.exists(`${t.queues.prefix}:rate-limit:contact-message-phone:${createHash('sha256').update(phoneKey(`+234 803 555 ${2000 + n}`)).digest('base64url')}`)),
    );
    expect(phonesCounted.filter((counted) => counted === 1)).toHaveLength(5);
  });
});

describe('a create whose stream id was just made at random', () => {
  it('is one statement on the event store, the append: the new stream is not read first', async () => {
    statements.length = 0;
    expect((await contactMessage(3)).statusCode).toBe(201);
    expect(statements.filter((statement) => /\bevents\b/.test(statement)).map((statement) => statement.replace(PREPARED, '').trim().split(/\s+/).slice(0, 3).join(' '))).toEqual(['insert into events']);
  });

  /**
   * Every such create, run as its route runs it. An id taken after all (two random draws alike) loses the append at
   * version 0; the handler then reads the stream and decides again, and the create refuses it (409).
   */
  const now = new Date();
  const metadata: EventMetadata = { actor: { kind: 'visitor' }, correlationId: 'taken-id', causationId: null, requestId: null };
  /** A create into a new stream, as the routes run it: the first command of a stream with no events yet. */
  const freshCreate = <State, Event extends DomainEvent<string, object>>(
    handle: ReturnType<typeof commandHandler<State, Event>>,
    streamId: (id: string) => string,
    decide: (id: string, state: State) => Event[],
  ) => ({ streamId, create: (store: EventStore, id: string) => handle(store, streamId(id), (state) => decide(id, state), { metadata, fresh: true }) });
  const FRESH_CREATES: { name: string; streamId(id: string): string; create(store: EventStore, id: string): Promise<unknown>; refusal: CreatedOnceKind }[] = [
    {
      name: 'contact message',
      ...freshCreate(STREAMS.contactMessage.handle, contactMessageStreamId, (id, state) => decideContactMessage({ type: 'ReceiveContactMessage', contactMessageId: id, input: { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng', phone: '+234 803 555 0101', message: 'Hello' }, now }, state)),
      refusal: 'contact-message',
    },
    {
      name: 'enquiry',
      ...freshCreate(STREAMS.enquiry.handle, enquiryStreamId, (id, state) => decideEnquiry({ type: 'ReceiveEnquiry', enquiryId: id, input: { kind: 'deal', fullName: 'Ada Obi', phone: '+234 803 555 0101', subject: 'A deal' }, now }, state)),
      refusal: 'enquiry',
    },
    {
      name: 'conversation',
      ...freshCreate(STREAMS.conversation.handle, conversationStreamId, (id, state) => decideConversation({ type: 'StartConversation', conversationId: id, language: 'en', currency: 'NGN', now }, state)),
      refusal: 'conversation',
    },
    {
      name: 'news source',
      ...freshCreate(STREAMS.newsSource.handle, newsSourceStreamId, (id, state) => decideNewsSource({ type: 'AddNewsSource', sourceId: id, source: NewsSourceInputSchema.parse({ name: 'Feed', url: 'https://feeds.example/rss', region: 'african' }), now }, state)),
      refusal: 'news-source',
    },
    {
      name: 'review video',
      ...freshCreate(STREAMS.reviewVideo.handle, reviewVideoStreamId, (id, state) => decideReviewVideo({ type: 'AddReviewVideo', videoId: id, video: ReviewVideoInputSchema.parse({ title: 'T', channel: 'C', brand: 'B', model: 'M' }), now }, state)),
      refusal: 'review-video',
    },
  ];

  it.each(FRESH_CREATES)('$name: an id taken after all is read once, refused with 409, and nothing more is kept', async ({ streamId, create, refusal }) => {
    let reads = 0;
    const counting: EventStore = { readStream: (id) => (reads++, t.app.eventStore.readStream(id)), append: t.app.eventStore.append };
    const id = randomUUID();
    await create(counting, id);
    expect(reads).toBe(0);
    const taken = await create(counting, id).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(taken).toBeInstanceOf(AlreadyExists);
    expect(taken).toMatchObject({ kind: refusal });
    expect(httpErrorOf(taken)?.statusCode).toBe(409);
    expect(reads).toBe(1);
    expect(await readStream(t.testDb.db, streamId(id))).toHaveLength(1);
  });
});
