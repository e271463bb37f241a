import { sql, type Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { Db, SentEmailsTable } from '@autobest/db';
import type { PasswordLinkTokens, StatusTokens } from '@autobest/runtime';
import type { Mailer } from './mailer';
import { withPasswordLinkToken, withStatusToken } from './templates';

export interface DeliveryPolicy {
  /** Attempts at one email before it is failed. */
  maxAttempts: number;
  /** The wait after the first failed attempt; each next one waits twice as long. */
  retryDelayMs: number;
  /**
   * The longest one send can take (every timeout of the mail transport at once). A claim holds its emails this long
   * plus the window in which their sends may start: no other worker sends them before then, and only a worker that
   * died lets them wait that long.
   */
  claimMs: number;
}

/** An email this worker holds: attempts already counts the one it is about to make. */
export type ClaimedEmail = Pick<
  Selectable<SentEmailsTable>,
  'id' | 'template' | 'to_address' | 'subject' | 'text' | 'html' | 'message_id' | 'status_token_for' | 'password_link_for' | 'attempts'
> & {
  /** The claim's end as PostgreSQL wrote it (text, to the microsecond): a result is written only while it is ours. */
  claimed_until: string;
  /** When it fell due, as text: an email released untried goes back to its place in the line. */
  due_at: string;
};

export type DeliveryOutcome =
  | { kind: 'sent'; emailId: string; attempts: number }
  | { kind: 'retry'; emailId: string; attempts: number; delayMs: number; error: string }
  | { kind: 'failed'; emailId: string; attempts: number; error: string }
  /**
   * Claimed but not tried: its batch's time to start sends ran out first, or the process is stopping. It is due again
   * as it was, its attempt uncounted.
   */
  | { kind: 'released'; emailId: string };

export interface DeliveryRun {
  outcomes: DeliveryOutcome[];
  /** How long until the next pending email falls due (0 when one is due now); null when none is pending. */
  nextDueInMs: number | null;
}

/** What went wrong, as the console shows it: the server's own answer when it gave one. */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { command, response, code } = error as Error & { command?: string; response?: string; code?: string };
  const text = response ? `${command ? `${command}: ` : ''}${response}` : `${error.message}${code && !error.message.includes(code) ? ` (${code})` : ''}`;
  return text.slice(0, 1_000);
}

/**
 * True when the mail server refused this email for good, so trying it again cannot help: a 5xx answer to its sender,
 * recipient or content (MAIL FROM, RCPT TO, DATA), or an envelope nodemailer cannot even send. A 5xx to the sign-in
 * or greeting is about our configuration, not this email: like 4xx answers, timeouts and refused connections it is
 * retried, so fixing SMTP_URL lets every email through instead of failing them all at once.
 */
export function isPermanentRejection(error: unknown): boolean {
  const { responseCode, command, code } = error as { responseCode?: number; command?: string; code?: string };
  if (typeof responseCode === 'number') return responseCode >= 500 && responseCode < 600 && ['MAIL FROM', 'RCPT TO', 'DATA'].includes(command ?? '');
  return (code === 'EENVELOPE' || code === 'EMESSAGE') && command === 'API';
}

/** Emails a worker claims at once (one statement), and how many of them it sends at a time. */
export const CLAIM_BATCH = 50;
export const SEND_CONCURRENCY = 4;
/** Batches one run sends at most; a longer backlog is the next run's (the worker rings for it), so a stop waits little. */
const BATCHES_PER_RUN = 20;
/** How long after a claim its sends may start (at most; `claimMs` if shorter); later ones wait for the next claim. */
const START_WINDOW_MS = 10_000;

/**
 * Sends the emails of the outbox in batches and records each attempt in PostgreSQL, with as few statements as the
 * guarantees allow. A batch of due emails is claimed in one statement (attempts counted, claimed_until set; SKIP LOCKED,
 * so two workers never claim the same email) that commits before any mail server is called. Four are sent at a time,
 * and each result is written as soon as it is known, in one statement with the results that came in while the previous
 * write was under way; a sender takes its next email only once the last one's result is written. So no transaction
 * stays open while a mail server takes its time, and an email goes out twice only when a worker stops between the
 * server's acceptance and that write: at most four at once, each with the same Message-ID on both copies.
 *
 * A claim holds its emails for `claimMs` (the longest one send can take) plus a window for starting sends (10 s, or
 * `claimMs` if shorter), and a send starts only within that window after the claim was asked for, so every send ends
 * before the claim does and no other worker can take the email meanwhile, whatever the clocks of the two machines say.
 * Emails whose turn comes later are released (due again at once, the attempt uncounted) with the results, and the next
 * claim takes them. The emails of a worker that died are due again when its claim ends, a few seconds after the
 * longest send.
 *
 * It used to be a BullMQ job per email (an add, a move to active and one to finished in Redis) and two statements per
 * email: about 700 µs of the workers' CPU per email on the 2-core machine of bench:events, two emails per contact
 * message.
 */
