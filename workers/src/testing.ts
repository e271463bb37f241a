import type { AddressInfo, Socket } from 'node:net';
import type { Logger } from 'pino';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Db } from '@autobest/db';
import pino from 'pino';
import type { RuntimeConfig } from '@autobest/domain';
import { closeQueues, createPasswordLinkTokens, createProducerConnection, openQueues, ProjectorDoorbell, type StatusTokens } from '@autobest/runtime';
import { startWorkers, type RunningWorkers } from './index';
import { EmailDelivery } from './emails/delivery';
import type { DeliveryOutcome, DeliveryPolicy } from './platform/outboxDelivery';
import type { Mailer } from './emails/mailer';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  /** The message as a reader sees it: quoted-printable soft line breaks joined and =XX decoded. */
  body: string;
  /** The Message-ID header, as sent. */
  messageId: string | null;
}

export interface SmtpSink {
  url: string;
  /** Every message the sink accepted, in order. */
  received: CapturedMail[];
  /** Every message refused with a 4xx or 5xx and every connection left without a greeting, in order. */
  refused: Array<{ to: string[]; reply: string }>;
  /** Answers "421 Service not available" to the next `count` messages (after reading them), as a busy server does. */
  deferNext(count: number): void;
  /** Answers 421 to every message until `recover()`. */
  deferAll(): void;
  /** Refuses this recipient for good: "550 5.1.1 No such user" to RCPT TO. */
  rejectRecipient(address: string): void;
  /** Takes connections but never greets them (the client's greeting timeout fires), until `recover()`. */
  stall(): void;
  /**
   * Keeps each message this long after its last byte before taking it (and answering 250), as a busy server does.
   * A client that disconnects meanwhile has still had its message taken: the server had it whole.
   */
  delayAcceptance(ms: number): void;
  /** Accepts every message again: deferrals, stalls, delays and refused recipients end. */
  recover(): void;
  close(): Promise<void>;
}

const refusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * A local SMTP sink: accepts every message and keeps it for the test to read, unless told to fail (421 for a while,
 * 550 for one address, no greeting at all), the way real mail servers fail.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: CapturedMail[] = [];
  const refused: SmtpSink['refused'] = [];
  const rejected = new Set<string>();
  let deferrals = 0;
  let deferringAll = false;
  let stalled = false;
  let acceptanceDelayMs = 0;
  const silent = new Set<Socket>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onConnect(session: SMTPServerSession, callback: (error?: Error) => void) {
      if (!stalled) return callback();
      refused.push({ to: [], reply: 'no greeting' });
      // Never answered: the connection stays open and silent until the client gives up (or the sink closes).
    },
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address.toLowerCase())) return callback();
      refused.push({ to: [address.address], reply: '550 5.1.1 No such user' });
      callback(refusal(550, '5.1.1 No such user'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        if (deferringAll || deferrals > 0) {
          if (deferrals > 0) deferrals--;
          refused.push({ to, reply: '421 4.3.2 Service not available' });
          return callback(refusal(421, '4.3.2 Service not available, try again later'));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const take = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to,
            raw,
            body: raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            messageId: /^Message-ID:\s*(<[^>\s]+>)/im.exec(raw)?.[1] ?? null,
          });
          callback();
        };
        if (acceptanceDelayMs > 0) setTimeout(take, acceptanceDelayMs);
        else take();
      });
    },
  });
  // A client killed mid-message (the fault tests kill the workers while they send) resets its connection: smtp-server
  // reports that on the server, and an error event nobody listens to would end the test run. A mail server logs it
  // and goes on serving.
  server.on('error', () => {});
  server.server.on('connection', (socket: Socket) => {
    if (!stalled) return;
    silent.add(socket);
    socket.on('close', () => silent.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    deferNext(count) {
      deferrals = count;
    },
    deferAll() {
      deferringAll = true;
    },
    rejectRecipient(address) {
      rejected.add(address.toLowerCase());
    },
    stall() {
      stalled = true;
    },
    delayAcceptance(ms) {
      acceptanceDelayMs = ms;
    },
    recover() {
      acceptanceDelayMs = 0;
      deferrals = 0;
      deferringAll = false;
      stalled = false;
      rejected.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of silent) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A delivery policy for tests: quick retries, and a claim that a test never waits out. */
export const TEST_DELIVERY_POLICY: DeliveryPolicy = { maxAttempts: 15, retryDelayMs: 20, claimMs: 60_000 };

/**
 * One attempt at every email due now, as the deliver-email queue makes them, without a queue: for tests of what the
 * notifier records and what its emails say.
 */
export async function deliverDueEmails(db: Db, mailer: Mailer, statusTokens: StatusTokens, logger: Logger, policy = TEST_DELIVERY_POLICY): Promise<DeliveryOutcome[]> {
  const delivery = new EmailDelivery(db, mailer, statusTokens, createPasswordLinkTokens('set-password links in tests of other emails'), policy, logger);
  return (await delivery.deliverDue()).outcomes;
}

export { startFeedFixtures, type FeedFixtures } from './news/feedFixtures';
export { startCloudApiStandIn, SERVER_ERROR, THROUGHPUT_LIMIT, UNDELIVERABLE, type CloudApiStandIn, type ReceivedWhatsApp, type WebhookTarget } from './whatsapp/cloudApiStandIn';

/**
 * The workers as a process starts them (every projection, the notifier, both outboxes' delivery), and a way to ring
 * their projector, for tests that append events themselves: `close` stops both.
 */
export async function startTestWorkers(config: RuntimeConfig): Promise<{ workers: RunningWorkers; ringProjector(): void; close(): Promise<void> }> {
  const workers = await startWorkers(config, { migrate: false });
  const producer = createProducerConnection(config.redisUrl);
  // The test stands where the API would: its own queues, opened as a process opens them.
  const queues = openQueues(producer, config.queuePrefix);
  const doorbell = new ProjectorDoorbell(queues.projector, pino({ level: 'silent' }));
  return {
    workers,
    ringProjector: () => doorbell.ring(),
    async close() {
      await doorbell.settled();
      await closeQueues(queues);
      producer.disconnect();
      await workers.close();
    },
  };
}
