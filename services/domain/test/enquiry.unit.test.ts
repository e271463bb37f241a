import { describe, expect, it } from 'vitest';
import {
  decideEnquiry,
  ENQUIRY_KIND_LABELS,
  ENQUIRY_KINDS,
  PUBLIC_ENQUIRY_KINDS,
  EnquiryInputSchema,
  foldEnquiry,
  FollowUpStatusRefused,
  initialEnquiryState,
  validate,
  type EnquiryEvent,
  type FollowUpStatus,
  type Validated,
} from '../src/index';

/** What the form shows under each field: the English of each field's message. */
const shown = (result: Validated<unknown>) => (result.ok ? result : { ok: false, fields: Object.fromEntries(Object.entries(result.fields).map(([field, { message }]) => [field, message])) });

const valid = {
  kind: 'deal',
  fullName: 'Tunde Bakare',
  phone: '+234 803 555 0142',
  subject: 'Chery Tiggo 8 Pro 2024 deal',
};

describe('EnquiryInputSchema', () => {
  it('accepts the required fields alone and trims them', () => {
    expect(validate(EnquiryInputSchema, { ...valid, fullName: '  Tunde Bakare ' })).toEqual({ ok: true, value: valid });
  });

  it('accepts every optional field, with details of text and numbers', () => {
    const full = {
      ...valid,
      kind: 'rental',
      email: 'tunde@example.ng',
      message: 'Airport pick-up, please.',
      preferredDate: '2026-12-24',
      details: { car: 'Toyota Hilux', days: 3, estimateNgn: 255000 },
      sourcePath: '/rent-lease',
    };
    expect(validate(EnquiryInputSchema, full)).toEqual({ ok: true, value: full });
  });

  it('leaves out optional fields sent blank, as forms send them', () => {
    const result = validate(EnquiryInputSchema, { ...valid, email: ' ', message: '', preferredDate: '', sourcePath: '' });
    expect(result).toEqual({ ok: true, value: valid });
  });

  it('knows the five kinds and their labels', () => {
    expect(ENQUIRY_KINDS.map((kind) => ENQUIRY_KIND_LABELS[kind])).toEqual(['Deal', 'Rental', 'Lease', 'Service booking', 'Insurance quote', 'Landed cost quote']);
    for (const kind of PUBLIC_ENQUIRY_KINDS) expect(validate(EnquiryInputSchema, { ...valid, kind }).ok, kind).toBe(true);
  });

  it.each([
    [{ kind: 'test-drive' }, { kind: 'Enquiry kind must be one of: deal, rental, lease, service-booking, insurance-quote' }],
    [{ kind: undefined }, { kind: 'Enquiry kind must be one of: deal, rental, lease, service-booking, insurance-quote' }],
    [{ fullName: '' }, { fullName: 'Full name is required' }],
    [{ fullName: undefined }, { fullName: 'Full name is required' }],
    [{ fullName: 'x'.repeat(101) }, { fullName: 'Full name must be at most 100 characters' }],
    [{ phone: '  ' }, { phone: 'Phone number is required' }],
    [{ phone: '080355' }, { phone: 'Please enter a valid phone number' }],
    [{ phone: 'call me on 0803' }, { phone: 'Please enter a valid phone number' }],
    [{ email: 'tunde@' }, { email: 'Please enter a valid email address' }],
    [{ email: 'tunde bakare@example.ng' }, { email: 'Please enter a valid email address' }],
    [{ subject: '' }, { subject: 'Please say what your enquiry is about' }],
    [{ subject: 'x'.repeat(201) }, { subject: 'Subject must be at most 200 characters' }],
    [{ message: 'x'.repeat(2001) }, { message: 'Message must be at most 2000 characters' }],
    [{ preferredDate: '24/12/2026' }, { preferredDate: 'Please choose a valid date' }],
    [{ preferredDate: '2026-02-30' }, { preferredDate: 'Please choose a valid date' }],
    [{ details: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }, { details: 'At most 20 details' }],
    [{ details: { ['k'.repeat(41)]: 1 } }, { details: 'Detail names must be 1 to 40 characters' }],
    [{ details: { plan: 'x'.repeat(201) } }, { 'details.plan': 'Detail values must be at most 200 characters' }],
    [{ details: { plan: { nested: true } } }, { 'details.plan': 'Detail values must be text or numbers' }],
    [{ sourcePath: '/'.repeat(201) }, { sourcePath: 'Source path must be at most 200 characters' }],
  ])('rejects %j with the message the form shows', (change, fields) => {
    expect(shown(validate(EnquiryInputSchema, { ...valid, ...change }))).toEqual({ ok: false, fields });
  });

  it('accepts exactly 20 details with 40-character names', () => {
    const details = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${i}`.padStart(40, 'k'), 'x'.repeat(200)]));
    expect(validate(EnquiryInputSchema, { ...valid, details }).ok).toBe(true);
  });

  it('drops fields it does not know', () => {
    const result = validate(EnquiryInputSchema, { ...valid, status: 'closed', enquiryId: 'mine' });
    expect(result.ok && ('status' in result.value || 'enquiryId' in result.value)).toBe(false);
  });
});

describe('decideEnquiry', () => {
  const enquiryId = '3f1b2c4d-0000-4000-8000-00000000e001';
  const receive = { type: 'ReceiveEnquiry' as const, enquiryId, input: { ...valid, kind: 'deal' as const }, now: new Date('2026-11-22T10:00:00Z') };
  const received: EnquiryEvent[] = decideEnquiry(receive, initialEnquiryState);
  const changeTo = (status: FollowUpStatus) => ({ type: 'ChangeStatus' as const, status, now: new Date('2026-11-22T11:00:00Z') });
  const given = (events: EnquiryEvent[]) => foldEnquiry(events);

  it('given a new stream, when an enquiry is received, then EnquiryReceived carries it', () => {
    expect(received).toEqual([
      { type: 'EnquiryReceived', data: { ...valid, enquiryId, receivedAt: '2026-11-22T10:00:00.000Z' } },
    ]);
    expect(given(received)).toEqual({ enquiryId, status: 'new' });
  });

  it('given it was received, when it arrives again, then it is refused', () => {
    expect(() => decideEnquiry(receive, given(received))).toThrow(expect.objectContaining({ name: 'AlreadyExists', kind: 'enquiry' }));
  });

  it('given no enquiry, when staff change its status, then it is not found', () => {
    expect(() => decideEnquiry(changeTo('contacted'), initialEnquiryState)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'enquiry' }));
  });

  it('given a new enquiry, when staff mark it contacted, then EnquiryStatusChanged from new to contacted', () => {
    expect(decideEnquiry(changeTo('contacted'), given(received))).toEqual([
      { type: 'EnquiryStatusChanged', data: { enquiryId, from: 'new', to: 'contacted', changedAt: '2026-11-22T11:00:00.000Z' } },
    ]);
  });

  it.each([
    ['new', 'closed'],
    ['contacted', 'closed'],
    ['closed', 'contacted'],
  ] as const)('given status %s, when changed to %s, then one event records the move', (from, to) => {
    const past = from === 'new' ? received : [...received, ...decideEnquiry(changeTo(from), given(received))];
    const events = decideEnquiry(changeTo(to), given(past));
    expect(events).toEqual([{ type: 'EnquiryStatusChanged', data: expect.objectContaining({ from, to }) }]);
    expect(given([...past, ...events]).status).toBe(to);
  });

  it.each(['contacted', 'closed'] as const)('given status %s, when moved back to new, then it is refused', (from) => {
    const past = [...received, ...decideEnquiry(changeTo(from), given(received))];
    expect(() => decideEnquiry(changeTo('new'), given(past))).toThrow(FollowUpStatusRefused);
  });

  it('given an enquiry, when staff add a note, then EnquiryNoteAdded carries it and the status stays', () => {
    const note = decideEnquiry({ type: 'AddNote', text: 'Called, will send the contract', now: new Date('2026-11-22T12:00:00Z') }, given(received));
    expect(note).toEqual([{ type: 'EnquiryNoteAdded', data: { enquiryId, text: 'Called, will send the contract', addedAt: '2026-11-22T12:00:00.000Z' } }]);
    expect(given([...received, ...note])).toEqual({ enquiryId, status: 'new' });
  });

  it.each(['new', 'contacted', 'closed'] as const)('given status %s, when set to %s again, then nothing happens', (status) => {
    const past = status === 'new' ? received : [...received, ...decideEnquiry(changeTo(status), given(received))];
    expect(decideEnquiry(changeTo(status), given(past))).toEqual([]);
  });
});
