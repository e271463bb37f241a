import { describe, expect, it } from 'vitest';
import {
  SUBMISSION_ID_PATTERN,
  SUBMISSION_KINDS,
  SUBMISSION_KIND_LIST,
  decideSubmission,
  foldSubmission,
  initialSubmissionState,
  newSubmissionId,
  submissionKindOfStream,
  submissionStreamId,
} from '../src/index';

const data = {
  submittedAt: '2026-11-22T09:00:00.000Z',
  personalInfo: { fullName: 'Ada', phoneNumber: '08035550142', email: 'ada@example.ng' },
  vehicleInfo: { make: 'Kia', model: 'Rio', year: '2017', odometer: '90000', fuelType: 'petrol', transmission: 'manual', vin: null, knownIssues: null, underFinance: false, askingPrice: null },
  photos: [],
};

describe('the submission kinds table', () => {
  it('lists both kinds, each under its own key', () => {
    expect(SUBMISSION_KIND_LIST.map(({ kind }) => kind)).toEqual(['sell-car', 'trade-in']);
    for (const [key, info] of Object.entries(SUBMISSION_KINDS)) expect(info.kind).toBe(key);
  });

  it.each(SUBMISSION_KIND_LIST.map((info) => [info.kind, info] as const))('%s: its ids, stream, opening event and resource agree with the table', (kind, info) => {
    const id = newSubmissionId(kind, new Date('2026-11-22T09:00:00.000Z'), new Uint8Array([0, 1, 2, 3, 4, 5]));
    expect(id).toMatch(SUBMISSION_ID_PATTERN);
    expect(id.startsWith(`${info.idPrefix}-`)).toBe(true);
    expect(submissionKindOfStream(submissionStreamId(kind, id))).toBe(kind);
    const events = decideSubmission({ type: 'Submit', kind, data: { submissionId: id, ...data } }, initialSubmissionState);
    expect(events.map((event) => event.type)).toEqual([info.submittedEvent]);
    expect(foldSubmission(events).kind).toBe(kind);
    expect(info.resource).toBe(`${kind}-submissions`);
  });
});
