import { describe, expect, it } from 'vitest';
import { emailKey, greetingName, phoneKey } from '../src/index';

describe('one person, written several ways', () => {
  it.each([
    ['Ada.Obi+cars@GMail.com ', 'adaobi@gmail.com'],
    ['a.d.a.obi@googlemail.com', 'adaobi@gmail.com'],
    ['ada.obi+1@example.ng', 'ada.obi@example.ng'],
    ['Ada.Obi@Example.NG', 'ada.obi@example.ng'],
    // A fully qualified domain, whatever its case, is the same mailbox: not a new budget (issue 36).
    ['victim@gmail.com.', 'victim@gmail.com'],
    ['victim@GMAIL.com', 'victim@gmail.com'],
    ['Victim+x@GoogleMail.COM..', 'victim@gmail.com'],
    ['ada@Example.NG.', 'ada@example.ng'],
  ])('email %j → %j', (email, key) => {
    expect(emailKey(email)).toBe(key);
  });

  it.each([
    ['+234 803 555 0142', '2348035550142'],
    ['00234-803-555-0142', '2348035550142'],
    ['(0803) 555 0142', '08035550142'],
  ])('phone %j → %j', (phone, key) => {
    expect(phoneKey(phone)).toBe(key);
  });
});

describe('the name rules for a greeting', () => {
  it.each([
    ['  Ada   Obi ', 'Ada Obi'],
    ["Ngozi O'Neil-Eze", "Ngozi O'Neil-Eze"],
    ['Dr. Ama Mensah', 'Dr. Ama Mensah'],
    ['محمد الأمين', 'محمد الأمين'],
    ['Zoë Ñúñez', 'Zoë Ñúñez'],
  ])('%j is greeted as %j', (name, greeted) => {
    expect(greetingName(name)).toBe(greeted);
  });

  it.each([
    'Click http://evil.test/claim to claim your prize',
    'evil.test',
    'Ada www.evil.test',
    'ada@evil.test',
    'Ada\r\nBcc: victim@example.ng',
    'Call 0803 555 0142',
    'Ada\u202Eevil',
    'Ada\u200Bevil',
    'One two three four five six seven',
    'A'.repeat(61),
    '',
  ])('%j is not', (name) => {
    expect(greetingName(name)).toBeNull();
  });
});
