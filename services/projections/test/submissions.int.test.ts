import { describe, it } from 'vitest';
import { decideSubmission, initialSubmissionState, submissionStreamId, type SellCarSubmitted, type SubmissionEvent, type SubmissionKind } from '@autobest/domain';
import { submissionsProjection } from '../src/submissions/submissionsProjection';
import { followUpEventsOf, inStream, projectionSpec, staff, whatsappReplyOf } from './projectionSpec';

const sellCar = 'SC-1761987600000-ABC123';
const tradeIn = 'TI-1761991200000-XYZ789';
const sellCarStream = submissionStreamId('sell-car', sellCar);
const tradeInStream = submissionStreamId('trade-in', tradeIn);
const photo = (slot: string, label: string) => ({ slot, label, storedName: `${slot}.jpg`, contentType: 'image/jpeg', bytes: 120_000, originalName: `IMG_${slot}.jpg` });

/** A request as the storefront records it, through the decider. */
const submitted = (kind: SubmissionKind, submissionId: string, submittedAt: string, request: Omit<SellCarSubmitted['data'], 'submissionId' | 'submittedAt'>) =>
  decideSubmission({ type: 'Submit', kind, data: { submissionId, submittedAt, ...request } }, initialSubmissionState)[0]!;

const sellCarSubmitted = submitted('sell-car', sellCar, '2026-11-01T09:00:00.000Z', {
  personalInfo: { fullName: 'Emeka Nwosu', phoneNumber: '+234 803 555 0104', email: 'emeka@example.ng' },
  vehicleInfo: { make: 'Toyota', model: 'Camry', year: '2019', odometer: '85000', fuelType: 'petrol', transmission: 'automatic', vin: '4T1B11HK5KU123456', knownIssues: 'Scratched bumper', underFinance: false, askingPrice: '12000000' },
  photos: [photo('front', 'Front View'), photo('rear', 'Rear View')],
});
const tradeInSubmitted = submitted('trade-in', tradeIn, '2026-11-01T10:00:00.000Z', {
  personalInfo: { fullName: 'Amaka Obi', phoneNumber: '+234 803 555 0105', email: 'amaka@example.ng' },
  vehicleInfo: { make: 'Honda', model: 'Accord', year: '2017', odometer: '120000', fuelType: 'petrol', transmission: 'manual', vin: null, knownIssues: null, underFinance: true, askingPrice: null },
  photos: [photo('front', 'Front')],
  language: 'fr',
  legacyStatusTokenDigest: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
});
const { statusChanged, noteAdded } = followUpEventsOf('Submission', { submissionId: sellCar });
const reviewed: SubmissionEvent = statusChanged('pending', 'reviewed', '2026-11-02T09:00:00.000Z');
const offered: SubmissionEvent = { type: 'SubmissionOfferedValueSet', data: { submissionId: sellCar, offeredValue: { amountMinor: 1_150_000_000, currency: 'NGN' }, setAt: '2026-11-02T09:05:00.000Z' } };
const noted: SubmissionEvent = noteAdded('Inspection booked', '2026-11-02T09:10:00.000Z');
const processed: SubmissionEvent = {
  type: 'SubmissionPhotosProcessed',
  data: {
    submissionId: sellCar,
    photos: [
      { slot: 'front', label: 'Front View', state: 'ready', storedName: 'front-1600.jpg', thumbnailName: 'front-320.jpg', width: 1600, height: 1200, bytes: 300_000 },
      { slot: 'rear', label: 'Rear View', state: 'unreadable', reason: 'undecodable' },
    ],
    processedAt: '2026-11-01T09:00:05.000Z',
  },
};
const estimated: SubmissionEvent = { type: 'SubmissionEstimatedValueSet', data: { submissionId: tradeIn, estimatedValue: { amountMinor: 800_000_000, currency: 'NGN' }, setAt: '2026-11-02T11:00:00.000Z' } };
const estimateWithdrawn: SubmissionEvent = { type: 'SubmissionEstimatedValueSet', data: { submissionId: tradeIn, estimatedValue: null, setAt: '2026-11-02T12:00:00.000Z' } };
const deleted: SubmissionEvent = { type: 'SubmissionDeleted', data: { submissionId: sellCar, deletedAt: '2026-11-04T09:00:00.000Z' } };
const erased: SubmissionEvent = { type: 'SubmissionPhotosErased', data: { submissionId: sellCar, erasedAt: '2026-11-04T09:00:10.000Z' } };
// The owner answered our WhatsApp message.
const ownerReply = whatsappReplyOf('Submission', { submissionId: sellCar }, 'Tuesday suits me for the inspection', '2026-11-02T09:20:00.000Z');
const ownerReplied: SubmissionEvent = ownerReply.replied;

