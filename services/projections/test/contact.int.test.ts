import { describe, it } from 'vitest';
import { contactMessageStreamId, type ContactMessageEvent } from '@autobest/domain';
import { contactMessagesProjection } from '../src/contact/contactMessagesProjection';
import { staffFollowUpOf, inStream, projectionSpec, staff, untouchedFollowUp } from './projectionSpec';

const id = '6f1c2d3e-0000-4000-8000-000000000001';
const other = '6f1c2d3e-0000-4000-8000-000000000002';
const received = (contactMessageId: string, firstName: string): ContactMessageEvent => ({
  type: 'ContactMessageReceived',
  data: { contactMessageId, receivedAt: '2026-11-01T09:00:00.000Z', firstName, lastName: 'Obi', email: 'ada@example.ng', phone: '+234 803 555 0101', message: 'Is the RAV4 still available?', language: 'fr' },
});
const { contacted, noted, closed, closedRow } = staffFollowUpOf('ContactMessage', { contactMessageId: id }, 'Called back');

describe('contact messages projection', () => {
  const { given } = projectionSpec(contactMessagesProjection);

  it('lists a received message as new, with no history, notes or staff change yet', async () => {
    await given(inStream(contactMessageStreamId(id), [received(id, 'Ada')]))
      .then({
        contact_messages: [
          {
            id,
            first_name: 'Ada',
            last_name: 'Obi',
            email: 'ada@example.ng',
            phone: '+234 803 555 0101',
            message: 'Is the RAV4 still available?',
            language: 'fr',
            received_at: '2026-11-01T09:00:00.000Z',
            ...untouchedFollowUp,
            version: 1,
            global_position: 1,
          },
        ],
      });
  });

  it("records each status change and note with the staff member's email, the time and the stream's version", async () => {
    await given(inStream(contactMessageStreamId(id), [received(id, 'Ada')]), inStream(contactMessageStreamId(other), [received(other, 'Bola')]))
      .when(inStream(contactMessageStreamId(id), [contacted, noted], staff))
      .when(inStream(contactMessageStreamId(id), [closed], staff))
      .then({
        contact_messages: [
          {
            id,
            ...closedRow,
            version: 4,
          },
          { id: other, first_name: 'Bola', status: 'new', status_history: [], notes: [], last_updated: null, version: 1 },
        ],
      });
  });

  it('applies a status change and a note to a message received in the same batch, after its arrival', async () => {
    await given(inStream(contactMessageStreamId(id), [received(id, 'Ada')]), inStream(contactMessageStreamId(id), [contacted, noted], staff))
      .then({ contact_messages: [{ id, status: 'contacted', notes: [{ text: 'Called back', at: '2026-11-01T10:05:00.000Z', by: 'ops@autobest.test' }], version: 3 }] });
  });

  it('rebuilds the rows it kept live', async () => {
    await given(inStream(contactMessageStreamId(id), [received(id, 'Ada')]))
      .when(inStream(contactMessageStreamId(other), [received(other, 'Bola')]), inStream(contactMessageStreamId(id), [contacted], staff))
      .when(inStream(contactMessageStreamId(id), [noted, closed], staff))
      .thenRebuildGivesTheSameRows();
  });
});
