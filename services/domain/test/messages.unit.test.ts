import { describe, expect, it } from 'vitest';
import {
  ChangeFollowUpStatusSchema,
  ContactMessageInputSchema,
  EnquiryInputSchema,
  fieldErrorsOf,
  isMessageCode,
  MESSAGES,
  renderMessage,
  ReservationSchema,
  SellCarFieldsSchema,
  TradeInFieldsSchema,
  validate,
  VehicleSchema,
} from '../src/index';

describe('the message catalogue', () => {
  it('fills placeholders, joins lists, and leaves a missing value visible', () => {
    expect(renderMessage('tooLong', { max: 60 })).toBe('Must be at most 60 characters');
    expect(renderMessage('tradeInPhotosRequired', { labels: ['Front', 'Rear'] })).toBe('Please upload images for: Front, Rear');
    expect(renderMessage('fieldTooLong', { label: 'Message' })).toBe('Message must be at most {max} characters');
  });

  // A schema that names a code the catalogue lacks would send the code itself to a person as if it were English.
  it.each([
    ['contact', ContactMessageInputSchema, {}],
    ['enquiry', EnquiryInputSchema, { kind: 'x', email: 'no', preferredDate: 'soon', details: { plan: { nested: true } } }],
    ['enquiry status', ChangeFollowUpStatusSchema, { status: 'x' }],
    ['sell-car', SellCarFieldsSchema, {}],
    ['sell-car, too long and on two lines', SellCarFieldsSchema, { fullName: 'x'.repeat(201), model: 'a\nb', phoneNumber: '12', email: 'x' }],
    ['trade-in', TradeInFieldsSchema, { year: '1800' }],
    ['reservation', ReservationSchema, { name: '', phone: '1' }],
    ['vehicle', VehicleSchema, { id: 'a b', year: 1990, price: -1, images: [], specifications: [] }],
  ])('every field the %s form refuses gets a message from the catalogue', (_form, schema, input) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success).toBe(false);
    for (const issue of parsed.error!.issues) {
      if (issue.path.some((key) => typeof key === 'number')) continue; // inside a list of sub-records: zod's own wording
      expect(isMessageCode(issue.message), `${issue.path.join('.')}: ${issue.message}`).toBe(true);
    }
  });

  it('gives each field its code, values and English', () => {
    const refused = validate(ContactMessageInputSchema, { firstName: 'x'.repeat(101), lastName: 'Eze', email: 'a@b.ng', phone: '08035550123', message: 'Hi' });
    expect(refused).toEqual({
      ok: false,
      fields: { firstName: { code: 'fieldTooLong', params: { label: 'First name', max: 100 }, message: 'First name must be at most 100 characters' } },
    });
    const sell = SellCarFieldsSchema.safeParse({ fullName: 'x'.repeat(201) });
    expect(fieldErrorsOf(sell.error!)['fullName']).toEqual({ code: 'tooLong', params: { max: 200 }, message: MESSAGES.tooLong.replace('{max}', '200') });
    const status = ChangeFollowUpStatusSchema.safeParse({ status: 'pending' });
    expect(fieldErrorsOf(status.error!)['status']).toEqual({ code: 'followUpStatusInvalid', params: { values: ['new', 'contacted', 'closed'] }, message: 'Status must be one of: new, contacted, closed' });
  });

  it('keeps what zod words itself as English under the code "invalid"', () => {
    const parsed = VehicleSchema.safeParse({ rating: 'five' });
    expect(fieldErrorsOf(parsed.error!)['rating']).toMatchObject({ code: 'invalid', message: expect.stringMatching(/number/) });
  });
});
