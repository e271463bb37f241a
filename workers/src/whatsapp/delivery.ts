import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '@autobest/db';
import { WHATSAPP_CONFIRMATION_TEMPLATES, type SiteLanguage, type WhatsAppTemplate } from '@autobest/domain';
import { applyEarlyWhatsAppStatuses, lockWhatsAppMessageIds, type StatusTokens } from '@autobest/runtime';
import { claimRows, claimStatement, OutboxDelivery, resultWrite, type ClaimedMessage, type DeliveryOutcome, type DeliveryPolicy, type DeliveryResult } from '../platform/outboxDelivery';
import { withStatusToken } from '../emails/templates';
import { isRecipientError, WhatsAppApiError, type WhatsAppSender } from './cloudApi';

/** A WhatsApp message this worker holds: attempts already counts the one it is about to make. */
export interface ClaimedWhatsApp extends ClaimedMessage {
  template: WhatsAppTemplate;
  language: SiteLanguage;
  to_phone: string;
  parameters: string[];
  status_token_for: string | null;
}

/** The templates a request's updates wait for, as the SQL array its statements compare with. */
const CONFIRMATIONS = sql`${[...WHATSAPP_CONFIRMATION_TEMPLATES]}::text[]`;

/** What went wrong, as the console shows it: the API's own answer when it gave one. */
const failureText = (error: unknown) => (error instanceof Error ? `${error.message}${error.name === 'TimeoutError' ? ' (no answer in time)' : ''}` : String(error)).slice(0, 1_000);

/**
 * Sends the WhatsApp outbox through the Cloud API with the loop the emails use (OutboxDelivery): due messages claimed
 * in batches (SKIP LOCKED), four sent at a time, each result written as it comes, messages[0].id kept as wa_message_id.
 * 429, 5xx and anything about our configuration are retried with back-off; an error about the recipient (131026,
 * an invalid number) fails that message alone at once. A request's status updates wait until its confirmation is no
 * longer pending, so the owner never reads the news before the confirmation.
 */
export class WhatsAppDelivery extends OutboxDelivery<ClaimedWhatsApp> {
  constructor(
    private readonly db: Db,
    private readonly sender: WhatsAppSender,
    private readonly templateNames: Record<WhatsAppTemplate, string>,
    private readonly statusTokens: StatusTokens,
    policy: DeliveryPolicy,
    private readonly logger: Logger,
  ) {
    super(policy);
  }

  /** As emails are claimed; a status update only once its request's confirmation is not pending. */
  protected async claim(limit: number, holdSeconds: number): Promise<ClaimedWhatsApp[]> {
    const columns = ['id', 'template', 'language', 'to_phone', 'parameters', 'status_token_for', 'attempts'];
    const confirmationGone = sql`(whatsapp_messages.template = any(${CONFIRMATIONS}) or not exists (
      select 1 from whatsapp_messages c where c.related_id = whatsapp_messages.related_id and c.template = any(${CONFIRMATIONS}) and c.status = 'pending'))`;
    return claimRows(this.db, claimStatement<ClaimedWhatsApp>('whatsapp_messages', columns, limit, holdSeconds, confirmationGone));
  }

  async attempt(message: ClaimedWhatsApp): Promise<DeliveryOutcome> {
    const { id, attempts, status_token_for: tokenFor } = message;
    const parameters = tokenFor ? message.parameters.map((text) => withStatusToken(text, tokenFor, this.statusTokens.issue(tokenFor))) : message.parameters;
    try {
      const { messageId } = await this.sender.send({ to: message.to_phone, templateName: this.templateNames[message.template], language: message.language, parameters });
      this.logger.debug({ whatsappId: id, attempts, waMessageId: messageId }, 'WhatsApp message accepted');
      return { kind: 'sent', id, attempts, receipt: messageId };
    } catch (error) {
      const reason = failureText(error);
      const code = error instanceof WhatsAppApiError && error.code !== null ? { code: error.code } : {};
      const permanent = isRecipientError(error);
      if (permanent || attempts >= this.policy.maxAttempts) {
        this.logger.warn({ whatsappId: id, attempts, error: reason }, permanent ? 'WhatsApp message refused for its recipient' : 'WhatsApp message failed: out of attempts');
        return { kind: 'failed', id, attempts, error: reason, ...code };
      }
      const delayMs = this.retryDelay(attempts);
      this.logger.info({ whatsappId: id, attempts, error: reason, retryInMs: delayMs }, 'WhatsApp message not accepted yet; retrying later');
      return { kind: 'retry', id, attempts, delayMs, error: reason, ...code };
    }
  }

  /**
   * As for emails: a sent message is sent whatever happened meanwhile; any other result only touches one still pending
   * under this claim, and a released one is due again when it was before. The statuses a webhook reported for a sent
   * one before its id was written here (whatsapp_early_statuses) are applied in the same transaction.
   */
  protected async record(results: DeliveryResult<ClaimedWhatsApp>[]): Promise<void> {
    if (results.length === 0) return;
    const write = resultWrite('whatsapp_messages', results, {
      receipt: sql`${results.map(({ outcome }) => (outcome.kind === 'sent' ? (outcome.receipt ?? null) : null))}::text[]`,
      code: sql`${results.map(({ outcome }) => ('code' in outcome ? (outcome.code ?? null) : null))}::int[]`,
    });
    const receipts = results.flatMap(({ outcome }) => (outcome.kind === 'sent' && outcome.receipt ? [outcome.receipt] : []));
    await this.db.transaction().execute(async (trx) => {
      // A webhook may have reported on these ids before this write: under the same locks, what it kept is applied now.
      await lockWhatsAppMessageIds(trx, receipts);
      await sql`
        update whatsapp_messages set
          status = result.status,
          sent_at = case when result.status = 'sent' then now() else whatsapp_messages.sent_at end,
          failed_at = case when result.status = 'failed' then now() else whatsapp_messages.failed_at end,
          transport = case when result.status = 'sent' then ${this.sender.transport} else whatsapp_messages.transport end,
          wa_message_id = coalesce(result.receipt, whatsapp_messages.wa_message_id),
          last_error = coalesce(result.error, whatsapp_messages.last_error),
          error_code = coalesce(result.code, whatsapp_messages.error_code),
          attempts = whatsapp_messages.attempts - result.uncounted,
          claimed_until = null,
          next_attempt_at = ${write.nextAttemptAt}
        from ${write.rows}
        where whatsapp_messages.id = result.id and ${write.mayWrite}`.execute(trx);
      await applyEarlyWhatsAppStatuses(trx, receipts);
    });
  }

  /** When the next pending message can be claimed: a held one when its claim ends, a status update when its confirmation can be. */
  protected async nextDueInMs(): Promise<number | null> {
    const { rows } = await sql<{ in_ms: number | null }>`
      select (extract(epoch from min(greatest(m.next_attempt_at, m.claimed_until, gate.due_at)) - now()) * 1000)::float8 as in_ms
      from whatsapp_messages m
      left join lateral (
        select max(greatest(c.next_attempt_at, c.claimed_until)) as due_at from whatsapp_messages c
        where m.template <> all(${CONFIRMATIONS}) and c.related_id = m.related_id and c.template = any(${CONFIRMATIONS}) and c.status = 'pending'
      ) gate on true
      where m.status = 'pending'`.execute(this.db);
    const inMs = rows[0]?.in_ms ?? null;
    return inMs === null ? null : Math.max(0, Math.ceil(inMs));
  }
}
