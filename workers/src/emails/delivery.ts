import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '@autobest/db';
import type { PasswordLinkTokens, StatusTokens } from '@autobest/runtime';
import type { Mailer } from './mailer';
import { withPasswordLinkToken, withStatusToken } from './templates';

export interface DeliveryPolicy {
  /** Attempts at one email before it is failed. */
  maxAttempts: number;
  /** The wait after the first failed attempt; each next one waits twice as long. */
  retryDelayMs: number;
  /**
   * How long an attempt may hold an email: no other worker sends it before then. Longer than a send can take (every
   * timeout of the mail transport at once), so only a worker that died mid-send lets its email wait this long.
   */
  claimMs: number;
}

export type DeliveryOutcome =
  | { kind: 'sent'; attempts: number }
  /** Sent, failed, or no such email: nothing to do (a job enqueued twice, or a retry of a finished email). */
  | { kind: 'finished' }
  /** Another attempt holds it until `until` (a worker that is sending it, or that died while sending it). */
  | { kind: 'claimed'; until: Date }
  | { kind: 'retry'; attempts: number; delayMs: number; error: string }
  | { kind: 'failed'; attempts: number; error: string };

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

/**
 * Sends the emails of the outbox, one attempt at a time, and records each attempt in PostgreSQL: the claim (attempts
 * counted, claimed_until set) commits before the mail server is called and the result after it answers, so no
 * transaction stays open while a mail server takes its time, and an email goes out twice only when a worker stops
 * between the server's acceptance and that last write (both copies then carry the same Message-ID).
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

  /**
   * Pending emails whose (next) attempt is due, oldest first, and those due at the same moment in the order of the
   * events that caused them: the notifier writes a batch of events' emails in one transaction, all due at its now(),
   * and a request's confirmation goes before the news that it was reviewed. (Ordered by the due time alone, ties came
   * in whatever order PostgreSQL read them: after updates freed space in the table, not the order they were written.)
   */
  async dueEmailIds(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sent_emails')
      .leftJoin('events', 'events.event_id', 'sent_emails.event_id')
      .select('sent_emails.id')
      .where('sent_emails.status', '=', 'pending')
      .where('sent_emails.next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('sent_emails.next_attempt_at')
      .orderBy('events.transaction_id')
      .orderBy('events.global_position')
      .orderBy('sent_emails.template')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The wait before attempt `attempts + 1`: doubling from retryDelayMs, less up to a fifth so a backlog spreads out. */
  retryDelay(attempts: number): number {
    return Math.round(this.policy.retryDelayMs * 2 ** (attempts - 1) * (1 - Math.random() * 0.2));
  }

  /** One attempt at one email. */
  async deliver(emailId: string): Promise<DeliveryOutcome> {
    // Until the claim ends the email is due again then: if this worker dies mid-send, the scan finds it at that time.
    const claimed = await this.db
      .updateTable('sent_emails')
      .set({
        attempts: sql<number>`attempts + 1`,
        claimed_until: sql<Date>`now() + make_interval(secs => ${this.policy.claimMs / 1000})`,
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${this.policy.claimMs / 1000})`,
      })
      .where('id', '=', emailId)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', sql<Date>`now()`)]))
      .returningAll()
      .executeTakeFirst();
    if (!claimed) {
      const row = await this.db.selectFrom('sent_emails').select(['status', 'claimed_until']).where('id', '=', emailId).executeTakeFirst();
      return row?.status === 'pending' && row.claimed_until ? { kind: 'claimed', until: row.claimed_until } : { kind: 'finished' };
    }

    const { status_token_for: tokenFor, password_link_for: linkFor } = claimed;
    const body = (kept: string) => {
      if (tokenFor) return withStatusToken(kept, tokenFor, this.statusTokens.issue(tokenFor));
      if (linkFor) return withPasswordLinkToken(kept, linkFor, this.passwordLinks.issue(linkFor));
      return kept;
    };
    const attempts = claimed.attempts;
    try {
      const { response } = await this.mailer.send({
        template: claimed.template,
        to: claimed.to_address,
        subject: claimed.subject,
        text: body(claimed.text),
        html: body(claimed.html),
        // Every email recorded since 0019 has one; only emails sent before it lack one, and they never go out again.
        ...(claimed.message_id ? { messageId: claimed.message_id } : {}),
      });
      // The server has it: whatever happened meanwhile, it is sent.
      await this.db
        .updateTable('sent_emails')
        .set({ status: 'sent', sent_at: sql<Date>`now()`, transport: this.mailer.transport, claimed_until: null, next_attempt_at: null })
        .where('id', '=', emailId)
        .execute();
      this.logger.debug({ emailId, attempts, response }, 'email delivered');
      return { kind: 'sent', attempts };
    } catch (error) {
      const reason = failureText(error);
      const permanent = isPermanentRejection(error);
      if (permanent || attempts >= this.policy.maxAttempts) {
        await this.db
          .updateTable('sent_emails')
          .set({ status: 'failed', last_error: reason, claimed_until: null, next_attempt_at: null })
          .where('id', '=', emailId)
          .where('status', '=', 'pending')
          .execute();
        this.logger.warn({ emailId, attempts, error: reason, to: claimed.to_address }, permanent ? 'email refused by the mail server' : 'email failed: out of attempts');
        return { kind: 'failed', attempts, error: reason };
      }
      const delayMs = this.retryDelay(attempts);
      await this.db
        .updateTable('sent_emails')
        .set({ last_error: reason, claimed_until: null, next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})` })
        .where('id', '=', emailId)
        .where('status', '=', 'pending')
        .execute();
      this.logger.info({ emailId, attempts, error: reason, retryInMs: delayMs }, 'email not accepted yet; retrying later');
      return { kind: 'retry', attempts, delayMs, error: reason };
    }
  }
}
