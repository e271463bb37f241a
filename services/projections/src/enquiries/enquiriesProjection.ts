import { EnquiryEventSchema } from '@autobest/domain';
import { eventByEventProjection, staffEmailOf } from '../projector/projection';
import { applyNote, applyStatusChange, NEW_FOLLOW_UP } from '../followUps/followUps';

/** Enquiries as staff list and work them, with each status change and note and who made it. */
export const enquiriesProjection = eventByEventProjection({
  name: 'enquiries',
  tables: ['enquiries'],
  schema: EnquiryEventSchema,
  async applyEvent(trx, event, stored) {
    const version = stored.streamPosition;
    switch (event.type) {
      case 'EnquiryReceived': {
        const enquiry = event.data;
        // A plain insert, not an upsert: applying an event twice would be a bug, and it should fail loudly.
        await trx
          .insertInto('enquiries')
          .values({
            id: enquiry.enquiryId,
            kind: enquiry.kind,
            full_name: enquiry.fullName,
            phone: enquiry.phone,
            email: enquiry.email ?? null,
            subject: enquiry.subject,
            message: enquiry.message ?? null,
            preferred_date: enquiry.preferredDate ?? null,
            details: JSON.stringify(enquiry.details ?? {}),
            source_path: enquiry.sourcePath ?? null,
            received_at: enquiry.receivedAt,
            ...NEW_FOLLOW_UP,
            version,
            global_position: stored.globalPosition,
          })
          .execute();
        break;
      }
      case 'EnquiryStatusChanged': {
        const { enquiryId, from, to, changedAt } = event.data;
        await applyStatusChange(trx, 'enquiries', enquiryId, { from, to, at: changedAt, by: staffEmailOf(stored) }, { atPosition: version });
        break;
      }
      case 'EnquiryNoteAdded':
        await applyNote(trx, 'enquiries', event.data.enquiryId, { text: event.data.text, at: event.data.addedAt, by: staffEmailOf(stored) }, { atPosition: version });
        break;
    }
  },
});
