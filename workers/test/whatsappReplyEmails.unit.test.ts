import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@autobest/db';
import type { DomainEvent } from '@autobest/domain';
import { cappedReply, QUOTED_REPLY_MAX, whatsappReplyEmails } from '../src/whatsapp/replyEmails';

const context = { publicUrl: 'https://autobest.example/', staffEmail: 'desk@autobest.example', contactPhone: '+234 800 288 6237' };
const visitor = { actor: { kind: 'visitor' as const }, correlationId: 'c', causationId: null, requestId: null };

function stored(streamId: string, event: DomainEvent<string, object>): StoredEvent {
  return {
    globalPosition: 1,
    transactionId: '1',
    streamId,
    streamPosition: 2,
    eventId: '00000000-0000-4000-8000-000000000001',
    type: event.type,
    data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
    metadata: visitor,
    occurredAt: new Date('2026-11-22T09:00:00Z'),
  };
}

const reply = { waMessageId: 'wamid.1', phone: '2348035550142', receivedAt: '2026-11-22T09:00:00.000Z' };
const submissionId = 'SC-1763802000000-AB12';

describe("the staff email about a customer's WhatsApp reply", () => {
  it('names the request in our words, links its console page and quotes the reply as theirs, defanged and escaped', () => {
    const text = 'Call me <script>alert(1)</script> or see www.evil.test\u202E\u200B';
    const planned = whatsappReplyEmails(stored(`sell-car-${submissionId}`, { type: 'SubmissionWhatsAppReplyReceived', data: { submissionId, ...reply, text } }), null, context);
    expect(planned?.relatedId).toBe(submissionId);
    const [email] = planned!.emails;
    expect(email).toMatchObject({ template: 'staff-whatsapp-reply', to: 'desk@autobest.example', subject: `WhatsApp reply about Sell Car request ${submissionId}` });
    expect(email!.text).toContain('No member of staff has worked on this Sell Car request yet.');
    expect(email!.text).toContain('From: +2348035550142');
    expect(email!.text).toContain('Reply: “Call me <script>alert(1)</script> or see www[.]evil[.]test”');
    expect(email!.text).toContain(`https://autobest.example/admin/sell-car-submissions/${submissionId}/show`);
    expect(email!.html).toContain('&lt;script&gt;');
    expect(email!.html).not.toContain('<script>');
  });

  it("goes to the request's staff owner, when it has one, in place of the sales notice address", () => {
    const planned = whatsappReplyEmails(stored(`sell-car-${submissionId}`, { type: 'SubmissionWhatsAppReplyReceived', data: { submissionId, ...reply, text: 'Yes' } }), 'ngozi@autobest.example', context);
    expect(planned!.emails).toEqual([expect.objectContaining({ to: 'ngozi@autobest.example' })]);
    expect(planned!.emails[0]!.text).toContain('You are told as the last member of staff to work on this Sell Car request.');
  });

  it('names a reservation request and a lead by their own pages', () => {
    const reservationId = '3f1b2c4d-0000-4000-8000-0000000e0001';
    const reservation = whatsappReplyEmails(stored(`reservation-${reservationId}`, { type: 'ReservationWhatsAppReplyReceived', data: { vehicleId: 'v1', reservationId, ...reply, text: 'Yes' } }), null, context);
    expect(reservation!.emails[0]!.text).toContain(`/admin/reservation-requests/${reservationId}/show`);
    const conversationId = '3f1b2c4d-0000-4000-8000-0000000f0001';
    const lead = whatsappReplyEmails(stored(`conversation-${conversationId}`, { type: 'ConversationWhatsAppReplyReceived', data: { conversationId, ...reply, text: 'Yes' } }), null, context);
    expect(lead!.emails[0]!.subject).toBe(`WhatsApp reply about lead from Tara ${conversationId}`);
  });

  it('cuts a long reply at QUOTED_REPLY_MAX characters, never inside one, and says it did', () => {
    expect(cappedReply('short')).toBe('short');
    const emoji = '🚗'.repeat(QUOTED_REPLY_MAX + 5);
    const capped = cappedReply(emoji);
    expect([...capped]).toHaveLength(QUOTED_REPLY_MAX + 1);
    expect(capped.endsWith('🚗…')).toBe(true);
    expect(capped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
