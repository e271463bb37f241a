import { describe, expect, it } from 'vitest';
import { isStopReply, whatsappNumber } from '../src/whatsapp';

describe('whatsappNumber: the phone a form took, as the Cloud API wants it (E.164 digits)', () => {
  it.each([
    ['0803 555 0142', '2348035550142'],
    ['0803-555-0142', '2348035550142'],
    ['(0803) 555 0142', '2348035550142'],
    ['+234 803 555 0142', '2348035550142'],
    ['234 803 555 0142', '2348035550142'],
    ['00234 803 555 0142', '2348035550142'],
    // The trunk 0 people keep after the country code is not dialled from abroad.
    ['+234 (0) 803 555 0142', '2348035550142'],
    ['+234(0)8035550142', '2348035550142'],
    ['+234 0803 555 0142', '2348035550142'],
    ['00234 0803 555 0142', '2348035550142'],
    ['+44 (0)20 7946 0958', '442079460958'],
    ['+254 712 345 678', '254712345678'],
    ['  +233 24 123 4567  ', '233241234567'],
  ])('%s is %s', (typed, e164) => {
    expect(whatsappNumber(typed)).toBe(e164);
  });

  it.each(['', 'not a phone', '+1', '0803 555 014', `+${'1'.repeat(16)}`, '+0 803 555 0142'])('%j is no number to write to', (typed) => {
    expect(whatsappNumber(typed)).toBeNull();
  });
});

describe('isStopReply', () => {
  it('is STOP alone, in any case, with spaces or a full stop, and nothing else', () => {
    for (const text of ['STOP', 'stop', ' Stop. ', 'STOP!']) expect(isStopReply(text)).toBe(true);
    for (const text of ['Please stop by on Monday', 'stopp', 'don’t stop', '']) expect(isStopReply(text)).toBe(false);
  });
});
