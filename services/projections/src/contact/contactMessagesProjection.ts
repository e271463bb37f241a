import { parseStoredEvent } from '@autobest/db';
import { ContactMessageEventSchema } from '@autobest/domain';
import type { Projection } from '../projector/projection';

export const contactMessagesProjection: Projection = {
  name: 'contact-messages',
  tables: ['contact_messages'],
  handles: new Set(['ContactMessageReceived']),
  async apply(trx, events) {
    const rows = events.map((event) => {
      const { data } = parseStoredEvent(ContactMessageEventSchema, event);
      return {
        id: data.contactMessageId,
        first_name: data.firstName,
        last_name: data.lastName,
        email: data.email,
        phone: data.phone,
        message: data.message,
        received_at: data.receivedAt,
        global_position: event.globalPosition,
      };
    });
    // A plain insert, not an upsert: applying an event twice would be a bug, and it should fail loudly.
    await trx.insertInto('contact_messages').values(rows).execute();
  },
};
