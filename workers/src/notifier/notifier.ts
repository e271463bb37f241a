import { readStream } from '@autobest/db';
import {
  foldSubmission,
  submissionKindOfStream,
  type SubmissionEvent,
} from '@autobest/domain';
import type { Projection } from '../projector/projection';
import type { Mailer } from './mailer';
import { customerConfirmation, customerStatusUpdate, staffNotification, type Email, type EmailContext } from './templates';

/**
 * Emails owners and staff about submissions. It has its own checkpoint and is never rebuilt; sent_emails'
 * unique (event_id, template) makes each email go out once per event even when a batch is retried.
 */
export function createNotifier(mailer: Mailer, context: EmailContext): Projection {
  return {
    name: 'notifier',
    tables: [],
    handles: new Set(['SellCarSubmitted', 'TradeInSubmitted', 'SubmissionStatusChanged']),
    async apply(trx, events) {
      for (const stored of events) {
        const kind = submissionKindOfStream(stored.streamId);
        if (!kind) continue;
        const history = (await readStream(trx, stored.streamId))
          .filter((event) => event.streamPosition <= stored.streamPosition)
          .map((event) => ({ type: event.type, data: event.data }) as SubmissionEvent);
        const first = history[0];
        if (!first || (first.type !== 'SellCarSubmitted' && first.type !== 'TradeInSubmitted')) continue;
        const state = foldSubmission(history);
        if (state.deleted) continue;
        const { submissionId, statusToken, personalInfo, vehicleInfo } = first.data;

        const emails: Email[] = [];
        if (stored.type === 'SellCarSubmitted' || stored.type === 'TradeInSubmitted') {
          emails.push(staffNotification(kind, submissionId, personalInfo, vehicleInfo, context));
          emails.push(customerConfirmation(kind, submissionId, personalInfo, vehicleInfo, statusToken, context));
        } else {
          const update = customerStatusUpdate(kind, submissionId, state, statusToken, context);
          if (update) emails.push(update);
        }

        for (const email of emails) {
          const already = await trx
            .selectFrom('sent_emails')
            .select('id')
            .where('event_id', '=', stored.eventId)
            .where('template', '=', email.template)
            .executeTakeFirst();
          if (already) continue;
          const { messageId } = await mailer.send(email);
          await trx
            .insertInto('sent_emails')
            .values({
              event_id: stored.eventId,
              template: email.template,
              to_address: email.to,
              subject: email.subject,
              html: email.html,
              text: email.text,
              transport: mailer.transport,
              message_id: messageId,
              related_id: submissionId,
            })
            .execute();
        }
      }
    },
  };
}
