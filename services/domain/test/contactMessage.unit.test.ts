import { describe, expect, it } from 'vitest';
import {
  ContactMessageInputSchema,
  decideContactMessage,
  foldContactMessage,
  FollowUpStatusRefused,
  initialContactMessageState,
  languageOf,
  validate,
  type ContactMessageEvent,
  type FollowUpStatus,
  type Validated,
} from '../src/index';

/** What the form shows under each field: the English of each field's message. */
const shown = (result: Validated<unknown>) => (result.ok ? result : { ok: false, fields: Object.fromEntries(Object.entries(result.fields).map(([field, { message }]) => [field, message])) });

const valid = {
  firstName: 'Amaka',
  lastName: 'Eze',
  email: 'amaka.eze@example.ng',
  phone: '+234 (0) 803-555-0123',
  message: 'I would like a test drive of the BYD Atto 3.',
};

describe('ContactMessageInputSchema', () => {
  it('accepts the spec fields and trims them', () => {
    expect(validate(ContactMessageInputSchema, { ...valid, firstName: '  Amaka ' })).toEqual({ ok: true, value: valid });
  });

  it.each([
    [{ firstName: '' }, { firstName: 'First name is required' }],
    [{ lastName: undefined }, { lastName: 'Last name is required' }],
    [{ email: ' ' }, { email: 'Email is required' }],
    [{ email: 'amaka@' }, { email: 'Please enter a valid email address' }],
    [{ email: 'amaka eze@example.ng' }, { email: 'Please enter a valid email address' }],
    [{ phone: '' }, { phone: 'Phone number is required' }],
    [{ phone: '080355' }, { phone: 'Please enter a valid phone number' }],
    [{ phone: '0803 555 012a' }, { phone: 'Please enter a valid phone number' }],
    [{ message: '' }, { message: 'Message is required' }],
    [{ message: 'x'.repeat(5001) }, { message: 'Message must be at most 5000 characters' }],
  ])('rejects %j with the message the form shows', (change, fields) => {
    expect(shown(validate(ContactMessageInputSchema, { ...valid, ...change }))).toEqual({ ok: false, fields });
  });

  it('accepts the phone shapes the spec allows', () => {
    for (const phone of ['08035550123', '+2348035550123', '0803 555 0123', '(0803) 555-0123']) {
      expect(validate(ContactMessageInputSchema, { ...valid, phone }).ok, phone).toBe(true);
    }
  });

  it('takes the site language the visitor used, one of the four, and leaves it out when not sent', () => {
    for (const language of ['en', 'fr', 'ar', 'sw']) expect(validate(ContactMessageInputSchema, { ...valid, language })).toEqual({ ok: true, value: { ...valid, language } });
    expect(validate(ContactMessageInputSchema, valid)).toEqual({ ok: true, value: valid });
    expect(shown(validate(ContactMessageInputSchema, { ...valid, language: 'de' }))).toEqual({ ok: false, fields: { language: 'Language must be one of: en, fr, ar, sw' } });
    expect(languageOf({ language: 'fr' })).toBe('fr');
    expect(languageOf({})).toBe('en');
  });

  it('drops fields it does not know', () => {
    const result = validate(ContactMessageInputSchema, { ...valid, role: 'admin' });
    expect(result.ok && 'role' in result.value).toBe(false);
  });
});

describe('decideContactMessage', () => {
  const contactMessageId = '3f1b2c4d-0000-4000-8000-000000000001';
  const command = { type: 'ReceiveContactMessage' as const, contactMessageId, input: { ...valid, language: 'fr' as const }, now: new Date('2026-11-22T10:00:00Z') };
  const received: ContactMessageEvent[] = decideContactMessage(command, initialContactMessageState);
  const changeTo = (status: FollowUpStatus) => ({ type: 'ChangeStatus' as const, status, now: new Date('2026-11-22T11:00:00Z') });
  const given = (events: ContactMessageEvent[]) => foldContactMessage(events);

  it('given a new stream, when a message is received, then ContactMessageReceived carries it with its language, and it is new', () => {
    expect(received).toEqual([
      {
        type: 'ContactMessageReceived',
        data: { ...valid, language: 'fr', contactMessageId, receivedAt: '2026-11-22T10:00:00.000Z' },
      },
    ]);
    expect(given(received)).toEqual({ contactMessageId, status: 'new' });
  });

  it('given the message was received, when it arrives again, then it is refused', () => {
    expect(() => decideContactMessage(command, given(received))).toThrow(expect.objectContaining({ name: 'AlreadyExists', kind: 'contact-message' }));
  });

  it('given no message, when staff follow it up, then it is not found', () => {
    expect(() => decideContactMessage(changeTo('contacted'), initialContactMessageState)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'contact-message' }));
    expect(() => decideContactMessage({ type: 'AddNote', text: 'x', now: new Date() }, initialContactMessageState)).toThrow(expect.objectContaining({ name: 'NotFound', kind: 'contact-message' }));
  });

  it('given a new message, when staff mark it contacted, add a note, then close it, then each is an event and the status follows', () => {
    const contacted = decideContactMessage(changeTo('contacted'), given(received));
    expect(contacted).toEqual([
      { type: 'ContactMessageStatusChanged', data: { contactMessageId, from: 'new', to: 'contacted', changedAt: '2026-11-22T11:00:00.000Z' } },
    ]);
    const note = decideContactMessage({ type: 'AddNote', text: 'Replied by email', now: new Date('2026-11-22T11:05:00Z') }, given([...received, ...contacted]));
    expect(note).toEqual([{ type: 'ContactMessageNoteAdded', data: { contactMessageId, text: 'Replied by email', addedAt: '2026-11-22T11:05:00.000Z' } }]);
    const past = [...received, ...contacted, ...note];
    expect(given(past).status).toBe('contacted');
    const closed = decideContactMessage(changeTo('closed'), given(past));
    expect(given([...past, ...closed]).status).toBe('closed');
  });

  it('given a message staff answered, when moved back to new, then it is refused; asking for its status again changes nothing', () => {
    const past = [...received, ...decideContactMessage(changeTo('closed'), given(received))];
    expect(() => decideContactMessage(changeTo('new'), given(past))).toThrow(FollowUpStatusRefused);
    expect(decideContactMessage(changeTo('closed'), given(past))).toEqual([]);
  });
});
