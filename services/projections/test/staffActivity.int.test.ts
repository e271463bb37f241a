import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  activitySummary,
  contactMessageStreamId,
  enquiryStreamId,
  NEWS_TICKER_STREAM,
  staffStreamId,
  type ContactMessageEvent,
  type EnquiryEvent,
  type NewsTickerEvent,
  type StaffAccountEvent,
} from '@autobest/domain';
import { staffActivityProjection } from '../src/staff/activityProjection';
import { followUpEventsOf, inStream, projectionSpec, staff } from './projectionSpec';

const enquiryId = 'd00d0000-0000-4000-8000-000000000001';
const messageId = 'd00d0000-0000-4000-8000-000000000002';
const newcomerId = 'd00d0000-0000-4000-8000-0000000000c3';
const shell = { kind: 'system', name: 'staff-cli' } as const;
// Old data and some tests have an actor id that is no account's.
const oldStaff = { kind: 'staff', staffUserId: 'staff-1', email: 'old@autobest.test' } as const;

const contactMessage: ContactMessageEvent = {
  type: 'ContactMessageReceived',
  data: { contactMessageId: messageId, receivedAt: '2026-11-01T08:00:00.000Z', firstName: 'Ada', lastName: 'Obi', email: 'ada@example.ng', phone: '+234 803 555 0101', message: 'Hello' },
};
const enquiryReceived: EnquiryEvent = { type: 'EnquiryReceived', data: { enquiryId, receivedAt: '2026-11-01T08:30:00.000Z', kind: 'deal', fullName: 'Chidi Okafor', phone: '+234 803 555 0102', subject: 'RAV4' } };
const { statusChanged, noteAdded } = followUpEventsOf('Enquiry', { enquiryId });
const contacted: EnquiryEvent = statusChanged('new', 'contacted', '2026-11-01T09:00:00.000Z');
const noted: EnquiryEvent = noteAdded('Call back Friday', '2026-11-01T09:05:00.000Z');
const created: StaffAccountEvent = { type: 'StaffAccountCreated', data: { staffUserId: newcomerId, email: 'new@autobest.test', name: 'Newcomer', role: 'sales', via: 'shell' } };
const failedSignIn: StaffAccountEvent = { type: 'StaffSignInFailed', data: { staffUserId: newcomerId, attemptedEmail: 'new@autobest.test', reason: 'wrong-password', userAgent: 'Firefox' } };
const featured: NewsTickerEvent = { type: 'TickerArticleFeatured', data: { articleId: 'article-1', previousArticleId: null, featuredAt: '2026-11-01T10:00:00.000Z' } };

describe('staff activity projection', () => {
  const { given, db } = projectionSpec(staffActivityProjection);

  it("keeps what staff did on any stream and every account event, whoever's, and nothing of a visitor's requests", async () => {
    await given(inStream(contactMessageStreamId(messageId), [contactMessage]), inStream(enquiryStreamId(enquiryId), [enquiryReceived]), inStream(staffStreamId(newcomerId), [created], shell))
      .when(inStream(enquiryStreamId(enquiryId), [contacted, noted], staff), inStream(staffStreamId(newcomerId), [failedSignIn]))
      .when(inStream(NEWS_TICKER_STREAM, [featured], oldStaff))
      .then({
        staff_activity: [
          {
            global_position: 3,
            actor_kind: 'system',
            actor_staff_id: null,
            actor_email: null,
            actor_system: 'staff-cli',
            action: 'StaffAccountCreated',
            stream_id: staffStreamId(newcomerId),
            record_kind: 'staff',
            record_id: newcomerId,
            summary: activitySummary('StaffAccountCreated', created.data),
          },
          {
            global_position: 4,
            actor_kind: 'staff',
            actor_staff_id: staff.staffUserId,
            actor_email: 'ops@autobest.test',
            actor_system: null,
            action: 'EnquiryStatusChanged',
            stream_id: enquiryStreamId(enquiryId),
            record_kind: 'enquiries',
            record_id: enquiryId,
            summary: activitySummary('EnquiryStatusChanged', contacted.data),
          },
          { global_position: 5, actor_kind: 'staff', action: 'EnquiryNoteAdded', record_kind: 'enquiries', record_id: enquiryId, summary: activitySummary('EnquiryNoteAdded', noted.data) },
          {
            global_position: 6,
            actor_kind: 'visitor',
            actor_staff_id: null,
            actor_email: null,
            actor_system: null,
            action: 'StaffSignInFailed',
            record_kind: 'staff',
            record_id: newcomerId,
            summary: activitySummary('StaffSignInFailed', failedSignIn.data),
          },
          {
            global_position: 7,
            actor_kind: 'staff',
            actor_staff_id: null,
            actor_email: 'old@autobest.test',
            action: 'TickerArticleFeatured',
            stream_id: NEWS_TICKER_STREAM,
            record_kind: null,
            record_id: null,
            summary: activitySummary('TickerArticleFeatured', featured.data),
          },
        ],
      });
    // Each entry is its event: its id, its position and when it happened (to the millisecond a JavaScript date keeps).
    const { rows } = await sql<{ matching: number }>`
      select count(*)::int as matching from staff_activity join events on events.event_id = staff_activity.id
      where date_trunc('milliseconds', events.occurred_at) = staff_activity.occurred_at and events.global_position = staff_activity.global_position`.execute(db());
    expect(rows[0]?.matching).toBe(5);
  });

  it('rebuilds the rows it kept live', async () => {
    await given(inStream(enquiryStreamId(enquiryId), [enquiryReceived]), inStream(staffStreamId(newcomerId), [created], shell))
      .when(inStream(enquiryStreamId(enquiryId), [contacted], staff), inStream(contactMessageStreamId(messageId), [contactMessage]))
      .when(inStream(enquiryStreamId(enquiryId), [noted], staff), inStream(staffStreamId(newcomerId), [failedSignIn]), inStream(NEWS_TICKER_STREAM, [featured], oldStaff))
      .thenRebuildGivesTheSameRows();
  });
});
