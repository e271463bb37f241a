import { sql, type Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { Db, SentEmailsTable } from '@autobest/db';
import type { PasswordLinkTokens, StatusTokens } from '@autobest/runtime';
import type { Mailer } from './mailer';
import { withPasswordLinkToken, withStatusToken } from './templates';
import { claimRows, claimStatement, OutboxDelivery, resultWrite, type ClaimedMessage, type DeliveryOutcome, type DeliveryPolicy, type DeliveryResult } from '../platform/outboxDelivery';

/** An email this worker holds: attempts already counts the one it is about to make. */
export type ClaimedEmail = Pick<
  Selectable<SentEmailsTable>,
  'id' | 'template' | 'to_address' | 'subject' | 'text' | 'html' | 'message_id' | 'status_token_for' | 'password_link_for' | 'attempts'
> &
  Pick<ClaimedMessage, 'claimed_until' | 'due_at'>;

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
 * Sends the emails of the outbox through the shared claim, send and record loop (OutboxDelivery): a batch claimed in
 * one statement, four sent at a time, each result written as it comes. An email goes out twice only when a worker
 * stops between the server's acceptance and that write (at most four at once), each with the same Message-ID on both
 * copies.
 *
 * It used to be a BullMQ job per email (an add, a move to active and one to finished in Redis) and two statements per
 * email: about 700 µs of the workers' CPU per email on the 2-core machine of bench:events, two emails per contact
 * message.
 */
export class EmailDelivery extends OutboxDelivery<ClaimedEmail> {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly statusTokens: StatusTokens,
    private readonly passwordLinks: PasswordLinkTokens,
    policy: DeliveryPolicy,
    private readonly logger: Logger,
  ) {
    super(policy);
  }

  protected async claim(limit: number, holdSeconds: number): Promise<ClaimedEmail[]> {
    const columns = ['id', 'template', 'to_address', 'subject', 'text', 'html', 'message_id', 'status_token_for', 'password_link_for', 'attempts'];
    return claimRows(this.db, claimStatement<ClaimedEmail>('sent_emails', columns, limit, holdSeconds));
  }

  /** One attempt at one claimed email: what the mail server said, nothing written yet. */
  async attempt(email: ClaimedEmail): Promise<DeliveryOutcome> {
    const { id, attempts, status_token_for: tokenFor, password_link_for: linkFor } = email;
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
      this.logger.debug({ emailId: id, attempts, response }, 'email delivered');
      return { kind: 'sent', id, attempts };
    } catch (error) {
      const reason = failureText(error);
      const permanent = isPermanentRejection(error);
      if (permanent || attempts >= this.policy.maxAttempts) {
        this.logger.warn({ emailId: id, attempts, error: reason, to: email.to_address }, permanent ? 'email refused by the mail server' : 'email failed: out of attempts');
        return { kind: 'failed', id, attempts, error: reason };
      }
      const delayMs = this.retryDelay(attempts);
      this.logger.info({ emailId: id, attempts, error: reason, retryInMs: delayMs }, 'email not accepted yet; retrying later');
      return { kind: 'retry', id, attempts, delayMs, error: reason };
    }
  }

  /**
   * Writes results in one statement. A sent email is sent whatever happened meanwhile (the server has it); any other
   * result only touches an email still pending under this claim (the console may have failed or retried it, or a worker
   * frozen past its claim may find another holding it now). A released email is due again when it was before.
   */
  protected async record(results: DeliveryResult<ClaimedEmail>[]): Promise<void> {
    if (results.length === 0) return;
    const write = resultWrite('sent_emails', results);
    await sql`
      update sent_emails set
        status = result.status,
        sent_at = case when result.status = 'sent' then now() else sent_emails.sent_at end,
        transport = case when result.status = 'sent' then ${this.mailer.transport} else sent_emails.transport end,
        last_error = coalesce(result.error, sent_emails.last_error),
        attempts = sent_emails.attempts - result.uncounted,
        claimed_until = null,
        next_attempt_at = ${write.nextAttemptAt}
      from ${write.rows}
      where sent_emails.id = result.id and ${write.mayWrite}`.execute(this.db);
  }

  /**
   * When the next pending email can be claimed: the earliest next_attempt_at, the front of `sent_emails_due`. A claimed
   * email is due again when its claim ends because the claim sets both to the same time, and every other write clears
   * claimed_until; min(greatest(next_attempt_at, claimed_until)), which said so, read every pending row (26 ms a call
   * with a backlog of thousands in bench:events).
   */
  protected async nextDueInMs(): Promise<number | null> {
    const { rows } = await sql<{ in_ms: number | null }>`
      select (extract(epoch from min(next_attempt_at) - now()) * 1000)::float8 as in_ms
      from sent_emails where status = 'pending'`.execute(this.db);
    const inMs = rows[0]?.in_ms ?? null;
    return inMs === null ? null : Math.max(0, Math.ceil(inMs));
  }
}
