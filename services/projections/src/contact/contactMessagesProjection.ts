import { parseStoredEvent } from '@autobest/db';
import { CONTACT_MESSAGE_EVENT_TYPES, ContactMessageEventSchema, languageOf } from '@autobest/domain';
import type { Projection } from '../projector/projection';
import { applyNote, applyStatusChange, NEW_FOLLOW_UP, staffEmailOf } from '../platform/followUps';

/** Messages from the contact page as staff list and follow them up, with each status change and note and who made it. */
export const contactMessagesProjection: Projection = {
  name: 'contact-messages',
  tables: ['contact_messages'],
  handles: CONTACT_MESSAGE_EVENT_TYPES,
  async apply(trx, events) {
    for (const stored of events) {
      const event = parseStoredEvent(ContactMessageEventSchema, stored);
      const version = { atPosition: stored.streamPosition };
      switch (event.type) {
        case 'ContactMessageReceived': {
          const { data } = event;
          // A plain insert, not an upsert: applying an event twice would be a bug, and it should fail loudly.
          await trx
            .insertInto('contact_messages')
            .values({
              id: data.contactMessageId,
              first_name: data.firstName,
              last_name: data.lastName,
              email: data.email,
              phone: data.phone,
              message: data.message,
              language: languageOf(data),
              received_at: data.receivedAt,
              ...NEW_FOLLOW_UP,
              version: stored.streamPosition,
              global_position: stored.globalPosition,
            })
            .execute();
          break;
        }
        case 'ContactMessageStatusChanged': {
          const { contactMessageId, from, to, changedAt } = event.data;
          await applyStatusChange(trx, 'contact_messages', contactMessageId, { from, to, at: changedAt, by: staffEmailOf(stored) }, version);
          break;
        }
        case 'ContactMessageNoteAdded':
          await applyNote(trx, 'contact_messages', event.data.contactMessageId, { text: event.data.text, at: event.data.addedAt, by: staffEmailOf(stored) }, version);
          break;
      }
    }
  },
};
