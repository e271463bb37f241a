import type { Insertable } from 'kysely';
import { insertRows, parseStoredEvent, type Database } from '@autobest/db';
import { CONTACT_MESSAGE_EVENT_TYPES, ContactMessageEventSchema, languageOf } from '@autobest/domain';
import { staffEmailOf, type Projection } from '../projector/projection';
import { applyNote, applyStatusChange, NEW_FOLLOW_UP } from '../followUps/followUps';

/**
 * Messages from the contact page as staff list and follow them up, with each status change and note and who made it.
 * The messages received in a batch are inserted in one statement (one round trip instead of one per message), written
 * before any status change or note that comes after them in the batch, which may be about one of them.
 */
export const contactMessagesProjection: Projection = {
  name: 'contact-messages',
  tables: ['contact_messages'],
  handles: CONTACT_MESSAGE_EVENT_TYPES,
  async apply(trx, events) {
    const received: Insertable<Database['contact_messages']>[] = [];
    const insertReceived = async () => {
      // A plain insert, not an upsert: applying an event twice would be a bug, and it should fail loudly.
      await insertRows(trx, 'contact_messages', received.splice(0));
    };
    for (const stored of events) {
      const event = parseStoredEvent(ContactMessageEventSchema, stored);
      const version = { atPosition: stored.streamPosition };
      switch (event.type) {
        case 'ContactMessageReceived': {
          const { data } = event;
          received.push({
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
          });
          break;
        }
        case 'ContactMessageStatusChanged': {
          await insertReceived();
          const { contactMessageId, from, to, changedAt } = event.data;
          await applyStatusChange(trx, 'contact_messages', contactMessageId, { from, to, at: changedAt, by: staffEmailOf(stored) }, version);
          break;
        }
        case 'ContactMessageNoteAdded':
          await insertReceived();
          await applyNote(trx, 'contact_messages', event.data.contactMessageId, { text: event.data.text, at: event.data.addedAt, by: staffEmailOf(stored) }, version);
          break;
      }
    }
    await insertReceived();
  },
};
