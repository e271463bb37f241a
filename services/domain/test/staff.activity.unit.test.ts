import { describe, expect, it } from 'vitest';
import { activityActionLabel, activityRecordOf, activitySummary, STAFF_ACCOUNT_EVENT_TYPES } from '../src';

describe('the record an activity entry points at', () => {
  it.each([
    ['sell-car-SC-1A2B3C', { kind: 'sell-car-submissions', id: 'SC-1A2B3C' }],
    ['trade-in-TI-9Z', { kind: 'trade-in-submissions', id: 'TI-9Z' }],
    ['vehicle-toyota-venza-2024', { kind: 'vehicles', id: 'toyota-venza-2024' }],
    ['news-source-5b1c', { kind: 'news-sources', id: '5b1c' }],
    ['news-article-abc', { kind: 'articles', id: 'abc' }],
    ['review-video-1', { kind: 'videos', id: '1' }],
    ['contact-message-7', { kind: 'contact-messages', id: '7' }],
    ['conversation-8', { kind: 'conversations', id: '8' }],
    ['enquiry-9', { kind: 'enquiries', id: '9' }],
    ['reservation-5b0e7c1d-0000-4000-8000-0000000e0036', { kind: 'reservation-requests', id: '5b0e7c1d-0000-4000-8000-0000000e0036' }],
    ['collected-toyota-corolla-2020', { kind: 'data-collection', id: 'toyota-corolla-2020' }],
    ['email-2f9c', { kind: 'emails', id: '2f9c' }],
    ['whatsapp-message-5d2a', { kind: 'whatsapp-messages', id: '5d2a' }],
    ['tara-answer-warranty:sw', { kind: 'tara-answers', id: 'warranty:sw' }],
    ['staff-0d1e', { kind: 'staff', id: '0d1e' }],
  ])('%s', (streamId, record) => {
    expect(activityRecordOf(streamId)).toEqual(record);
  });

  it('is none for a stream of no one record, or one it does not know', () => {
    for (const streamId of ['news-ticker', 'staff-sign-in-unknown', 'vehicle-', 'something-else-1', '']) expect(activityRecordOf(streamId), streamId).toBeNull();
  });
});

describe('the summary of an activity entry', () => {
  it('never copies what an event holds beyond known words: notes, names, messages stay out', () => {
    const personal = { submissionId: 'SC-1', text: 'Owner Ada Obi, +234 803 555 0101, wants cash', addedAt: '2026-11-25T10:00:00Z', from: 'Ada Obi', to: '+234 803 555 0101' };
    const summary = activitySummary('SubmissionNoteAdded', personal);
    expect(summary).toBe('Note added to a request');
    expect(activitySummary('SomethingNewHappened', personal)).toBe('Something new happened');
  });

  it('names a landed-cost change by its country, version and fields, and leaves out values of any other shape', () => {
    expect(activitySummary('TariffVersionAdded', { tariffVersionId: 't', country: 'GH', version: 4, effectiveDate: '2027-01-01' })).toBe('Tariff version added: GH version 4, in force from 2027-01-01');
    expect(activitySummary('TariffVersionAdded', { tariffVersionId: 't', country: 'Ada Obi', version: 4, effectiveDate: '2027-01-01' })).toBe('Tariff version added');
    expect(activitySummary('FreightRateChanged', { freightRateId: 'f', fields: ['freightUsd', 'call +234 803 555 0101', 'insuranceRate'] })).toBe('Freight rate changed: freightUsd, insuranceRate');
    expect(activitySummary('DestinationChargeAdded', { destinationChargeId: 'd' })).toBe('Destination charges added');
    // Only those events name fields: a list in another event (names, say) stays out.
    expect(activitySummary('SubmissionNoteAdded', { fields: ['Ada', 'Obi'] })).toBe('Note added to a request');
    expect(activityRecordOf('destination-charge-7f0c')).toEqual({ kind: 'destination-charges', id: '7f0c' });
  });

  it('names a status change by its statuses', () => {
    expect(activitySummary('EnquiryStatusChanged', { enquiryId: 'e', from: 'new', to: 'contacted', changedAt: 'x' })).toBe('Enquiry status changed: new → contacted');
  });

  it('writes account events from their known fields, and a malformed one by its type alone', () => {
    expect(activitySummary('StaffRoleChanged', { staffUserId: 's', from: 'sales', to: 'admin' })).toBe('Role changed from sales to admin');
    expect(activitySummary('StaffSignInFailed', { staffUserId: null, attemptedEmail: 'who@autobest.test', reason: 'unknown-account', userAgent: null })).toBe(
      'Sign-in refused: no account with that email (who@autobest.test)',
    );
    expect(activitySummary('StaffSignedIn', { staffUserId: 's', secondFactor: 'totp', userAgent: 'Firefox' })).toBe('Signed in with a two-factor code');
    const limited = { staffUserId: 's', email: 'ada@autobest.test', name: 'Ada', network: '198.51.100.0/24', attempts: 5, windowMinutes: 15 };
    expect(activitySummary('StaffSignInLimitReached', limited)).toBe(
      'Sign-in limit reached: more than 5 attempts in 15 minutes from browsers new to the account, the last from 198.51.100.0/24; the owner was emailed',
    );
    expect(activitySummary('StaffSignInLimitReached', { ...limited, network: 'call +234 803 555 0101' })).not.toContain('call');
    expect(activitySummary('StaffMfaReset', { staffUserId: 's', via: 'admin' })).toBe('Two-factor sign-in removed by an admin');
    expect(activitySummary('StaffRecoveryCodeUsed', { staffUserId: 's', remaining: 1 })).toBe('Recovery code used; 1 code left');
    expect(activitySummary('StaffPasswordSet', { staffUserId: 's', via: 'own', password: 'never shown' })).toBe('Password set by the person (current password given)');
    expect(activitySummary('StaffRoleChanged', { staffUserId: 's', from: 'sales' })).toBe('Role changed');
  });

  it('has a label for every account event', () => {
    for (const type of STAFF_ACCOUNT_EVENT_TYPES) expect(activityActionLabel(type), type).not.toMatch(/^Staff /);
  });
});