export class EmailDelivery {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly statusTokens: StatusTokens,
    private readonly passwordLinks: PasswordLinkTokens,
    readonly policy: DeliveryPolicy,
    private readonly logger: Logger,
  ) {}

  private get startWindowMs(): number {
    return Math.min(this.policy.claimMs, START_WINDOW_MS);
  }

  /** The wait before attempt `attempts + 1`: doubling from retryDelayMs, less up to a fifth so a backlog spreads out. */
  retryDelay(attempts: number): number {
    return Math.round(this.policy.retryDelayMs * 2 ** (attempts - 1) * (1 - Math.random() * 0.2));
  }

  private stopping = false;

  /** The run under way starts no more sends (it releases what it holds and ends); for a process that stops. */
  stop(): void {
    this.stopping = true;
  }

  /**
   * The emails due now, batch after batch (at most BATCHES_PER_RUN), then when the next one falls due. A batch in which
   * nothing could be tried (its claim came back after its window closed) ends the run, so a slow database cannot make it
   * claim and release over and over.
   */
  async deliverDue(): Promise<DeliveryRun> {
    const outcomes: DeliveryOutcome[] = [];
    for (let batch = 0; batch < BATCHES_PER_RUN && !this.stopping; batch++) {
      // Taken before the claim is asked for: the claim is set later, so it lasts at least claimMs past this.
      const startSendsBy = performance.now() + this.startWindowMs;
      const claimed = await this.claimDue(CLAIM_BATCH);
      const results = await this.deliverClaimed(claimed, startSendsBy);
      outcomes.push(...results);
      if (claimed.length < CLAIM_BATCH || results.every((outcome) => outcome.kind === 'released')) break;
    }
    return { outcomes, nextDueInMs: await this.nextDueInMs() };
  }

  /**
   * Claims up to `limit` due emails, oldest due first, and those due at the same moment in the order of the events that
   * caused them: the notifier writes a batch of events' emails in one transaction, all due at its now(), and a
   * request's confirmation goes before the news that it was reviewed. (Ordered by the due time alone, ties came in
   * whatever order PostgreSQL read them: after updates freed space in the table, not the order they were written.)
   */
  async claimDue(limit: number): Promise<ClaimedEmail[]> {
    const holdSeconds = (this.policy.claimMs + this.startWindowMs) / 1000;
    const { rows } = await sql<ClaimedEmail>`
      with due as (
        select sent_emails.id, sent_emails.next_attempt_at as due_at, events.transaction_id, events.global_position
        from sent_emails left join events on events.event_id = sent_emails.event_id
        where sent_emails.status = 'pending' and sent_emails.next_attempt_at <= now()
          and (sent_emails.claimed_until is null or sent_emails.claimed_until <= now())
        order by sent_emails.next_attempt_at, events.transaction_id, events.global_position, sent_emails.template
        limit ${limit}
        for update of sent_emails skip locked
      ), claimed as (
        update sent_emails
        set attempts = sent_emails.attempts + 1,
            claimed_until = now() + make_interval(secs => ${holdSeconds}),
            next_attempt_at = now() + make_interval(secs => ${holdSeconds})
        from due where sent_emails.id = due.id
        returning sent_emails.id, sent_emails.template, sent_emails.to_address, sent_emails.subject, sent_emails.text,
                  sent_emails.html, sent_emails.message_id, sent_emails.status_token_for, sent_emails.password_link_for,
                  sent_emails.attempts, sent_emails.claimed_until, due.due_at, due.transaction_id, due.global_position
      )
      select id, template, to_address, subject, text, html, message_id, status_token_for, password_link_for, attempts,
             claimed_until::text as claimed_until, due_at::text as due_at
      from claimed order by claimed.due_at, transaction_id, global_position, template`.execute(this.db);
    return rows;
  }

  /**
   * Sends claimed emails SEND_CONCURRENCY at a time, starting none after `startSendsBy` (performance.now()); each result
   * is written before its sender takes the next.
   */
  async deliverClaimed(claimed: ClaimedEmail[], startSendsBy: number): Promise<DeliveryOutcome[]> {
    const outcomes: DeliveryOutcome[] = [];
    const results = new CoalescingWriter<DeliveryResult>((batch) => this.record(batch));
    let next = 0;
    const sender = async () => {
      while (next < claimed.length) {
        const email = claimed[next++]!;
        const mayStart = performance.now() < startSendsBy && !this.stopping;
        const outcome: DeliveryOutcome = mayStart ? await this.attempt(email) : { kind: 'released', emailId: email.id };
        outcomes.push(outcome);
        await results.write({ outcome, email });
      }
    };
    const senders = await Promise.allSettled(Array.from({ length: Math.min(SEND_CONCURRENCY, claimed.length) }, sender));
    const failed = senders.find((settled) => settled.status === 'rejected');
    // A result that could not be written (PostgreSQL away): the claims lapse and the emails are tried again.
    if (failed) throw failed.reason;
    return outcomes;
  }

  /** One attempt at one claimed email: what the mail server said, nothing written yet. */
  async attempt(email: ClaimedEmail): Promise<DeliveryOutcome> {
    const { id: emailId, attempts, status_token_for: tokenFor, password_link_for: linkFor } = email;
    const body = (kept: string) => {
      if (tokenFor) return withStatusToken(kept, tokenFor, this.statusTokens.issue(tokenFor));
      if (linkFor) return withPasswordLinkToken(kept, linkFor, this.passwordLinks.issue(linkFor));
      return kept;
    };
    try {
      const { response } = await this.mailer.send({
        template: email.template,
        to: email.to_address,
        subject: email.subject,
        text: body(email.text),
        html: body(email.html),
        // Every email recorded since 0019 has one; only emails sent before it lack one, and they never go out again.
        ...(email.message_id ? { messageId: email.message_id } : {}),
      });
      this.logger.debug({ emailId, attempts, response }, 'email delivered');
      return { kind: 'sent', emailId, attempts };
    } catch (error) {
      const reason = failureText(error);
      const permanent = isPermanentRejection(error);
      if (permanent || attempts >= this.policy.maxAttempts) {
        this.logger.warn({ emailId, attempts, error: reason, to: email.to_address }, permanent ? 'email refused by the mail server' : 'email failed: out of attempts');
        return { kind: 'failed', emailId, attempts, error: reason };
      }
      const delayMs = this.retryDelay(attempts);
      this.logger.info({ emailId, attempts, error: reason, retryInMs: delayMs }, 'email not accepted yet; retrying later');
      return { kind: 'retry', emailId, attempts, delayMs, error: reason };
    }
  }

  /**
   * Writes results in one statement. A sent email is sent whatever happened meanwhile (the server has it); any other
   * result only touches an email still pending under this claim (the console may have failed or retried it, or a worker
   * frozen past its claim may find another holding it now). A released email is due again when it was before.
   */
  private async record(results: DeliveryResult[]): Promise<void> {
    if (results.length === 0) return;
    // In the order of their ids, as every writer of several outbox rows should lock them.
    const sorted = [...results].sort((a, b) => (a.email.id < b.email.id ? -1 : 1));
    const column = <T>(pick: (result: DeliveryResult) => T) => sorted.map(pick);
    const status = ({ outcome }: DeliveryResult) => (outcome.kind === 'sent' ? 'sent' : outcome.kind === 'failed' ? 'failed' : 'pending');
    await sql`
      update sent_emails set
        status = result.status,
        sent_at = case when result.status = 'sent' then now() else sent_emails.sent_at end,
        transport = case when result.status = 'sent' then ${this.mailer.transport} else sent_emails.transport end,
        last_error = coalesce(result.error, sent_emails.last_error),
        attempts = sent_emails.attempts - result.uncounted,
        claimed_until = null,
        next_attempt_at = case
          when result.status <> 'pending' then null
          when result.uncounted = 1 then result.due_at
          else now() + make_interval(secs => result.delay_seconds) end
      from unnest(
        ${column(({ email }) => email.id)}::uuid[],
        ${column(status)}::text[],
        ${column(({ outcome }) => ('error' in outcome ? outcome.error : null))}::text[],
        ${column(({ outcome }) => (outcome.kind === 'retry' ? outcome.delayMs / 1000 : 0))}::float8[],
        ${column(({ outcome }) => (outcome.kind === 'released' ? 1 : 0))}::int[],
        ${column(({ email }) => email.claimed_until)}::timestamptz[],
        ${column(({ email }) => email.due_at)}::timestamptz[]
      ) as result(id, status, error, delay_seconds, uncounted, claimed_until, due_at)
      where sent_emails.id = result.id
        and (result.status = 'sent' or (sent_emails.status = 'pending' and sent_emails.claimed_until = result.claimed_until))`.execute(this.db);
  }

  /**
   * When the next pending email can be claimed: claimed ones are due again when their claim ends. (greatest() passes
   * over a null claimed_until.)
   */
  private async nextDueInMs(): Promise<number | null> {
    const { rows } = await sql<{ in_ms: number | null }>`
      select (extract(epoch from min(greatest(next_attempt_at, claimed_until)) - now()) * 1000)::float8 as in_ms
      from sent_emails where status = 'pending'`.execute(this.db);
    const inMs = rows[0]?.in_ms ?? null;
    return inMs === null ? null : Math.max(0, Math.ceil(inMs));
  }
}

/** A result and the claimed email it is about. */
interface DeliveryResult {
  outcome: DeliveryOutcome;
  email: ClaimedEmail;
}

/**
 * Writes what it is given in batches: a write made while none is under way starts at once, and writes made meanwhile
 * go together in the next (with those made in the turn after it). Each write() resolves once its item is written, or rejects with the batch's error.
 */
class CoalescingWriter<T> {
  private waiting: { item: T; done: (error?: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly writeAll: (items: T[]) => Promise<void>) {}

  write(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      let failure: unknown;
      try {
        await this.writeAll(batch.map(({ item }) => item));
      } catch (error) {
        failure = error ?? new Error('writing the results failed');
      }
      for (const { done } of batch) done(failure);
      // The writers just let go take their next item first (an instant mail transport answers within the same turn),
      // so the next write carries theirs too instead of one at a time.
      await new Promise((next) => setImmediate(next));
    }
    this.writing = false;
  }
}
