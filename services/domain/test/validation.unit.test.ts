import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContactMessageInputSchema, domainMessage, refusedText, textProblem, validate, withCleanText } from '../src/index';

describe('textProblem', () => {
  it.each([
    ['\u0000', 'controlCharacters'],
    ['Amaka\u0000', 'controlCharacters'],
    ['\u0007', 'controlCharacters'],
    ['\u001b[31m', 'controlCharacters'],
    ['\u000b', 'controlCharacters'],
    ['\ud800', 'notUnicode'],
    ['a\udfffb', 'notUnicode'],
    ['\udfff\ud800', 'notUnicode'],
  ])('refuses %j in any field', (text, message) => {
    expect(textProblem(text)).toBe(message);
    expect(textProblem(text, { oneLine: true })).toBe(message);
  });

  it('keeps tabs and line breaks in free text only', () => {
    for (const text of ['line\nbreak', 'tab\there', 'windows\r\nline']) {
      expect(textProblem(text)).toBeUndefined();
      expect(textProblem(text, { oneLine: true })).toBe('oneLine');
    }
  });

  it('accepts every script, emoji (surrogate pairs) and punctuation a person types', () => {
    for (const text of ['Ọlá Adébáyọ̀', 'عبد الله', 'Nyumba ya 🚗 yangu', '€ 1,000.50 — “quoted”', '\u202e', '']) {
      expect(textProblem(text, { oneLine: true }), text).toBeUndefined();
    }
  });
});

describe('refusedText', () => {
  it('names the path of every refused string and object key', () => {
    const input = { name: 'ok', details: { colour: 'red\u0000', 'bad\nkey': 1 }, list: ['fine', '\ud800'] };
    expect(refusedText(input)).toEqual([
      { path: ['details', 'colour'], message: 'controlCharacters' },
      { path: ['details', 'bad\nkey'], message: 'oneLine' },
      { path: ['list', 1], message: 'notUnicode' },
    ]);
  });

  it('walks input nested far deeper than the call stack', () => {
    let nested: unknown = 'deep\u0000';
    for (let level = 0; level < 100_000; level++) nested = [nested];
    const [found] = refusedText(nested);
    expect(found?.path).toHaveLength(100_000);
  });
});

describe('withCleanText and validate', () => {
  it('refuses bad text at its field before the schema runs, and passes good input to the schema', () => {
    const schema = withCleanText(z.object({ name: z.string(), count: z.number() }));
    const refused = schema.safeParse({ name: 'Ngozi\u0000', count: 'not a number' });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['name'], 'controlCharacters']]);
    expect(schema.parse({ name: 'Ngozi', count: 1 })).toEqual({ name: 'Ngozi', count: 1 });
  });

  it('holds form fields to one line while a message keeps its line breaks', () => {
    const valid = { firstName: 'Amaka', lastName: 'Eze', email: 'amaka@example.ng', phone: '08035550123', message: 'Hello,\nI would like a test drive.' };
    expect(validate(ContactMessageInputSchema, valid).ok).toBe(true);
    expect(validate(ContactMessageInputSchema, { ...valid, firstName: 'Ama\nka' })).toEqual({ ok: false, fields: { firstName: domainMessage('oneLine') } });
    expect(validate(ContactMessageInputSchema, { ...valid, phone: '0803555\n0123' })).toEqual({ ok: false, fields: { phone: domainMessage('oneLine') } });
    expect(validate(ContactMessageInputSchema, { ...valid, message: 'Hello\u0000' })).toEqual({ ok: false, fields: { message: domainMessage('controlCharacters') } });
  });
});
