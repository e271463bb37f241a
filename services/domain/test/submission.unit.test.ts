import { describe, expect, it } from 'vitest';
import {
  SellCarFieldsSchema,
  TradeInFieldsSchema,
  decideSubmission,
  foldSubmission,
  initialSubmissionState,
  isSellPhone,
  newSubmissionId,
  offerSchema,
  tradeInYears,
  type ProcessedPhoto,
  type SubmissionCommand,
  type SubmissionEvent,
  renderMessage,
} from '../src/index';

const submitted: SubmissionEvent = {
  type: 'SellCarSubmitted',
  data: {
    submissionId: 'SC-1763802000000-ABC123',
    submittedAt: '2026-11-22T09:00:00.000Z',
    personalInfo: { fullName: 'Ada', phoneNumber: '08035550142', email: 'ada@example.ng' },
    vehicleInfo: { make: 'Kia', model: 'Rio', year: '2017', odometer: '90000', fuelType: 'petrol', transmission: 'manual', vin: null, knownIssues: null, underFinance: false, askingPrice: '3000000' },
    photos: [],
  },
};
const now = new Date('2026-11-22T12:00:00.000Z');

describe('decideSubmission', () => {
  it('given a new stream, when submitted, then the kind-specific Submitted event', () => {
    expect(decideSubmission({ type: 'Submit', kind: 'sell-car', data: submitted.data as never }, initialSubmissionState)).toEqual([submitted]);
  });

  it('given a submission, when submitted again, then it is refused', () => {
    expect(() => decideSubmission({ type: 'Submit', kind: 'sell-car', data: submitted.data as never }, foldSubmission([submitted]))).toThrow(expect.objectContaining({ name: 'AlreadyExists', kind: 'submission' }));
  });

  it('allows any status to any other, each stamping lastUpdated, and ignores a change to the same status', () => {
    let state = foldSubmission([submitted]);
    for (const [to, from] of [['finalized', 'pending'], ['reviewed', 'finalized'], ['pending', 'reviewed']] as const) {
      const events = decideSubmission({ type: 'ChangeStatus', status: to, now }, state);
      expect(events).toEqual([{ type: 'SubmissionStatusChanged', data: { submissionId: 'SC-1763802000000-ABC123', from, to, changedAt: now.toISOString() } }]);
      state = foldSubmission([submitted, ...events]);
      expect(state.lastUpdated).toBe(now.toISOString());
    }
    expect(decideSubmission({ type: 'ChangeStatus', status: 'pending', now }, state)).toEqual([]);
  });

  it('sets an offer in kobo for sell-car and an estimate for trade-in', () => {
    const sell = decideSubmission({ type: 'SetValue', value: 4_500_000, now }, foldSubmission([submitted]));
    expect(sell).toEqual([{ type: 'SubmissionOfferedValueSet', data: { submissionId: 'SC-1763802000000-ABC123', offeredValue: { amountMinor: 450_000_000, currency: 'NGN' }, setAt: now.toISOString() } }]);
    const tradeIn = decideSubmission({ type: 'SetValue', value: 1234.56, now }, foldSubmission([{ ...submitted, type: 'TradeInSubmitted' } as SubmissionEvent]));
    expect(tradeIn[0]).toMatchObject({ type: 'SubmissionEstimatedValueSet', data: { estimatedValue: { amountMinor: 123_456 } } });
  });

  it('records the processed photos once, and never for a deleted submission', () => {
    const photos: ProcessedPhoto[] = [
      { slot: 'front', label: 'Front View', state: 'ready', storedName: 'front.jpg', thumbnailName: 'front.thumb.jpg', width: 48, height: 64, bytes: 900 },
      { slot: 'rear', label: 'Rear View', state: 'unreadable', reason: 'undecodable' },
    ];
    const command: SubmissionCommand = { type: 'RecordProcessedPhotos', photos, now };
    const processed = decideSubmission(command, foldSubmission([submitted]));
    expect(processed).toEqual([{ type: 'SubmissionPhotosProcessed', data: { submissionId: 'SC-1763802000000-ABC123', photos, processedAt: now.toISOString() } }]);
    expect(decideSubmission(command, foldSubmission([submitted, ...processed]))).toEqual([]);
    const deleted: SubmissionEvent = { type: 'SubmissionDeleted', data: { submissionId: 'SC-1763802000000-ABC123', deletedAt: now.toISOString() } };
    expect(decideSubmission(command, foldSubmission([submitted, deleted]))).toEqual([]);
  });

  it('records the erasure of a deleted submission’s files once, and only after deletion', () => {
    const deleted: SubmissionEvent = { type: 'SubmissionDeleted', data: { submissionId: 'SC-1763802000000-ABC123', deletedAt: now.toISOString() } };
    expect(decideSubmission({ type: 'RecordPhotosErased', now }, foldSubmission([submitted]))).toEqual([]);
    const erased = decideSubmission({ type: 'RecordPhotosErased', now }, foldSubmission([submitted, deleted]));
    expect(erased).toEqual([{ type: 'SubmissionPhotosErased', data: { submissionId: 'SC-1763802000000-ABC123', erasedAt: now.toISOString() } }]);
    expect(decideSubmission({ type: 'RecordPhotosErased', now }, foldSubmission([submitted, deleted, ...erased]))).toEqual([]);
    expect(() => decideSubmission({ type: 'RecordPhotosErased', now }, initialSubmissionState)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'submission' }));
  });

  it('refuses every command on a deleted or unknown submission', () => {
    const deleted = foldSubmission([submitted, { type: 'SubmissionDeleted', data: { submissionId: 'x', deletedAt: now.toISOString() } }]);
    expect(() => decideSubmission({ type: 'ChangeStatus', status: 'reviewed', now }, deleted)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'submission' }));
    expect(() => decideSubmission({ type: 'AddNote', text: 'x', now }, initialSubmissionState)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'submission' }));
  });
});

