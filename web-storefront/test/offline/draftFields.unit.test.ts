import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, restoredFields, textDraft } from '../../src/offline/draft/draftFields';

const EMPTY = { firstName: '', message: '' };

describe('the draft of a form without photos (contact, reservation, enquiry)', () => {
  it('keeps the fields and the Idempotency-Key, with no consent and no photos', () => {
    const values = { firstName: 'Amaka', message: 'Is the Venza still there?' };
    const draft = textDraft(values, 'key-12345678');
    expect(draft).toEqual({ values, consent: false, photos: {}, idempotencyKey: 'key-12345678' });
    // A copy: typing on after the snapshot does not change what was kept.
    values.firstName = 'Changed';
    expect(draft.values['firstName']).toBe('Amaka');
  });

  it("restores only the form's own fields, as strings, and leaves a missing one empty", () => {
    const kept = { firstName: 'Amaka', isAdmin: 'true', message: 42 as unknown as string };
    expect(restoredFields(EMPTY, kept)).toEqual({ firstName: 'Amaka', message: '' });
    expect(restoredFields(EMPTY, {})).toEqual(EMPTY);
  });

  it('makes a new key each time, in the form the API takes', () => {
    const [a, b] = [newIdempotencyKey(), newIdempotencyKey()];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });
});
