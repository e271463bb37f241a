import { describe, it } from 'vitest';
import { enquiryStreamId, type EnquiryEvent } from '@autobest/domain';
import { enquiriesProjection } from '../src/enquiries/enquiriesProjection';
import { staffFollowUpOf, inStream, projectionSpec, staff, untouchedFollowUp } from './projectionSpec';

const deal = 'a1b2c3d4-0000-4000-8000-000000000001';
const booking = 'a1b2c3d4-0000-4000-8000-000000000002';
const dealReceived: EnquiryEvent = {
  type: 'EnquiryReceived',
  data: {
    enquiryId: deal,
    receivedAt: '2026-11-01T09:00:00.000Z',
    kind: 'deal',
    fullName: 'Chidi Okafor',
    phone: '+234 803 555 0102',
    email: 'chidi@example.ng',
    subject: 'Toyota RAV4 2024',
    message: 'Best price for cash?',
    preferredDate: '2026-11-05',
    details: { vehicleId: 'rav4-2024', budget: 30_000 },
    sourcePath: '/vehicle/rav4-2024',
  },
};
// What a form leaves blank is absent from the event.
const bookingReceived: EnquiryEvent = {
  type: 'EnquiryReceived',
  data: { enquiryId: booking, receivedAt: '2026-11-01T09:30:00.000Z', kind: 'service-booking', fullName: 'Ngozi Eze', phone: '+234 803 555 0103', subject: 'Oil change' },
};
const { contacted, noted, closed, closedRow } = staffFollowUpOf('Enquiry', { enquiryId: deal }, 'Offered a test drive');

describe('enquiries projection', () => {
  const { given } = projectionSpec(enquiriesProjection);

  it('lists each received enquiry as new, with the fields it was given and null for those left out', async () => {
    await given(inStream(enquiryStreamId(deal), [dealReceived]), inStream(enquiryStreamId(booking), [bookingReceived]))
      .then({
        enquiries: [
          {
            id: deal,
            kind: 'deal',
            full_name: 'Chidi Okafor',
            phone: '+234 803 555 0102',
            email: 'chidi@example.ng',
            subject: 'Toyota RAV4 2024',
            message: 'Best price for cash?',
            preferred_date: '2026-11-05',
            details: { vehicleId: 'rav4-2024', budget: 30_000 },
            source_path: '/vehicle/rav4-2024',
            received_at: '2026-11-01T09:00:00.000Z',
            ...untouchedFollowUp,
            version: 1,
            global_position: 1,
          },
          {
            id: booking,
            kind: 'service-booking',
            full_name: 'Ngozi Eze',
            email: null,
            subject: 'Oil change',
            message: null,
            preferred_date: null,
            details: {},
            source_path: null,
            received_at: '2026-11-01T09:30:00.000Z',
            status: 'new',
            version: 1,
            global_position: 2,
          },
        ],
      });
  });

  it("records each status change and note with the staff member's email, the time and the stream's version", async () => {
    await given(inStream(enquiryStreamId(deal), [dealReceived]), inStream(enquiryStreamId(booking), [bookingReceived]))
      .when(inStream(enquiryStreamId(deal), [contacted, noted], staff))
      .when(inStream(enquiryStreamId(deal), [closed], staff))
      .then({
        enquiries: [
          {
            id: deal,
            ...closedRow,
            version: 4,
            global_position: 1,
          },
          { id: booking, status: 'new', status_history: [], notes: [], last_updated: null, version: 1 },
        ],
      });
  });

  it('applies a status change and a note to an enquiry received in the same batch', async () => {
    await given(inStream(enquiryStreamId(deal), [dealReceived]), inStream(enquiryStreamId(deal), [contacted, noted], staff))
      .then({ enquiries: [{ id: deal, status: 'contacted', notes: [{ text: 'Offered a test drive', at: '2026-11-01T10:05:00.000Z', by: 'ops@autobest.test' }], version: 3 }] });
  });

  it('rebuilds the rows it kept live', async () => {
    await given(inStream(enquiryStreamId(deal), [dealReceived]))
      .when(inStream(enquiryStreamId(booking), [bookingReceived]), inStream(enquiryStreamId(deal), [contacted], staff))
      .when(inStream(enquiryStreamId(deal), [noted, closed], staff))
      .thenRebuildGivesTheSameRows();
  });
});