describe('submission fields', () => {
  it('makes ids in the spec form, upper case', () => {
    expect(newSubmissionId('sell-car', now, new Uint8Array([0, 1, 2, 25, 26, 35]))).toBe(`SC-${now.getTime()}-ABCZ09`);
    expect(newSubmissionId('trade-in', now, new Uint8Array(6))).toMatch(/^TI-\d+-AAAAAA$/);
  });

  it('accepts sell-form phones of 10 to 15 digits with spaces or hyphens', () => {
    for (const ok of ['08035550142', '+234 803 555 0142', '0803-555-0142']) expect(isSellPhone(ok), ok).toBe(true);
    for (const bad of ['080355501', '+234 803 555 0142 9999', '(0803) 555 0142', '0803555014a']) expect(isSellPhone(bad), bad).toBe(false);
  });

  it('defaults under-finance to No on the sell form and requires the consent', () => {
    const parsed = SellCarFieldsSchema.safeParse({ fullName: 'A', phoneNumber: '08035550142', email: 'a@b.co', make: 'Kia', model: 'Rio', year: '2017', odometer: '1', fuelType: 'lpg', transmission: 'semiAutomatic', askingPrice: '1', consent: 'true' });
    expect(parsed.success && parsed.data.underFinance).toBe(false);
    const refused = SellCarFieldsSchema.safeParse({ fuelType: 'ev' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.find((issue) => issue.path[0] === 'fuelType')?.message).toBe('fuelTypeRequired');
    expect(renderMessage('fuelTypeRequired')).toBe('Fuel type is required');
  });

  it('offers trade-in years from this year down to 1990 and accepts make or vehicleMake', () => {
    const years = tradeInYears(new Date('2026-06-01'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1990);
    const base = { fullName: 'A', phoneNumber: '(0803) 555-0142', email: 'a@b.co', model: 'Civic', year: '2015', odometer: '1', fuelType: 'ev', transmission: 'manual', underFinance: 'yes', consent: 'true' };
    const viaMake = TradeInFieldsSchema.safeParse({ ...base, make: 'Honda' });
    expect(viaMake.success && viaMake.data.vehicleMake).toBe('Honda');
    expect(TradeInFieldsSchema.safeParse({ ...base, year: '1989' }).success).toBe(false);
  });

  it("takes the trade-in's under-finance answer only as yes or no, and refuses it missing with the spec's message", () => {
    const base = { fullName: 'A', phoneNumber: '(0803) 555-0142', email: 'a@b.co', vehicleMake: 'Honda', model: 'Civic', year: '2015', odometer: '1', fuelType: 'ev', transmission: 'manual', consent: 'true' };
    const answered = (underFinance: string) => TradeInFieldsSchema.safeParse({ ...base, underFinance });
    expect(answered('yes').success && answered('yes').data?.underFinance).toBe(true);
    expect(answered('no').success && answered('no').data?.underFinance).toBe(false);
    for (const unanswered of [{ ...base }, { ...base, underFinance: '' }, { ...base, underFinance: 'true' }, { ...base, underFinance: 'maybe' }]) {
      const refused = TradeInFieldsSchema.safeParse(unanswered);
      expect(refused.success, JSON.stringify(unanswered)).toBe(false);
      expect(refused.error?.issues.find((issue) => issue.path[0] === 'underFinance')?.message).toBe('underFinanceRequired');
    }
    expect(renderMessage('underFinanceRequired')).toBe('Please specify if vehicle is under finance');
  });

  it('keeps sell-car offers whole and trade-in estimates to kobo', () => {
    expect(offerSchema('sell-car').safeParse({ value: 4_500_000.5 }).success).toBe(false);
    expect(offerSchema('trade-in').safeParse({ value: 4_500_000.5 }).success).toBe(true);
    expect(offerSchema('trade-in').safeParse({ value: 1.005 }).success).toBe(false);
    expect(offerSchema('sell-car').safeParse({ value: null }).success).toBe(true);
  });
});
