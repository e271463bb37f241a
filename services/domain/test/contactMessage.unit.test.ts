import { describe, expect, it } from 'vitest';
import {
  ContactMessageAlreadyReceived,
  ContactMessageInputSchema,
  decideContactMessage,
  validate,
  type ContactMessageEvent,
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

  it('drops fields it does not know', () => {
    const result = validate(ContactMessageInputSchema, { ...valid, role: 'admin' });
    expect(result.ok && 'role' in result.value).toBe(false);
  });
});

describe('decideContactMessage', () => {
  const command = {
    type: 'ReceiveContactMessage' as const,
    contactMessageId: '3f1b2c4d-0000-4000-8000-000000000001',
    input: valid,
    now: new Date('2026-11-22T10:00:00Z'),
  };

  it('given a new stream, when a message is received, then ContactMessageReceived carries it', () => {
    expect(decideContactMessage(command, [])).toEqual([
      {
        type: 'ContactMessageReceived',
        data: { ...valid, contactMessageId: command.contactMessageId, receivedAt: '2026-11-22T10:00:00.000Z' },
      },
    ]);
  });

  it('given the message was received, when it arrives again, then it is refused', () => {
    const past: ContactMessageEvent[] = decideContactMessage(command, []);
    expect(() => decideContactMessage(command, past)).toThrow(ContactMessageAlreadyReceived);
  });
});
