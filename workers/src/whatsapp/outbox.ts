import { sql, type InsertObject, type Transaction } from 'kysely';
import type { Database, StoredEvent } from '@autobest/db';
import {
  formatMoney,
  whatsappNumber,
  WHATSAPP_WITHDRAWN_DELETED,
  type SellCarSubmitted,
  type SiteLanguage,
  type SubmissionKind,
  type SubmissionState,
  type SubmissionStatus,
  type WhatsAppTemplate,
} from '@autobest/domain';
import { statusPageUrl, WITHHELD_STATUS_TOKEN, type EmailContext } from '../emails/templates';

/** A request as the notifier sees it at one of its events: its kind, its first event's data, and its state then. */
export interface RequestAtEvent {
  kind: SubmissionKind;
  submitted: SellCarSubmitted['data'];
  state: SubmissionState;
}

/** The status as the template's parameter says it, in the owner's language. */
const STATUS_WORDS: Record<SiteLanguage, Record<SubmissionStatus, string>> = {
  en: { pending: 'Pending', reviewed: 'Reviewed', finalized: 'Finalized' },
  fr: { pending: 'En attente', reviewed: 'Examinée', finalized: 'Finalisée' },
  ar: { pending: 'قيد الانتظار', reviewed: 'تمت المراجعة', finalized: 'نهائية' },
  sw: { pending: 'Inasubiri', reviewed: 'Imekaguliwa', finalized: 'Imekamilishwa' },
};

/** The events after which the owner hears how the request stands: a status change, or an offer once it is reviewed. */
const STATUS_EVENTS = new Set(['SubmissionStatusChanged', 'SubmissionOfferedValueSet', 'SubmissionEstimatedValueSet']);

interface PlannedMessage {
  template: WhatsAppTemplate;
  /** E.164 digits. */
  to: string;
  language: SiteLanguage;
  /** The template's body parameters in order; the status link carries WITHHELD_STATUS_TOKEN. */
  parameters: string[];
}

/**
 * The WhatsApp messages one event of an owner's request calls for, when the owner asked for them on the form: a
 * confirmation on the request itself ([name, request id, status link]) and a status update on a status change or an
 * offer while it is not pending ([name, request id, status, offer or "-", status link]). None for a number that cannot
 * be one, or for a request made before its phone replied STOP.
 */
export async function plannedWhatsAppMessages(trx: Transaction<Database>, stored: StoredEvent, request: RequestAtEvent, context: EmailContext): Promise<PlannedMessage[]> {
  const { kind, submitted, state } = request;
  if (!submitted.whatsappUpdates) return [];
  const to = whatsappNumber(submitted.personalInfo.phoneNumber);
  if (!to) return [];
  // The site language the owner used (English for requests made before forms sent it), as their emails are.
  const { language } = state;
  const link = statusPageUrl(context, kind, submitted.submissionId, WITHHELD_STATUS_TOKEN, language);
  let planned: Pick<PlannedMessage, 'template' | 'parameters'>;
  if (stored.type === 'SellCarSubmitted' || stored.type === 'TradeInSubmitted') {
    planned = { template: 'confirmation', parameters: [submitted.personalInfo.fullName, submitted.submissionId, link] };
  } else if (STATUS_EVENTS.has(stored.type) && state.status !== 'pending' && (stored.type === 'SubmissionStatusChanged' || state.value !== null)) {
    const offer = state.value ? formatMoney(state.value) : '-';
    planned = { template: 'status', parameters: [submitted.personalInfo.fullName, submitted.submissionId, STATUS_WORDS[language][state.status], offer, link] };
  } else {
    return [];
  }
  const stopped = await trx.selectFrom('whatsapp_stops').select('phone').where('phone', '=', to).where('stopped_at', '>=', new Date(submitted.submittedAt)).executeTakeFirst();
  return stopped ? [] : [{ ...planned, to, language }];
}

/**
 * The WhatsApp outbox as the notifier writes it, the sibling of its email outbox: rows gathered over a batch of events
 * and written in one statement, unique per (event, template) so a retried batch adds nothing.
 */
export class WhatsAppOutbox {
  private readonly rows: InsertObject<Database, 'whatsapp_messages'>[] = [];

  constructor(private readonly trx: Transaction<Database>) {}

  async plan(stored: StoredEvent, request: RequestAtEvent, context: EmailContext): Promise<void> {
    for (const { template, parameters, to, language } of await plannedWhatsAppMessages(this.trx, stored, request, context)) {
      this.rows.push({
        event_id: stored.eventId,
        template,
        language,
        to_phone: to,
        parameters: JSON.stringify(parameters),
        related_id: request.submitted.submissionId,
        status_token_for: request.submitted.submissionId,
        status: 'pending',
        // The database's clock, which the deliverer's scan compares with.
        next_attempt_at: sql<Date>`now()`,
      });
    }
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    await this.trx
      .insertInto('whatsapp_messages')
      .values(this.rows.splice(0))
      .onConflict((conflict) => conflict.columns(['event_id', 'template']).doNothing())
      .execute();
  }

  /** A deleted request's messages not sent yet never will be. */
  async withdrawPending(submissionId: string): Promise<void> {
    await this.flush();
    await this.trx
      .updateTable('whatsapp_messages')
      .set({ status: 'withdrawn', last_error: WHATSAPP_WITHDRAWN_DELETED, next_attempt_at: null, claimed_until: null })
      .where('related_id', '=', submissionId)
      .where('status', '=', 'pending')
      .execute();
  }
}