describe('submissions projection', () => {
  const { given } = projectionSpec(submissionsProjection);

  it("lists both kinds as pending, with their photos processing until the photo processor's copies are made", async () => {
    await given(inStream(sellCarStream, [sellCarSubmitted]), inStream(tradeInStream, [tradeInSubmitted]))
      .then({
        submissions: [
          {
            id: sellCar,
            kind: 'sell-car',
            submitted_at: '2026-11-01T09:00:00.000Z',
            full_name: 'Emeka Nwosu',
            phone_number: '+234 803 555 0104',
            email: 'emeka@example.ng',
            make: 'Toyota',
            model: 'Camry',
            year: '2019',
            odometer: '85000',
            fuel_type: 'petrol',
            transmission: 'automatic',
            vin: '4T1B11HK5KU123456',
            known_issues: 'Scratched bumper',
            under_finance: false,
            asking_price: '12000000',
            language: 'en',
            status: 'pending',
            last_updated: null,
            value_minor: null,
            notes: [],
            photos: [
              { slot: 'front', label: 'Front View', state: 'processing' },
              { slot: 'rear', label: 'Rear View', state: 'processing' },
            ],
            status_token_hash: null,
            version: 1,
            global_position: 1,
          },
          {
            id: tradeIn,
            kind: 'trade-in',
            full_name: 'Amaka Obi',
            vin: null,
            known_issues: null,
            under_finance: true,
            asking_price: null,
            language: 'fr',
            status: 'pending',
            photos: [{ slot: 'front', label: 'Front', state: 'processing' }],
            status_token_hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
            version: 1,
            global_position: 2,
          },
        ],
      });
  });

  it("records the status, the offered or estimated value (and its withdrawal), notes with who wrote them, and the processed photos", async () => {
    await given(inStream(sellCarStream, [sellCarSubmitted]), inStream(tradeInStream, [tradeInSubmitted]))
      .when(inStream(sellCarStream, [processed], { kind: 'system', name: 'photo-processor' }))
      .when(inStream(sellCarStream, [reviewed, offered, noted], staff), inStream(tradeInStream, [estimated], staff))
      .when(inStream(tradeInStream, [estimateWithdrawn], staff))
      .then({
        submissions: [
          {
            id: sellCar,
            status: 'reviewed',
            value_minor: 1_150_000_000,
            notes: [{ text: 'Inspection booked', at: '2026-11-02T09:10:00.000Z', by: 'ops@autobest.test' }],
            photos: [
              { slot: 'front', label: 'Front View', state: 'ready', storedName: 'front-1600.jpg', thumbnailName: 'front-320.jpg', width: 1600, height: 1200, bytes: 300_000 },
              { slot: 'rear', label: 'Rear View', state: 'unreadable', reason: 'undecodable' },
            ],
            last_updated: '2026-11-02T09:10:00.000Z',
            version: 5,
          },
          { id: tradeIn, status: 'pending', value_minor: null, last_updated: '2026-11-02T12:00:00.000Z', version: 3 },
        ],
      });
  });

  it("keeps the owner's WhatsApp reply as a note after staff's, signed as the customer's", async () => {
    await given(inStream(sellCarStream, [sellCarSubmitted]))
      .when(inStream(sellCarStream, [reviewed, noted], staff))
      .when(inStream(sellCarStream, [ownerReplied]))
      .then({
        submissions: [
          {
            id: sellCar,
            status: 'reviewed',
            notes: [{ text: 'Inspection booked', at: '2026-11-02T09:10:00.000Z', by: 'ops@autobest.test' }, ownerReply.note],
            last_updated: '2026-11-02T09:20:00.000Z',
            version: 4,
          },
        ],
      });
  });

  it('removes a deleted request, and its photos erased afterwards bring nothing back', async () => {
    await given(inStream(sellCarStream, [sellCarSubmitted, reviewed]), inStream(tradeInStream, [tradeInSubmitted]))
      .when(inStream(sellCarStream, [deleted], staff))
      .when(inStream(sellCarStream, [erased], { kind: 'system', name: 'photo-processor' }))
      .then({ submissions: [{ id: tradeIn, status: 'pending' }] });
  });

  it('rebuilds the rows it kept live', async () => {
    await given(inStream(sellCarStream, [sellCarSubmitted]))
      .when(inStream(tradeInStream, [tradeInSubmitted]), inStream(sellCarStream, [processed, reviewed], staff))
      .when(inStream(sellCarStream, [offered, noted], staff), inStream(tradeInStream, [estimated], staff))
      .when(inStream(sellCarStream, [ownerReplied]))
      .thenRebuildGivesTheSameRows();
  });
});
