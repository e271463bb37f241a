import type { Transaction } from 'kysely';
import { parseStoredEvent, readStream, type Database, type StoredEvent } from '@autobest/db';
import {
  foldSubmission,
  submissionKindOfStream,
  EnquiryEventSchema,
  SubmissionEventSchema,
} from '@autobest/domain';
import type { Projection, StatusTokens } from '@autobest/projections';
import type { Mailer } from './mailer';
import {
  customerConfirmation,
  customerEnquiryConfirmation,
  customerStatusUpdate,
  staffEnquiryNotification,
  staffNotification,
  type Email,
  type EmailContext,
  type PlannedEmails,
} from './templates';
import { contactMessageEmails, reservationEmails } from './followUpEmails';

async function submissionEmails(
  trx: Transaction<Database>,
  stored: StoredEvent,
  context: EmailContext,
  statusTokens: StatusTokens,
): Promise<PlannedEmails | null> {
  const kind = submissionKindOfStream(stored.streamId);
  if (!kind) return null;
  const history = (await readStream(trx, stored.streamId))
    .filter((event) => event.streamPosition <= stored.streamPosition)
    .map((event) => parseStoredEvent(SubmissionEventSchema, event));
  const first = history[0];
  if (!first || (first.type !== 'SellCarSubmitted' && first.type !== 'TradeInSubmitted')) return null;
  const state = foldSubmission(history);
  if (state.deleted) return null;
  const { submissionId, personalInfo, vehicleInfo } = first.data;
  const statusToken = statusTokens.issue(submissionId);

  const emails: Email[] = [];
  if (stored.type === 'SellCarSubmitted' || stored.type === 'TradeInSubmitted') {
    emails.push(staffNotification(kind, submissionId, personalInfo, vehicleInfo, context));
    emails.push(customerConfirmation(kind, submissionId, personalInfo, vehicleInfo, statusToken, context));
  } else {
    const update = customerStatusUpdate(kind, submissionId, state, statusToken, context);
    if (update) emails.push(update);
  }
  return { emails, relatedId: submissionId, statusToken };
}

function enquiryEmails(stored: StoredEvent, context: EmailContext): PlannedEmails | null {
  const event = parseStoredEvent(EnquiryEventSchema, stored);
  if (event.type !== 'EnquiryReceived') return null;
  const enquiry = event.data;
  const confirmation = customerEnquiryConfirmation(enquiry, context);
  return { emails: [staffEnquiryNotification(enquiry, context), ...(confirmation ? [confirmation] : [])], relatedId: enquiry.enquiryId };
}

/** The copy of an email that sent_emails keeps and the console shows: the status link without its token. */
const keptCopy = (email: Email, statusToken: string | undefined): Email =>
  statusToken ? { ...email, text: email.text.replaceAll(statusToken, '[redacted]'), html: email.html.replaceAll(statusToken, '[redacted]') } : email;

/**
 * Emails owners, customers and staff about submissions and enquiries. It has its own checkpoint and is never
 * rebuilt; sent_emails' unique (event_id, template) makes each email go out once per event even when a batch
 * is retried.
 */
export function createNotifier(mailer: Mailer, context: EmailContext, statusTokens: StatusTokens): Projection {
  return {
    name: 'notifier',
    tables: [],
    handles: new Set(['SellCarSubmitted', 'TradeInSubmitted', 'SubmissionStatusChanged', 'EnquiryReceived', 'ContactMessageReceived', 'ReservationRequested']),
    async apply(trx, events) {
      for (const stored of events) {
        const planned =
          stored.type === 'EnquiryReceived'
            ? enquiryEmails(stored, context)
            : stored.type === 'ContactMessageReceived'
              ? contactMessageEmails(stored, context)
              : stored.type === 'ReservationRequested'
                ? reservationEmails(stored, context)
                : await submissionEmails(trx, stored, context, statusTokens);
        if (!planned) continue;
        for (const email of planned.emails) {
          const already = await trx
            .selectFrom('sent_emails')
            .select('id')
            .where('event_id', '=', stored.eventId)
            .where('template', '=', email.template)
            .executeTakeFirst();
          if (already) continue;
          const { messageId } = await mailer.send(email);
          const kept = keptCopy(email, planned.statusToken);
          await trx
            .insertInto('sent_emails')
            .values({
              event_id: stored.eventId,
              template: email.template,
              to_address: email.to,
              subject: email.subject,
              html: kept.html,
              text: kept.text,
              transport: mailer.transport,
              message_id: messageId,
              related_id: planned.relatedId,
            })
            .execute();
        }
      }
    },
  };
}
