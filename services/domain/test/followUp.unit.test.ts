import { describe, expect, it } from 'vitest';
import {
  AddNoteSchema,
  ChangeFollowUpStatusSchema,
  decideFollowUp,
  FOLLOW_UP_STATUSES,
  FollowUpStatusRefused,
  isAllowedFollowUpMove,
  validate,
  type FollowUpStatus,
} from '../src/index';

const now = new Date('2026-11-22T11:00:00Z');
const changeTo = (status: FollowUpStatus) => ({ type: 'ChangeStatus' as const, status, now });

describe('decideFollowUp', () => {
  it.each([
    ['new', 'contacted'],
    ['new', 'closed'],
    ['contacted', 'closed'],
    ['closed', 'contacted'],
  ] as const)('moves %s to %s, saying when', (from, to) => {
    expect(decideFollowUp(changeTo(to), from)).toEqual({ type: 'StatusChanged', from, to, at: '2026-11-22T11:00:00.000Z' });
  });

  it.each(FOLLOW_UP_STATUSES)('changes nothing when %s is asked for again', (status) => {
    expect(decideFollowUp(changeTo(status), status)).toBeNull();
  });

  it.each(['contacted', 'closed'] as const)('refuses to move %s back to new, with a code and a sentence that say why', (from) => {
    let refused: unknown;
    try {
      decideFollowUp(changeTo('new'), from);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(FollowUpStatusRefused);
    expect((refused as FollowUpStatusRefused).refusal).toEqual({ code: 'followUpBackToNew', params: { from }, message: `A ${from} request cannot go back to new` });
  });

  it('agrees with isAllowedFollowUpMove for every pair (the console greys out the same moves)', () => {
    for (const from of FOLLOW_UP_STATUSES) {
      for (const to of FOLLOW_UP_STATUSES) {
        if (from === to) continue;
        const allowed = isAllowedFollowUpMove(from, to);
        if (allowed) expect(decideFollowUp(changeTo(to), from)).toMatchObject({ from, to });
        else expect(() => decideFollowUp(changeTo(to), from)).toThrow(FollowUpStatusRefused);
      }
    }
  });

  it('adds a note whatever the status', () => {
    for (const status of FOLLOW_UP_STATUSES) {
      expect(decideFollowUp({ type: 'AddNote', text: 'Called, no answer', now }, status)).toEqual({ type: 'NoteAdded', text: 'Called, no answer', at: '2026-11-22T11:00:00.000Z' });
    }
  });
});

describe('the follow-up schemas', () => {
  const fields = (result: ReturnType<typeof validate>) => (result.ok ? {} : Object.fromEntries(Object.entries(result.fields).map(([field, { code, message }]) => [field, { code, message }])));

  it('names the statuses when given another', () => {
    expect(fields(validate(ChangeFollowUpStatusSchema, { status: 'pending' }))).toEqual({
      status: { code: 'followUpStatusInvalid', message: 'Status must be one of: new, contacted, closed' },
    });
  });

  it('takes a note of up to 5000 characters, trimmed, keeping its line breaks', () => {
    expect(validate(AddNoteSchema, { text: '  Called.\nWill call back Monday.  ' })).toEqual({ ok: true, value: { text: 'Called.\nWill call back Monday.' } });
    expect(validate(AddNoteSchema, { text: 'x'.repeat(5000) }).ok).toBe(true);
    expect(fields(validate(AddNoteSchema, { text: 'x'.repeat(5001) }))).toEqual({ text: { code: 'noteTooLong', message: 'A note is at most 5000 characters' } });
    expect(fields(validate(AddNoteSchema, { text: '   ' }))).toEqual({ text: { code: 'noteRequired', message: 'Note text is required' } });
    expect(fields(validate(AddNoteSchema, {}))).toEqual({ text: { code: 'noteRequired', message: 'Note text is required' } });
  });
});
